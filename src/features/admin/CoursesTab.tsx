import { useTranslation } from '../../i18n/react';
import { ApiError, unwrap } from '../../api';
import { useNumberFormats } from '../../i18n/numbers';
import { joinSentences } from '../../i18n/sentences';
import { rulesForDraw } from '../../../domain/course-rules';
import { useApi } from '../../lib/api-context';
import { useCourseWords } from '../../lib/course-words';
import { forgetCourses } from '../../lib/learner-course';
import { Button } from '../../ui/button/Button';
import { Badge } from '../../ui/card/Card';
import { useConfirm } from '../../ui/confirm/ConfirmDialog';
import { useNotify } from '../../ui/notifications/Notifications';
import { DataTable, tableStyles, type Column } from '../../ui/table/DataTable';
import type { EditTarget } from './admin-search';
import * as styles from './admin.css';
import type { Course } from './course-form';
import { CourseFormModal } from './CourseFormModal';
import { ListEmptyState } from './parts';
import { useAdminData } from './use-admin-data';
import { useAdminTask, useFailureMessage } from './use-admin-task';

/** What a course holds besides its learners' results, counted before it is deleted. */
interface CourseContents {
  questions: number;
  topics: number;
  tickets: number;
}

/**
 * Courses: each a question bank with its own exam rules. Add (from published rules), edit, and
 * delete: an empty course after a confirm, one holding anything only once its name is typed;
 * the default course cannot be deleted.
 */
