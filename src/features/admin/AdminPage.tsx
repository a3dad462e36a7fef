import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../ui/page/PageHeader';
import { Tabs } from '../../ui/tabs/Tabs';
import { ADMIN_TABS, type AdminTab, type EditTarget, type UsersView } from './admin-search';
import { OverviewTab } from './OverviewTab';
import { QuestionsTab, type QuestionsView } from './QuestionsTab';
import { SettingsTab } from './SettingsTab';
import { TicketsTab } from './TicketsTab';
import { TopicsTab } from './TopicsTab';
import { UsersTab } from './UsersTab';

/** The admin panel: six tabs; each tab loads its data when it is shown. */
export function AdminPage({
  tab,
  onTabChange,
  questionsView,
  onQuestionsViewChange,
  usersView,
  onUsersViewChange,
  editing,
  onEditingChange,
}: {
  tab: AdminTab;
  onTabChange: (tab: AdminTab) => void;
  /** The questions tab's page and size to open at. */
  questionsView: QuestionsView;
  onQuestionsViewChange: (view: QuestionsView) => void;
  /** The users tab's search and role to open at. */
  usersView: UsersView;
  onUsersViewChange: (view: UsersView) => void;
  /** The open form of the questions, topics, users or settings tab. */
  editing: EditTarget | null;
  onEditingChange: (editing: EditTarget | null) => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <Tabs
        label={t('tabs.label')}
        tabs={ADMIN_TABS.map((id) => ({ id, label: t(`tabs.${id}`) }))}
        selected={tab}
        onSelect={onTabChange}
        testId="admin-tabs"
      >
        {tab === 'overview' && <OverviewTab />}
        {tab === 'users' && (
          <UsersTab
            initialView={usersView}
            onViewChange={onUsersViewChange}
            editing={editing}
            onEditingChange={onEditingChange}
          />
        )}
        {tab === 'questions' && (
          <QuestionsTab
            initialView={questionsView}
            onViewChange={onQuestionsViewChange}
            editing={editing}
            onEditingChange={onEditingChange}
          />
        )}
        {tab === 'tickets' && <TicketsTab />}
        {tab === 'topics' && <TopicsTab editing={editing} onEditingChange={onEditingChange} />}
        {tab === 'settings' && <SettingsTab editing={editing} onEditingChange={onEditingChange} />}
      </Tabs>
    </>
  );
}
