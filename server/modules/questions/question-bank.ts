import type { Kysely } from 'kysely';
import { shuffle } from '../../../domain/draw';
import { CONTENT_LANGUAGES, type ContentLanguage } from '../../../domain/question-languages';
import { storedTopicTranslations, type TopicTranslations } from '../../../domain/topic-names';
import { type Revisions, revisionsReader } from '../../db/revisions';
import type { CourseRow, Database, QuestionRow } from '../../db/schema';
import {
  answerCount,
  PHOTO_ETAG,
  QUESTION_RECORD_COLUMNS,
  storedQuestionIds,
  toQuestion,
} from './questions.model';
import {
  languageOfCourse,
  readableLanguages,
  type QuestionView,
  readTranslations,
  shownQuestion,
  STORED_VIEW,
  viewKey,
} from './question-translations';

/** What grading needs of a question. */
export type AnswerKey = Pick<QuestionRow, 'right_answers' | 'points'> & {
  /** The question offers answers 1 to this number. */
  answerCount: number;
  /** The course whose bank holds the question. */
  courseId: number;
};

export interface TopicQuestions {
  id: number;
  /** As stored, in the course's exam language. */
  name: string;
  /** Its name in other languages (see topicNameIn). */
  translations: TopicTranslations;
  /** Distinct ids, as stored (a damaged list reads as none). */
  questionIds: number[];
}

/** One course's part of the bank. */
export interface CourseBank {
  course: CourseRow;
  /** The course's question ids, ascending. */
  ids: Int32Array;
  /** `count` distinct ids drawn at random (all of them, shuffled, when the bank is smaller). */
  draw(count: number): number[];
  /** The course's topics, by id. */
  topics(): Promise<TopicQuestions[]>;
  /**
   * The languages its questions can be read in: its exam language first, then each language
   * at least one of them is translated into, in the order of CONTENT_LANGUAGES.
   */
  languages(): Promise<ContentLanguage[]>;
  /** The ids of its questions translated into `language`. */
  translatedIds(language: ContentLanguage): Promise<ReadonlySet<number>>;
}

/** The bank as of one revision. */
export interface BankSnapshot {
  /** Every question id, ascending. */
  ids: Int32Array;
  answerKey(id: number): AnswerKey | undefined;
  /** Every course, by id. */
  courses: readonly CourseRow[];
  /** A course's part of the bank; undefined for an unknown course. */
  course(id: number): CourseBank | undefined;
  /**
   * The questions as a JSON array of the contract's `Question`, UTF-8 encoded, in the order of
   * `ids`, as `view` shows them (as stored when not given); unknown ids are skipped.
   */
  questionsJson(ids: readonly number[], view?: QuestionView): Promise<Buffer>;
  /** The exam language of the course a question is in (undefined for an unknown question). */
  languageOf(id: number): ContentLanguage | undefined;
  /**
   * The stored value of a setting (the settings govern how the bank is drawn and graded), as
   * of the latest snapshot taken; undefined when unset.
   */
  setting(key: string): Promise<string | undefined>;
}

export interface QuestionBank {
  /**
   * The current bank and settings: one read of their revisions, plus a reload of whichever
   * changed since. `known` are revisions this request already read (with its caller); only a
   * handler that has changed neither the bank nor the settings may pass them.
   */
  snapshot(known?: Revisions | null): Promise<BankSnapshot>;
  /** How many things this process holds: the index, each question's JSON, topics, settings. */
  cachedEntries(): number;
  /** Drops all of it (the next request reads the bank again); answers how many entries went. */
  clear(): number;
}

// Questions' JSON kept per process, encoded once: the whole demo bank fits many times over; of
// a very large bank, the part read first until the budget is spent (memory stays bounded).
const JSON_BUDGET_BYTES = 4 * 1024 * 1024;
const OPEN = Buffer.from('[');
const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']');
// Keeps each `in (...)` list under SQLite's bound-parameter limit.
const CHUNK = 500;

interface CourseTopicQuestions extends TopicQuestions {
  courseId: number;
}

/** Per course, the ids of its questions translated into each language. */
type TranslatedIds = Map<number, Map<ContentLanguage, Set<number>>>;

/** `count` distinct ids of `ids` drawn at random (all of them, shuffled, when there are fewer). */
function drawFrom(ids: Int32Array, count: number): number[] {
  const total = ids.length;
  if (count >= total) return shuffle(Array.from(ids));
  // Distinct random positions, in the order drawn: every ordered pick equally likely.
  const picked = new Set<number>();
  if (count * 2 <= total) {
    while (picked.size < count) picked.add(Math.floor(Math.random() * total));
    return [...picked].map((at) => ids[at] as number);
  }
  return shuffle(Array.from(ids)).slice(0, count);
}

interface Index {
  ids: Int32Array;
  courseIds: Int32Array;
  courses: CourseRow[];
  rightAnswers: string[];
  points: Float64Array;
  answerCounts: Uint8Array;
}

