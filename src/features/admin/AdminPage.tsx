import { useEffect, useRef } from 'react';
import { useTranslation } from '../../i18n/react';
import { FALLBACK_COURSE, useCourses, useLearnerCourse } from '../../lib/learner-course';
import { PageHeader } from '../../ui/page/PageHeader';
import { Tabs } from '../../ui/tabs/Tabs';
import {
  ADMIN_TABS,
  isBankTab,
  type AdminTab,
  type EditTarget,
  type UsersView,
} from './admin-search';
import * as styles from './admin.css';
import type { Course } from './course-form';
import { CoursePicker } from './CoursePicker';
import { CoursesTab } from './CoursesTab';
import { OverviewTab } from './OverviewTab';
import { QuestionsTab, type QuestionsView } from './QuestionsTab';
import { SettingsTab } from './SettingsTab';
import { TicketsTab } from './TicketsTab';
import { TopicsTab } from './TopicsTab';
import { UsersTab } from './UsersTab';

/** The admin panel: seven tabs; each tab loads its data when it is shown. */
export function AdminPage({
  tab,
  onTabChange,
  questionsView,
  onQuestionsViewChange,
  usersView,
  onUsersViewChange,
  editing,
  onEditingChange,
  bankCourse,
  onBankCourseChange,
}: {
  tab: AdminTab;
  onTabChange: (tab: AdminTab) => void;
  /** The questions tab's page and size to open at. */
  questionsView: QuestionsView;
  onQuestionsViewChange: (view: QuestionsView) => void;
  /** The users tab's search and role to open at. */
  usersView: UsersView;
  onUsersViewChange: (view: UsersView) => void;
  /** The open form of the courses, questions, topics, users or settings tab. */
  editing: EditTarget | null;
  onEditingChange: (editing: EditTarget | null) => void;
  /** The course the URL names for the bank tabs (none: the default course). */
  bankCourse: number | null;
  /** Another course for the bank tabs: none for the default; `replace` tidies the address. */
  onBankCourseChange: (course: number | undefined, replace?: boolean) => void;
}) {
  const { t } = useTranslation('admin');
  const courses = useBankCourses();
  const several = courses !== null && courses !== 'unavailable' && courses.length >= 2;
  const chosen = several
    ? (courses.find((course) => course.id === bankCourse) ??
      courses.find((course) => course.is_default) ??
      courses[0]!)
    : null;
  // A course named by an old link or bookmark that is gone: the default course, said by the URL.
  const unknownCourse = several && bankCourse !== null && chosen?.id !== bankCourse;
  const change = useLatest(onBankCourseChange);
  useEffect(() => {
    if (unknownCourse) change.current(undefined, true);
  }, [unknownCourse, change]);

  const bankTab = () => {
    // The bank tabs wait for the list of courses: they act on the course it makes the default.
    if (courses === null) return <p className={styles.muted}>{t('common.loading')}</p>;
    const courseId = chosen?.id ?? null;
    // A course chosen anew is a fresh start: its own pages, topics and tickets.
    const key = `course-${courseId ?? 'only'}`;
    return (
      <div className={styles.stack}>
        {several && chosen && (
          <CoursePicker
            courses={courses}
            value={chosen.id}
            onChange={(course) => change.current(course.is_default ? undefined : course.id)}
          />
        )}
        {tab === 'questions' && (
          <QuestionsTab
            key={key}
            courseId={courseId}
            initialView={questionsView}
            onViewChange={onQuestionsViewChange}
            editing={editing}
            onEditingChange={onEditingChange}
          />
        )}
        {tab === 'tickets' && (
          <TicketsTab
            key={key}
            courseId={courseId}
            // A new ticket's size: the chosen course's exam, or the only course's.
            examSize={
              (chosen ?? (courses !== 'unavailable' && courses.length === 1 ? courses[0] : null))
                ?.rules.question_count ?? null
            }
          />
        )}
        {tab === 'topics' && (
          <TopicsTab
            key={key}
            courseId={courseId}
            editing={editing}
            onEditingChange={onEditingChange}
          />
        )}
      </div>
    );
  };

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
        {tab === 'overview' && <OverviewTab courses={several ? courses : null} />}
        {tab === 'users' && (
          <UsersTab
            initialView={usersView}
            onViewChange={onUsersViewChange}
            editing={editing}
            onEditingChange={onEditingChange}
          />
        )}
        {tab === 'courses' && <CoursesTab editing={editing} onEditingChange={onEditingChange} />}
        {isBankTab(tab) && bankTab()}
        {tab === 'settings' && <SettingsTab editing={editing} onEditingChange={onEditingChange} />}
      </Tabs>
    </>
  );
}

/**
 * Every course, the default first; 'unavailable' when they cannot be read (a server without
 * courses: the bank tabs then act as before, on the one bank); null while they load.
 */
function useBankCourses(): readonly Course[] | 'unavailable' | null {
  const courses = useCourses();
  // The learner's course falls back to the spec's exam only when the list could not be read.
  const failed = useLearnerCourse() === FALLBACK_COURSE && courses === null;
  return courses ?? (failed ? 'unavailable' : null);
}

function useLatest<T>(value: T) {
  const ref = useRef(value);
  ref.current = value;
  return ref;
}