export function CoursesTab({
  editing,
  onEditingChange,
}: {
  /** The course whose form is open (kept in the URL). */
  editing: EditTarget | null;
  onEditingChange: (editing: EditTarget | null) => void;
}) {
  const { t, i18n } = useTranslation('admin');
  const api = useApi();
  const notify = useNotify();
  const words = useCourseWords();
  const { number } = useNumberFormats();
  const failure = useFailureMessage();
  const { busy, run } = useAdminTask();
  const { confirm, dialog } = useConfirm();
  const courses = useAdminData(
    'courses',
    (signal) => unwrap(api.GET('/courses', { signal })),
    () => notify.error(t('errors.fetchCourses')),
  );
  const list = courses.data ?? [];

  /** The list here and every other screen's reading of it (the course pickers, learners' pages). */
  const changed = () => {
    forgetCourses(api);
    courses.reload();
  };

  const contentsOf = async (course: Course): Promise<CourseContents> => {
    const query = { course_id: course.id };
    const [page, topics, tickets] = await Promise.all([
      unwrap(api.GET('/admin/questions', { params: { query: { ...query, limit: 1 } } })),
      unwrap(api.GET('/training-topics', { params: { query } })),
      unwrap(api.GET('/training-tickets', { params: { query } })),
    ]);
    return { questions: page.totalQuestions, topics: topics.length, tickets: tickets.length };
  };

  /** Asks for the course's name to be typed, saying what goes with it. */
  const confirmTyped = (course: Course, contents: CourseContents | null) => {
    const held = contents
      ? [
          contents.questions > 0 && t('courses.counts.questions', { count: contents.questions }),
          contents.topics > 0 && t('courses.counts.topics', { count: contents.topics }),
          contents.tickets > 0 && t('courses.counts.tickets', { count: contents.tickets }),
        ].filter((part): part is string => Boolean(part))
      : [];
    const list = new Intl.ListFormat(i18n.language, { type: 'conjunction' });
    return confirm({
      title: t('courses.deleteTitle'),
      message: joinSentences(i18n.language, [
        held.length > 0
          ? t('confirm.deleteCourse.contents', { name: course.name, contents: list.format(held) })
          : t('confirm.deleteCourse.results', { name: course.name }),
        t('confirm.deleteCourse.learnersMove'),
        t('confirm.cannotBeUndone'),
      ]),
      confirmLabel: t('actions.delete'),
      cancelLabel: t('actions.cancel'),
      typeToConfirm: {
        text: course.name.normalize('NFKC').trim(),
        label: t('confirm.deleteCourse.typeName', { name: course.name }),
      },
    });
  };

  const remove = async (course: Course) => {
    const key = `delete:${course.id}`;
    const messages = {
      success: () => t('success.courseDeleted'),
      error: (error: unknown) => failure('errors.deleteCourse', error),
    };
    const counted = await run(key, () => contentsOf(course), { error: messages.error });
    if (!counted.ok) return;
    const contents = counted.value;
    const empty = contents.questions + contents.topics + contents.tickets === 0;
    if (!empty) {
      if (!(await confirmTyped(course, contents))) return;
      const result = await run(key, () => deleteCourse(course, course.name), messages);
      if (result.ok) changed();
      return;
    }
    const confirmed = await confirm({
      title: t('courses.deleteTitle'),
      message: t('confirm.deleteCourse.empty', { name: course.name }),
      confirmLabel: t('actions.delete'),
      cancelLabel: t('actions.cancel'),
    });
    if (!confirmed) return;
    // Learners' results are not counted here: a course that still holds some is refused (409)
    // without its name, which is then asked for.
    const first = await run(key, () => deleteCourse(course, null), {
      success: messages.success,
      error: (error) => (holdsResults(error) ? null : messages.error(error)),
    });
    if (first.ok) return changed();
    if (!holdsResults(first.error) || !(await confirmTyped(course, null))) return;
    const result = await run(key, () => deleteCourse(course, course.name), messages);
    if (result.ok) changed();
  };

  const deleteCourse = (course: Course, confirmName: string | null) =>
    unwrap(
      api.DELETE('/admin/courses/{id}', {
        params: {
          path: { id: course.id },
          query: confirmName === null ? {} : { confirm: confirmName },
        },
      }),
    );

  const columns: Column<Course>[] = [
    {
      key: 'name',
      header: t('courses.name'),
      cell: (course) => (
        <span className={styles.courseName}>
          <strong className={styles.breakAnywhere}>{course.name}</strong>
          {course.is_default && <Badge>{t('courses.default')}</Badge>}
        </span>
      ),
    },
    {
      key: 'language',
      header: t('courses.language'),
      cell: (course) => words.language(course.language),
    },
    {
      key: 'questions',
      header: t('courses.questionTotal'),
      cell: (course) => {
        const drawn = course.rules.question_count;
        // A bank smaller than its exam: exams ask all of it, held to the rule's share.
        if (course.question_total === 0 || course.question_total >= drawn)
          return number(course.question_total);
        const held = rulesForDraw(course.rules, course.question_total);
        const values = { drawn: number(drawn), total: number(course.question_total) };
        return (
          <span className={styles.figureWithNote}>
            <span>{number(course.question_total)}</span>
            <span className={styles.muted}>
              {held.pass_rule === 'max_mistakes'
                ? t('courses.smallBankMistakes', { ...values, allowed: number(held.pass_value) })
                : t('courses.smallBank', values)}
            </span>
          </span>
        );
      },
    },
    {
      key: 'rules',
      header: t('courses.rules'),
      cell: (course) => words.rules(course.rules),
    },
    {
      key: 'actions',
      header: t('common.actions'),
      cell: (course) => (
        <div className={tableStyles.actions}>
          <Button
            size="sm"
            variant="outline"
            onClick={() => onEditingChange(course.id)}
            aria-label={t('courses.editNamed', { name: course.name })}
          >
            {t('actions.edit')}
          </Button>
          {/* The default course is where learners of a deleted one go: it stays. */}
          {!course.is_default && (
            <Button
              size="sm"
              variant="danger"
              onClick={() => void remove(course)}
              loading={busy === `delete:${course.id}`}
              aria-label={t('courses.deleteNamed', { name: course.name })}
            >
              {t('actions.delete')}
            </Button>
          )}
        </div>
      ),
    },
  ];

  return (
    <div className={styles.stack}>
      <p className={styles.muted}>{t('courses.intro')}</p>
      <div className={styles.toolbar}>
        <Button onClick={() => onEditingChange('new')}>{t('courses.add')}</Button>
        <Button variant="secondary" onClick={courses.reload} loading={courses.loading}>
          {t('actions.refresh')}
        </Button>
      </div>
      <DataTable
        caption={t('courses.caption')}
        rows={list}
        columns={columns}
        rowKey={(course) => course.id}
        empty={<ListEmptyState list={courses} empty={t('courses.empty')} />}
        busy={courses.loading}
        testId="courses-table"
      />
      <CourseFormModal
        target={editing}
        onClose={() => onEditingChange(null)}
        onSaved={() => {
          onEditingChange(null);
          changed();
        }}
        onGone={changed}
      />
      {dialog}
    </div>
  );
}

/** The refusal of a course that holds learners' results, deleted without its name typed. */
const holdsResults = (error: unknown) => error instanceof ApiError && error.status === 409;