/**
 * A per-process view of the question bank (ids, answer keys, topics and each question's JSON),
 * kept until the bank's revision moves. Triggers move it in the same transaction as any change
 * to questions or topics, so a change made anywhere, by this process or another one, is seen
 * by the next request.
 */
export function createQuestionBank(
  db: Kysely<Database>,
  { jsonBudgetBytes = JSON_BUDGET_BYTES }: { jsonBudgetBytes?: number } = {},
): QuestionBank {
  const readRevisions = revisionsReader(db);
  let current: { revision: number; snapshot: Promise<BankSnapshot> } | undefined;
  // What the current snapshot holds, counted as it loads.
  let held = { index: false, json: 0, topics: false, translated: false };
  let settings: { revision: number; values: Promise<Map<string, string>> } | undefined;

  async function loadSettings(): Promise<Map<string, string>> {
    const rows = await db.selectFrom('settings').select(['key', 'value']).execute();
    return new Map(rows.map((row) => [row.key, row.value]));
  }

  async function loadIndex(): Promise<Index> {
    const [rows, courses] = await Promise.all([
      db
        .selectFrom('questions')
        .select(['id', 'course_id', 'right_answers', 'points', answerCount.as('answer_count')])
        .orderBy('id')
        .execute(),
      db.selectFrom('courses').selectAll().orderBy('id').execute(),
    ]);
    return {
      ids: Int32Array.from(rows, (row) => row.id),
      courseIds: Int32Array.from(rows, (row) => row.course_id),
      courses: courses.map((course) => ({ ...course, id: Number(course.id) })),
      rightAnswers: rows.map((row) => row.right_answers),
      points: Float64Array.from(rows, (row) => row.points),
      answerCounts: Uint8Array.from(rows, (row) => Number(row.answer_count)),
    };
  }

  async function loadTopics(): Promise<CourseTopicQuestions[]> {
    const rows = await db
      .selectFrom('topics')
      .select(['id', 'name', 'question_ids', 'course_id', 'translations'])
      .orderBy('id')
      .execute();
    return rows.map((row) => ({
      id: row.id,
      courseId: row.course_id,
      name: row.name,
      translations: storedTopicTranslations(row.translations),
      questionIds: [...new Set(storedQuestionIds(row.question_ids))],
    }));
  }

  /** Which questions of each course are translated into which language. */
  async function loadTranslated(): Promise<TranslatedIds> {
    const rows = await db
      .selectFrom('question_translations')
      .innerJoin('questions', 'questions.id', 'question_translations.question_id')
      .select([
        'question_translations.question_id',
        'question_translations.language',
        'questions.course_id',
      ])
      .execute();
    const translated: TranslatedIds = new Map();
    for (const row of rows) {
      const language = CONTENT_LANGUAGES.find((known) => known === row.language);
      if (!language) continue;
      const courseId = Number(row.course_id);
      let byLanguage = translated.get(courseId);
      if (!byLanguage) translated.set(courseId, (byLanguage = new Map()));
      let ids = byLanguage.get(language);
      if (!ids) byLanguage.set(language, (ids = new Set()));
      ids.add(Number(row.question_id));
    }
    return translated;
  }

  function cachedEntries(): number {
    return (
      Number(held.index) +
      held.json +
      Number(held.topics) +
      Number(held.translated) +
      (settings ? 1 : 0)
    );
  }

  async function createSnapshot(revision: number): Promise<BankSnapshot> {
    const { ids, courseIds, courses, rightAnswers, points, answerCounts } = await loadIndex();
    const counts = { index: true, json: 0, topics: false, translated: false };
    if (current?.revision === revision) held = counts;
    // Each question's JSON per view it was asked in: `${viewKey} ${id}`.
    const json = new Map<string, Buffer>();
    let jsonBytes = 0;
    let topics: Promise<CourseTopicQuestions[]> | undefined;
    let translated: Promise<TranslatedIds> | undefined;
    const courseBanks = new Map<number, CourseBank>();
    const languageOfCourseId = new Map(
      courses.map((course) => [course.id, languageOfCourse(course)]),
    );

    const allTranslated = () => {
      translated ??= loadTranslated().then(
        (loaded) => {
          counts.translated = true;
          return loaded;
        },
        (error: unknown) => {
          translated = undefined;
          throw error;
        },
      );
      return translated;
    };

    const allTopics = () => {
      topics ??= loadTopics().then(
        (loaded) => {
          counts.topics = true;
          return loaded;
        },
        (error: unknown) => {
          topics = undefined;
          throw error;
        },
      );
      return topics;
    };

    const courseBank = (course: CourseRow): CourseBank => {
      const own = ids.filter((_, at) => courseIds[at] === course.id);
      let courseTopics: Promise<TopicQuestions[]> | undefined;
      return {
        course,
        ids: own,
        draw: (count) => drawFrom(own, count),
        topics() {
          courseTopics ??= allTopics().then(
            (all) =>
              all
                .filter((topic) => topic.courseId === course.id)
                .map(({ id, name, translations, questionIds }) => ({
                  id,
                  name,
                  translations,
                  questionIds,
                })),
            (error: unknown) => {
              courseTopics = undefined;
              throw error;
            },
          );
          return courseTopics;
        },
        async languages() {
          const byLanguage = (await allTranslated()).get(course.id);
          return readableLanguages(
            course,
            (language) => (byLanguage?.get(language)?.size ?? 0) > 0,
          );
        },
        async translatedIds(language) {
          return (await allTranslated()).get(course.id)?.get(language) ?? new Set<number>();
        },
      };
    };

    const position = (id: number): number => {
      let low = 0;
      let high = ids.length - 1;
      while (low <= high) {
        const middle = (low + high) >>> 1;
        const value = ids[middle] as number;
        if (value === id) return middle;
        if (value < id) low = middle + 1;
        else high = middle - 1;
      }
      return -1;
    };

    const languageOf = (id: number): ContentLanguage | undefined => {
      const at = position(id);
      return at < 0 ? undefined : languageOfCourseId.get(courseIds[at] as number);
    };

    const remember = (key: string, encoded: Buffer) => {
      // Rows read after the bank moved on belong to the next snapshot, not this one. Once the
      // budget is spent nothing is swapped out: with random draws from a bank too large to
      // keep, swapping would only turn every read into garbage for the old generation.
      if (current?.revision !== revision || jsonBytes + encoded.length > jsonBudgetBytes) return;
      // Two requests may have read the same row at once; it is kept (and counted) once.
      if (json.has(key)) return;
      json.set(key, encoded);
      jsonBytes += encoded.length;
      counts.json = json.size;
    };

    return {
      ids,
      answerKey(id) {
        const at = position(id);
        return at < 0
          ? undefined
          : {
              right_answers: rightAnswers[at] as string,
              points: points[at] as number,
              answerCount: answerCounts[at] as number,
              courseId: courseIds[at] as number,
            };
      },
      courses,
      course(id) {
        let bank = courseBanks.get(id);
        if (!bank) {
          const course = courses.find((row) => row.id === id);
          if (!course) return undefined;
          bank = courseBank(course);
          courseBanks.set(id, bank);
        }
        return bank;
      },
      languageOf,
      async questionsJson(wanted, view = STORED_VIEW) {
        const prefix = `${viewKey(view)} `;
        const missing = wanted.filter((id) => !json.has(prefix + id) && position(id) >= 0);
        const fetched = new Map<number, Buffer>();
        // A learner reading the exam's own language needs no translation.
        const needsTranslations =
          view.kind === 'stored' || missing.some((id) => languageOf(id) !== view.language);
        for (let i = 0; i < missing.length; i += CHUNK) {
          const chunk = missing.slice(i, i + CHUNK);
          const [rows, translations] = await Promise.all([
            db
              .selectFrom('questions')
              .select([...QUESTION_RECORD_COLUMNS, PHOTO_ETAG])
              .where('id', 'in', chunk)
              .execute(),
            needsTranslations
              ? readTranslations(db, chunk, view.kind === 'learner' ? view.language : undefined)
              : undefined,
          ]);
          for (const row of rows) {
            const shown = shownQuestion(
              toQuestion(row),
              languageOf(row.id) ?? 'en',
              translations?.get(row.id),
              view,
            );
            const encoded = Buffer.from(JSON.stringify(shown));
            fetched.set(row.id, encoded);
            remember(prefix + row.id, encoded);
          }
        }
        // Joined as bytes: the answer goes out as it is, with no string to flatten or encode.
        const parts: Buffer[] = [OPEN];
        for (const id of wanted) {
          const encoded = json.get(prefix + id) ?? fetched.get(id);
          if (!encoded) continue;
          if (parts.length > 1) parts.push(COMMA);
          parts.push(encoded);
        }
        parts.push(CLOSE);
        return Buffer.concat(parts);
      },
      async setting(key) {
        // Only after a failed load is there nothing to read: try again (revision -1 is never current).
        settings ??= { revision: -1, values: loadSettings() };
        return (await settings.values).get(key);
      },
    };
  }

  return {
    async snapshot(known) {
      const revisions = known ?? (await readRevisions());
      if (settings?.revision !== revisions.settings) {
        const loading = { revision: revisions.settings, values: loadSettings() };
        settings = loading;
        loading.values.catch(() => {
          if (settings === loading) settings = undefined;
        });
      }
      const revision = revisions.bank;
      let entry = current;
      if (entry?.revision !== revision) {
        held = { index: false, json: 0, topics: false, translated: false };
        const loading = { revision, snapshot: createSnapshot(revision) };
        entry = current = loading;
        // A failed load is not kept: the next request tries again.
        loading.snapshot.catch(() => {
          if (current === loading) current = undefined;
        });
      }
      return entry.snapshot;
    },
    cachedEntries,
    clear() {
      const entries = cachedEntries();
      current = undefined;
      settings = undefined;
      held = { index: false, json: 0, topics: false, translated: false };
      return entries;
    },
  };
}
