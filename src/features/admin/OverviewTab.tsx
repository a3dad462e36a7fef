import { useTranslation } from '../../i18n/react';
import { unwrap } from '../../api';
import { useApi } from '../../lib/api-context';
import { Button } from '../../ui/button/Button';
import { Card } from '../../ui/card/Card';
import { useNotify } from '../../ui/notifications/Notifications';
import { cx } from '../../lib/cx';
import { activityCourse, activityText, activityTone } from './activity-text';
import type { ActivityEntry } from './admin-api';
import * as styles from './admin.css';
import type { Course } from './course-form';
import { ListEmptyState, StatCard } from './parts';
import { DataTable, type Column } from '../../ui/table/DataTable';
import { useDateFormats } from '../../i18n/dates';
import { useNumberFormats } from '../../i18n/numbers';
import { useAdminData } from './use-admin-data';
import { useOnBankChange } from './bank-changes';

/**
 * Counts of users, administrators, questions and exams, the recent activity (audit log) and,
 * with several courses, what each course holds.
 */
export function OverviewTab({ courses }: { courses: readonly Course[] | null }) {
  const { t, i18n } = useTranslation('admin');
  const api = useApi();
  const notify = useNotify();
  const { number, percent } = useNumberFormats();
  const status = useAdminData(
    'status',
    (signal) => unwrap(api.GET('/settings/system/status', { signal })),
    () => notify.error(t('errors.fetchAdminData')),
  );
  // An import sent from the Questions tab may land while this tab is shown: its counts and feed
  // follow.
  useOnBankChange(status.reload);
  // The status counts every administrator account, deactivated ones too; the card counts only
  // those who can sign in, and names the others.
  const admins = useAdminData(
    'status:admins',
    (signal) => unwrap(api.GET('/admin/users', { params: { query: { role: 'admin' } }, signal })),
    () => {},
  );
  const activeAdmins = admins.data?.filter((user) => user.is_active).length;
  const inactiveAdmins = (admins.data?.length ?? 0) - (activeAdmins ?? 0);
  const counts = status.data?.counts;
  const activity = status.data?.recent_activity ?? [];
  const { dateTime } = useDateFormats();
  const when = (value: string) => dateTime(new Date(value));
  // Who, when, and on a server of several courses which one the entry was about.
  const metaOf = (entry: ActivityEntry) => {
    const user = entry.username ?? t('overview.system');
    const time = when(entry.created_at);
    const course = courses === null ? null : activityCourse(entry);
    return course === null
      ? t('overview.activityMeta', { user, time })
      : t('overview.activityMetaCourse', { user, course, time });
  };
  const uptime = (seconds: number) => {
    const hours = Math.floor(seconds / 3600);
    const minutes = Math.floor((seconds % 3600) / 60);
    return t('overview.uptimeValue', { hours, minutes });
  };

  return (
    <div className={styles.stack} aria-busy={status.loading}>
      <div className={styles.statsGrid} data-testid="overview-counts">
        <StatCard label={t('overview.users')} value={number(counts?.users)} testId="count-users" />
        <StatCard
          label={t('overview.activeAdmins')}
          value={number(activeAdmins)}
          hint={
            inactiveAdmins > 0 ? t('overview.inactiveAdmins', { count: inactiveAdmins }) : undefined
          }
          tone="warning"
          testId="count-admins"
        />
        <StatCard
          label={t('overview.questions')}
          value={number(counts?.questions)}
          tone="success"
          testId="count-questions"
        />
        <StatCard
          label={t('overview.exams')}
          value={number(counts?.exams)}
          tone="info"
          testId="count-exams"
        />
      </div>
      {courses && <CourseFigures courses={courses} />}
      <div className={styles.columns}>
        <Card>
          <div className={styles.sectionHead}>
            <h2 className={styles.sectionTitle}>{t('overview.activity')}</h2>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => {
                status.reload();
                admins.reload();
              }}
              loading={status.loading}
            >
              {t('actions.refresh')}
            </Button>
          </div>
          {activity.length === 0 ? (
            <div className={styles.muted}>
              <ListEmptyState list={status} empty={t('overview.noActivity')} />
            </div>
          ) : (
            <ul className={styles.activity} data-testid="activity-feed">
              {activity.map((entry: ActivityEntry) => (
                <li key={entry.id} className={styles.activityItem}>
                  <span
                    className={cx(styles.activityDot, styles.activityDotTone[activityTone(entry)])}
                    aria-hidden="true"
                  />
                  <p className={styles.activityText}>
                    {activityText(
                      entry,
                      t,
                      (key) => i18n.exists(key, { ns: 'admin' }),
                      percent,
                      i18n.language,
                    )}
                  </p>
                  <p className={styles.activityMeta}>{metaOf(entry)}</p>
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card title={t('overview.system')}>
          {status.data && (
            <dl className={styles.facts}>
              <dt className={styles.factTerm}>{t('overview.version')}</dt>
              <dd className={styles.factValue}>{status.data.version}</dd>
              <dt className={styles.factTerm}>{t('overview.database')}</dt>
              <dd className={styles.factValue}>
                {t(`overview.databases.${status.data.database}`)}
              </dd>
              <dt className={styles.factTerm}>{t('overview.uptime')}</dt>
              <dd className={styles.factValue}>{uptime(status.data.uptime_seconds)}</dd>
              <dt className={styles.factTerm}>{t('overview.tickets')}</dt>
              <dd className={styles.factValue}>{number(counts?.tickets)}</dd>
              <dt className={styles.factTerm}>{t('overview.topics')}</dt>
              <dd className={styles.factValue}>{number(counts?.topics)}</dd>
              <dt className={styles.factTerm}>{t('overview.settings')}</dt>
              <dd className={styles.factValue}>{number(counts?.settings)}</dd>
            </dl>
          )}
        </Card>
      </div>
    </div>
  );
}

/** A course's bank in figures. */
interface CourseFigure {
  course: Course;
  topics: number | undefined;
  tickets: number | undefined;
}

/**
 * What each course holds: its questions (the list of courses counts them), topics and tickets
 * (counted from each course's lists, as the overview's totals count every course together).
 */
function CourseFigures({ courses }: { courses: readonly Course[] }) {
  const { t } = useTranslation('admin');
  const api = useApi();
  const { number } = useNumberFormats();
  const figures = useAdminData(
    `overview:courses:${courses.map((course) => `${course.id}.${course.question_total}`).join()}`,
    (signal) =>
      Promise.all(
        courses.map(async (course): Promise<CourseFigure> => {
          const query = { course_id: course.id };
          // One course's lists failing leaves its figures open, not the whole table.
          const [topics, tickets] = await Promise.all([
            unwrap(api.GET('/training-topics', { params: { query }, signal })).then(
              (list) => list.length,
              () => undefined,
            ),
            unwrap(api.GET('/training-tickets', { params: { query }, signal })).then(
              (list) => list.length,
              () => undefined,
            ),
          ]);
          return { course, topics, tickets };
        }),
      ),
    () => {},
  );
  const rows: CourseFigure[] =
    figures.data ?? courses.map((course) => ({ course, topics: undefined, tickets: undefined }));
  const columns: Column<CourseFigure>[] = [
    {
      key: 'course',
      header: t('overview.courses.course'),
      cell: ({ course }) => <strong className={styles.breakAnywhere}>{course.name}</strong>,
    },
    {
      key: 'questions',
      header: t('overview.courses.questions'),
      cell: ({ course }) => number(course.question_total),
    },
    {
      key: 'topics',
      header: t('overview.courses.topics'),
      cell: ({ topics }) => number(topics),
    },
    {
      key: 'tickets',
      header: t('overview.courses.tickets'),
      cell: ({ tickets }) => number(tickets),
    },
  ];
  return (
    <Card title={t('overview.courses.caption')}>
      <DataTable
        caption={t('overview.courses.caption')}
        rows={rows}
        columns={columns}
        rowKey={({ course }) => course.id}
        busy={figures.loading}
        testId="overview-courses"
      />
    </Card>
  );
}
