import type { TFunction } from 'i18next';
import { joinItems } from '../../i18n/sentences';
import type { ActivityEntry } from './admin-api';

/** The translation key of an entry: `question.import` reads `activityEntry.question_import`. */
function keyOf(entry: ActivityEntry): string {
  const name = entry.action.replace(/\./g, '_');
  const skipped = entry.details?.skipped;
  // An import that left out copies says so; entries from before `skipped` read as they did.
  if (
    /^question\.import(_package)?$/.test(entry.action) &&
    typeof skipped === 'number' &&
    skipped > 0
  )
    return `activityEntry.${name}_skipped`;
  if (entry.action !== 'exam.submit') return `activityEntry.${name}`;
  const {
    exam_type: examType,
    passed,
    mistakes,
    by_points: byPoints,
    extra_mistake: extraMistake,
  } = entry.details ?? {};
  if (examType !== 'exam') return `activityEntry.${name}_training`;
  if (extraMistake === true) return `activityEntry.${name}_failed_extra`;
  // Worded by what the course's rule judged: mistakes, the share of points, or of questions.
  const by = typeof mistakes === 'number' ? '_mistakes' : byPoints === true ? '_points' : '';
  return `activityEntry.${name}_${passed ? 'passed' : 'failed'}${by}`;
}

/**
 * An audit entry in the reader's language, worded from the values the server kept with it;
 * the server's English summary when it kept none (older entries) or the action is unknown here.
 */
export function activityText(
  entry: ActivityEntry,
  t: TFunction<'admin'>,
  exists: (key: string) => boolean,
  percent: (value: number) => string,
  language: string,
): string {
  if (!entry.details) return entry.summary;
  const key = keyOf(entry);
  if (!exists(key)) return entry.summary;
  // `count` would make i18next look for plural forms; the sentences name it `n`.
  const { count, filename, score, updated, ...values } = entry.details;
  const { tickets } = values;
  // What an import did beside adding rows, each said after it when it did it.
  const extras = [
    typeof updated === 'number' && updated > 0
      ? t('activityEntry.importUpdated', { count: updated })
      : null,
    typeof tickets === 'number' && tickets > 0 && entry.action.startsWith('question.import')
      ? t('activityEntry.importTickets', { count: tickets })
      : null,
  ].filter((extra): extra is string => extra !== null);
  const main = t(key as never, {
    ...values,
    // Written as the learner's own screens write it: 37.5% in English, 37,5 % in Russian.
    ...(score === undefined ? {} : { score: typeof score === 'number' ? percent(score) : score }),
    ...(count === undefined ? {} : { n: count }),
    ...(filename === undefined
      ? {}
      : { filename: filename === '' ? t('activityEntry.csvFile') : filename }),
  }) as string;
  return extras.length === 0 ? main : joinItems(language, [main, ...extras]);
}

/** The course an entry names (a bank's import, an exam's learner), as it was named then. */
export function activityCourse(entry: ActivityEntry): string | null {
  const course = entry.details?.course;
  return typeof course === 'string' ? course : null;
}

/** The colour of an entry's dot: exams green, a failed exam amber, deletions red, the rest blue. */
export function activityTone(entry: ActivityEntry): 'exam' | 'examFailed' | 'danger' | 'admin' {
  if (entry.action.startsWith('exam.')) {
    const { exam_type: examType, passed } = entry.details ?? {};
    return examType === 'exam' && passed === false ? 'examFailed' : 'exam';
  }
  if (/delete|restore/.test(entry.action)) return 'danger';
  return 'admin';
}
