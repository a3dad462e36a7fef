import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../ui/page/PageHeader';
import { Tabs } from '../../ui/tabs/Tabs';
import { OverviewTab } from './OverviewTab';
import { QuestionsTab } from './QuestionsTab';
import { SettingsTab } from './SettingsTab';
import { TicketsTab } from './TicketsTab';
import { TopicsTab } from './TopicsTab';
import { UsersTab } from './UsersTab';

export const ADMIN_TABS = [
  'overview',
  'users',
  'questions',
  'tickets',
  'topics',
  'settings',
] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

/** The admin panel: six tabs; each tab loads its data when it is shown. */
export function AdminPage() {
  const { t } = useTranslation('admin');
  const [tab, setTab] = useState<AdminTab>('overview');
  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <Tabs
        label={t('tabs.label')}
        tabs={ADMIN_TABS.map((id) => ({ id, label: t(`tabs.${id}`) }))}
        selected={tab}
        onSelect={setTab}
        testId="admin-tabs"
      >
        {tab === 'overview' && <OverviewTab />}
        {tab === 'users' && <UsersTab />}
        {tab === 'questions' && <QuestionsTab />}
        {tab === 'tickets' && <TicketsTab />}
        {tab === 'topics' && <TopicsTab />}
        {tab === 'settings' && <SettingsTab />}
      </Tabs>
    </>
  );
}
