import type { Kysely } from 'kysely';
import { type Revisions, revisionsReader } from '../../db/revisions';
import type { CourseRow, Database, QuestionRow } from '../../db/schema';
import {
  answerCount,
  PHOTO_ETAG,
  QUESTION_RECORD_COLUMNS,
  shuffle,
  storedQuestionIds,
  toQuestion,
} from './questions.model';

/** What grading needs of a question. */
export type AnswerKey = Pick<QuestionRow, 'right_answers' | 'points'> & {
  /** The question offers answers 1 to this number. */
  answerCount: number;
  /** The course whose bank holds the question. */
  courseId: number;
};

export interface TopicQuestions {
  id: number;
  name: string;
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
   * `ids`; unknown ids are skipped.
   */
  questionsJson(ids: readonly number[]): Promise<Buffer>;
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
  let held = { index: false, json: 0, topics: false };
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
      .select(['id', 'name', 'question_ids', 'course_id'])
      .orderBy('id')
      .execute();
    return rows.map((row) => ({
      id: row.id,
      courseId: row.course_id,
      name: row.name,
      questionIds: [...new Set(storedQuestionIds(row.question_ids))],
    }));
  }

  function cachedEntries(): number {
    return Number(held.index) + held.json + Number(held.topics) + (settings ? 1 : 0);
  }

  async function createSnapshot(revision: number): Promise<BankSnapshot> {
    const { ids, courseIds, courses, rightAnswers, points, answerCounts } = await loadIndex();
    const counts = { index: true, json: 0, topics: false };
    if (current?.revision === revision) held = counts;
    const json = new Map<number, Buffer>();
    let jsonBytes = 0;
    let topics: Promise<CourseTopicQuestions[]> | undefined;
    const courseBanks = new Map<number, CourseBank>();

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
                .map(({ id, name, questionIds }) => ({ id, name, questionIds })),
            (error: unknown) => {
              courseTopics = undefined;
              throw error;
            },
          );
          return courseTopics;
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

    const remember = (id: number, encoded: Buffer) => {
      // Rows read after the bank moved on belong to the next snapshot, not this one. Once the
      // budget is spent nothing is swapped out: with random draws from a bank too large to
      // keep, swapping would only turn every read into garbage for the old generation.
      if (current?.revision !== revision || jsonBytes + encoded.length > jsonBudgetBytes) return;
      // Two requests may have read the same row at once; it is kept (and counted) once.
      if (json.has(id)) return;
      json.set(id, encoded);
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
      async questionsJson(wanted) {
        const missing = wanted.filter((id) => !json.has(id) && position(id) >= 0);
        const fetched = new Map<number, Buffer>();
        for (let i = 0; i < missing.length; i += CHUNK) {
          const rows = await db
            .selectFrom('questions')
            .select([...QUESTION_RECORD_COLUMNS, PHOTO_ETAG])
            .where('id', 'in', missing.slice(i, i + CHUNK))
            .execute();
          for (const row of rows) {
            const encoded = Buffer.from(JSON.stringify(toQuestion(row)));
            fetched.set(row.id, encoded);
            remember(row.id, encoded);
          }
        }
        // Joined as bytes: the answer goes out as it is, with no string to flatten or encode.
        const parts: Buffer[] = [OPEN];
        for (const id of wanted) {
          const encoded = json.get(id) ?? fetched.get(id);
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
        held = { index: false, json: 0, topics: false };
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
      held = { index: false, json: 0, topics: false };
      return entries;
    },
  };
}
