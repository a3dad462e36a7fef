import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { HttpError, ValidationError } from '../../http/errors';
import type { Caller, Schema } from '../../http/operations';
import { text } from '../../i18n/text';
import {
  namesAfterFile,
  storedTopicTranslations,
  topicTranslationsJson,
  type TopicTranslations,
} from '../../../domain/topic-names';
import { storedQuestionIds } from './questions.model';
import { createQuestionsRepository, type ImageRow } from './questions.repository';
import type { FastifyRequest } from 'fastify';
import type {
  PackageLineError,
  PackagePhoto,
  PackageQuestion,
  PackageTopics,
  ReadPackage,
} from './bank-package';
import { isPhotoFileName } from './bank-package';
import { readBankUpload } from './bank-package.thread';
import { QUESTION_FIELDS, questionTagOf } from './questions.validation';
import { PHOTO_NAME_MAX } from '../../../domain/question-fields';
import {
  CONTENT_LANGUAGES,
  type ContentLanguage,
  TRANSLATED_FIELDS,
} from '../../../domain/question-languages';
import {
  outdatedLanguages,
  putTranslations,
  readTranslations,
  replaceTranslations,
  type TranslationRow,
} from './question-translations';
import { refreshSearchText } from './question-search';

/** What an import answers. */
export type BankImportResult = Schema<'BankImportResult'>;

// Rows per statement: under SQLite's and PostgreSQL's bound-parameter limits.
const QUESTIONS_PER_STATEMENT = 200;
// Photos per transaction while SQLite writes them: about 0.2 MB, a few milliseconds each.
const PHOTOS_PER_STEP = 4;
// SQLite's own defaults: a checkpoint once the write-ahead log passes 1000 pages; a page cache
// of 2 MB. The final step of a large import runs with a larger cache (64 MB), then gives it back.
const SQLITE_AUTOCHECKPOINT = 1000;
const SQLITE_CACHE_KIB = 2000;
const IMPORT_CACHE_KIB = 64 * 1024;

/** Lets the event loop answer what has waited (a health check, a page) before going on. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The questions staged for SQLite's final copy; a temporary table, this connection's own. */
interface StagedQuestionsTable {
  seq: number;
  question_text: string;
  answer_1: string;
  answer_2: string;
  answer_3: string | null;
  answer_4: string | null;
  answer_5: string | null;
  right_answers: string;
  points: number;
  photo: string | null;
  photo_alt: string | null;
  explanation: string | null;
  search_text: string;
}
const STAGED = 'bank_import_questions';
/** The translations staged with them, by the staged question's `seq`. */
interface StagedTranslationsTable extends Omit<TranslationRow, 'question_id'> {
  seq: number;
}
const STAGED_TRANSLATIONS = 'bank_import_translations';
type StagingDatabase = Database & {
  [STAGED]: StagedQuestionsTable;
  [STAGED_TRANSLATIONS]: StagedTranslationsTable;
};
const TRANSLATION_COLUMNS = ['language', ...TRANSLATED_FIELDS] as const;

/** What a row left out stands for: the stored question it copies, or an earlier row it repeats. */
type CopyOf = { storedId: number } | { row: number };

/** What an import wrote: the new questions' ids, topics and tickets given questions, copies translated. */
interface Written {
  ids: number[];
  topics: number;
  tickets: number;
  translated: BankImportResult['translated_rows'];
}

/** What the checks decided to write. */
interface ImportPlan {
  courseId: number;
  createdAt: string;
  /** Every row of the questions CSV, in order. */
  rows: readonly PackageQuestion[];
  /** The rows left out as copies (with `skip_duplicates`), by their place among `rows`. */
  copies: ReadonlyMap<number, CopyOf>;
  /** The rows that update a stored question in place (`update_edited`): its id, by place. */
  updates: ReadonlyMap<number, number>;
  /** The rows to add: `rows` without the copies and the updates. */
  questions: readonly PackageQuestion[];
  newPhotos: readonly PackagePhoto[];
  replacedPhotos: readonly PackagePhoto[];
  topics: PackageTopics | undefined;
}

/**
 * Imports a questions CSV or a bank package into a course (issue 38): read and checked whole
 * first (off the event loop when large), then written all or nothing. On PostgreSQL that is one
 * transaction. SQLite has one connection, which a long transaction would hold from every other
 * request, so there the new photos (which no question names yet) are written first in short
 * steps, the questions staged in a temporary table, and one short transaction makes the
 * questions, topics and replaced photos visible together; should it fail, the new photos go.
 */
export function createBankImport(deps: AppDeps) {
  const questionsRepository = createQuestionsRepository(deps.db);
  // One import at a time per process: they share SQLite's staging table.
  let queue: Promise<unknown> = Promise.resolve();

  async function check(
    read: ReadPackage,
    courseId: number,
    courseLanguage: ContentLanguage,
    replacePhotos: boolean,
  ): Promise<
    Pick<ImportPlan, 'newPhotos' | 'replacedPhotos'> & {
      renamed: RenamedPhoto[];
      /** Names the rows give in another case than the one stored photo they mean. */
      recased: RenamedPhoto[];
    }
  > {
    if (read.refusal) {
      throw new ValidationError(read.refusal.detail, { errors: read.refusal.errors });
    }
    // The questions CSV's columns of the course's own language are refused as it is read.
    const errors: PackageLineError[] = [...read.errors];
    const stored = await questionsRepository.imageEtags([
      ...read.elsewhere.map((photo) => photo.name),
      ...read.photos.map((photo) => photo.name),
    ]);
    // A bank made on Windows may name `UK_SIGN_21.PNG` a photo the server holds as
    // `UK_sign_21.png`, as a file beside the CSV is matched: the one stored photo of that name
    // but for case is the row's.
    const byCase = await questionsRepository.imageNamesIgnoringCase(
      read.elsewhere.filter((photo) => !stored.has(photo.name)).map((photo) => photo.name),
    );
    const recased: RenamedPhoto[] = [];
    for (const { name, lines } of read.elsewhere) {
      if (stored.has(name)) continue;
      const sameButCase = byCase.get(name.toLowerCase()) ?? [];
      if (sameButCase.length === 1) {
        recased.push({ from: name, to: sameButCase[0] as string });
        continue;
      }
      // A name of a kind no upload is read as (an SVG beside the CSV) says so, not "missing".
      const reason = !isPhotoFileName(name)
        ? text('photoKindRefused', { photo: name })
        : read.isPackage
          ? text('photoMissing', { photo: name })
          : text('unknownPhoto', { photo: name });
      for (const line of lines) errors.push({ line, reason });
    }
    for (const row of read.topics?.rows ?? []) {
      if (row.translations[courseLanguage] === undefined) continue;
      errors.push({
        line: row.line,
        file: read.topics?.file,
        reason: text('topicNameInCourseLanguage', { language: courseLanguage }),
      });
    }
    if (read.topics?.namedBy === 'question_ids') {
      const known = await idsInCourse(
        deps.db,
        read.topics.rows.flatMap((row) => row.refs),
        courseId,
      );
      for (const row of read.topics.rows) {
        const missing = row.refs.filter((id) => !known.has(id));
        if (missing.length > 0) {
          errors.push({
            line: row.line,
            file: read.topics.file,
            reason: text('questionIdsUnknown', { ids: missing.join(', ') }),
          });
        }
      }
    }
    if (errors.length > 0) {
      // The questions CSV's lines first, then the topics CSV's.
      errors.sort((a, b) => (a.file ?? '').localeCompare(b.file ?? '') || a.line - b.line);
      throw new ValidationError(text('badRows', { count: errors.length }), { errors });
    }
    // A name another course's questions use for other bytes (two schools' banks both holding a
    // `1.jpg`) is not this course's to replace: the package's photo takes a name of its own.
    const using = await questionsRepository.coursesUsingPhotos(
      read.photos
        .filter((photo) => (stored.get(photo.name) ?? photo.etag) !== photo.etag)
        .map((photo) => photo.name),
    );
    const renamed: RenamedPhoto[] = [];
    const photos = read.photos.map((photo) => {
      const courses = using.get(photo.name);
      if (courses === undefined || courses.has(courseId)) return photo;
      const name = nameBesideOthers(photo.name, photo.etag);
      renamed.push({ from: photo.name, to: name });
      return { ...photo, name };
    });
    const storedRenamed = await questionsRepository.imageEtags(renamed.map((photo) => photo.to));
    for (const [name, etag] of storedRenamed) stored.set(name, etag);
    const taken = photos.filter((photo) => {
      const etag = stored.get(photo.name);
      return etag !== undefined && etag !== photo.etag;
    });
    // A stored photo no question shows is replaced without asking: nobody would see the change.
    const shown = taken.filter((photo) => using.has(photo.name));
    if (shown.length > 0 && !replacePhotos) {
      const photos = shown.map((photo) => photo.name);
      throw new HttpError(
        409,
        text('photoNamesTaken', { count: photos.length, photos: photos.join(', ') }),
        { photos, photo_courses: await questionsRepository.courseNamesUsingPhotos(photos) },
      );
    }
    return {
      newPhotos: photos.filter((photo) => !stored.has(photo.name)),
      replacedPhotos: taken,
      renamed,
      recased,
    };
  }

  async function run(
    request: FastifyRequest,
    {
      courseId,
      courseName,
      courseLanguage,
      replacePhotos,
      skipDuplicates,
      updateEdited,
      caller,
    }: ImportOptions,
  ): Promise<BankImportResult> {
    const read = await readBankUpload(request, { courseLanguage });
    const { renamed, recased, ...photos } = await check(
      read,
      courseId,
      courseLanguage,
      replacePhotos,
    );
    const rows = withPhotosRenamed(read.questions, [...renamed, ...recased]);
    const { copies, updates, edited } =
      skipDuplicates || updateEdited
        ? await copiesAmong(deps.db, courseId, rows, updateEdited)
        : { copies: new Map<number, CopyOf>(), updates: new Map<number, number>(), edited: [] };
    const plan: ImportPlan = {
      courseId,
      createdAt: deps.now().toISOString(),
      rows,
      copies,
      updates,
      questions: rows.filter((_, at) => !copies.has(at) && !updates.has(at)),
      topics: read.topics,
      ...photos,
    };
    const written =
      deps.database.dialect === 'sqlite'
        ? await writeInSteps(deps.db, plan)
        : await deps.db.transaction().execute(async (trx) => {
            await insertPhotos(trx, plan.newPhotos, plan.createdAt);
            await replacePhotosIn(trx, plan.replacedPhotos);
            const ids = await insertQuestions(trx, plan);
            await putTranslations(trx, translationRows(plan, ids));
            return writeBesideQuestions(trx, plan, ids);
          });
    const imported = written.ids.length;
    const skipped = plan.copies.size;
    const photoCount = plan.newPhotos.length + plan.replacedPhotos.length;
    const extras = {
      ...(plan.updates.size > 0 ? { updated: plan.updates.size } : {}),
      ...(written.tickets > 0 ? { tickets: written.tickets } : {}),
    };
    await deps.audit.record(
      caller,
      read.isPackage
        ? {
            action: 'question.import_package',
            count: imported,
            skipped,
            photos: photoCount,
            topics: written.topics,
            filename: read.source,
            course: courseName,
            ...extras,
          }
        : {
            action: 'question.import',
            count: imported,
            skipped,
            filename: read.source,
            course: courseName,
            ...extras,
          },
    );
    for (const photo of plan.replacedPhotos) {
      await deps.audit.record(caller, { action: 'question.image_replace', filename: photo.name });
    }
    return {
      message: 'Questions imported successfully',
      imported,
      skipped,
      photos: photoCount,
      topics: written.topics,
      tickets: written.tickets,
      question_ids: written.ids,
      renamed_photos: renamed,
      edited_rows: edited,
      updated_rows: [...plan.updates].map(([at, id]) => ({
        line: plan.rows[at]?.line ?? 0,
        question_id: id,
      })),
      translated_rows: written.translated,
    };
  }

  return {
    /** Imports the request's uploaded files into the course; refusals are thrown as HTTP errors. */
    import(request: FastifyRequest, options: ImportOptions): Promise<BankImportResult> {
      const turn = queue.then(() => run(request, options));
      queue = turn.catch(() => undefined);
      return turn;
    },
  };
}

/** A package's photo stored under another name, its own being another course's photo. */
type RenamedPhoto = BankImportResult['renamed_photos'][number];

/**
 * The name a photo takes beside another course's photo of its name: the first characters of
 * its bytes' tag added before the extension (`1.jpg` as `1-Xk3v_9aQ.jpg`), so importing the same
 * package again gives the same name, whose stored bytes are then the same.
 */
export function nameBesideOthers(name: string, etag: string): string {
  const dot = name.lastIndexOf('.');
  const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  const tag = etag.replace(/"/g, '').slice(0, 8);
  const room = Math.max(1, PHOTO_NAME_MAX - extension.length - tag.length - 1);
  return `${stem.slice(0, room)}-${tag}${extension}`;
}

/** The rows with the photos renamed: the same rows when none was. */
function withPhotosRenamed(
  rows: readonly PackageQuestion[],
  renamed: readonly RenamedPhoto[],
): readonly PackageQuestion[] {
  if (renamed.length === 0) return rows;
  const names = new Map(renamed.map((photo) => [photo.from, photo.to]));
  return rows.map((row) => {
    const to = row.question.photo === null ? undefined : names.get(row.question.photo);
    return to === undefined ? row : { ...row, question: { ...row.question, photo: to } };
  });
}

interface ImportOptions {
  courseId: number;
  /** Named in the audit entry: a server may hold several schools' banks. */
  courseName: string;
  courseLanguage: ContentLanguage;
  /** Replace stored photos of the package's names that hold other bytes (else a 409). */
  replacePhotos: boolean;
  /** Leave out rows whose question the course holds, or that repeat an earlier row. */
  skipDuplicates: boolean;
  /** A new edition: a row with the text of one stored question updates it (implies skipping). */
  updateEdited: boolean;
  caller: Caller | null;
}

// Stored questions read per statement while looking for copies.
const QUESTIONS_PER_READ = 2000;

/**
 * The rows that copy a question the course holds (every stored field the same; the oldest such
 * question when the bank itself holds two) or an earlier row of the file, by place in `rows`.
 */
/**
 * The rows that copy a question the course holds, or an earlier row; and the rows, new, that
 * have the text of a stored question whose other fields differ (`edited`): an edited version of
 * it, perhaps, which the import adds beside it and says so.
 */
async function copiesAmong(
  db: Kysely<Database>,
  courseId: number,
  rows: readonly PackageQuestion[],
  updateEdited = false,
): Promise<{
  copies: Map<number, CopyOf>;
  updates: Map<number, number>;
  edited: BankImportResult['edited_rows'];
}> {
  const stored = new Map<string, number>();
  const storedTexts = new Map<string, number>();
  // Texts several stored questions share (signs' "Which sign…?" over different photos): a row
  // of such a text cannot tell which of them it would update.
  const sharedTexts = new Set<string>();
  for (let after = 0; ;) {
    const page = await db
      .selectFrom('questions')
      .select(['id', ...QUESTION_FIELDS])
      .where('course_id', '=', courseId)
      .where('id', '>', after)
      .orderBy('id')
      .limit(QUESTIONS_PER_READ)
      .execute();
    for (const question of page) {
      const key = questionTagOf(question);
      if (!stored.has(key)) stored.set(key, question.id);
      const text = question.question_text.trim();
      if (storedTexts.has(text)) sharedTexts.add(text);
      else storedTexts.set(text, question.id);
    }
    const last = page.at(-1);
    if (!last || page.length < QUESTIONS_PER_READ) break;
    after = last.id;
    await nextTurn();
  }
  const copies = new Map<number, CopyOf>();
  const firstRow = new Map<string, number>();
  /** The rows that are no copies but have a stored question's text: that question's id. */
  const sameText = new Map<number, number>();
  for (const [at, row] of rows.entries()) {
    const key = questionTagOf(row.question);
    const storedId = stored.get(key);
    const earlier = firstRow.get(key);
    if (storedId !== undefined) copies.set(at, { storedId });
    else if (earlier !== undefined) copies.set(at, { row: earlier });
    else {
      firstRow.set(key, at);
      const id = storedTexts.get(row.question.question_text.trim());
      if (id !== undefined) sameText.set(at, id);
    }
  }
  // A stored question is updated by one row alone, and not while another row copies it.
  const copied = new Set(
    [...copies.values()].flatMap((copy) => ('storedId' in copy ? [copy.storedId] : [])),
  );
  const rowsOf = new Map<number, number>();
  for (const id of sameText.values()) rowsOf.set(id, (rowsOf.get(id) ?? 0) + 1);
  const updates = new Map<number, number>();
  const edited: BankImportResult['edited_rows'] = [];
  for (const [at, id] of sameText) {
    const row = rows[at] as PackageQuestion;
    const updatable =
      updateEdited &&
      !sharedTexts.has(row.question.question_text.trim()) &&
      rowsOf.get(id) === 1 &&
      !copied.has(id);
    if (updatable) updates.set(at, id);
    else edited.push({ line: row.line, question_id: id });
  }
  return { copies, updates, edited };
}

/**
 * The question each row stands for, by place in the file: the new ones (`inserted`, in row
 * order) and, for a row left out, the question it copies.
 */
function idsOfRows(plan: ImportPlan, inserted: readonly number[]): (number | undefined)[] {
  const ids: (number | undefined)[] = [];
  let next = 0;
  for (let at = 0; at < plan.rows.length; at += 1) {
    const copy = plan.copies.get(at);
    const updated = plan.updates.get(at);
    if (updated !== undefined) ids.push(updated);
    else if (!copy) ids.push(inserted[next++]);
    else ids.push('storedId' in copy ? copy.storedId : ids[copy.row]);
  }
  return ids;
}

/** Those of `ids` whose questions are in the course. */
async function idsInCourse(
  db: Kysely<Database>,
  ids: readonly number[],
  courseId: number,
): Promise<Set<number>> {
  const wanted = [...new Set(ids)];
  const found = new Set<number>();
  for (let i = 0; i < wanted.length; i += 500) {
    const rows = await db
      .selectFrom('questions')
      .select('id')
      .where('course_id', '=', courseId)
      .where('id', 'in', wanted.slice(i, i + 500))
      .execute();
    for (const row of rows) found.add(row.id);
  }
  return found;
}

const imageRow = (photo: PackagePhoto, createdAt: string): ImageRow => ({
  name: photo.name,
  content_type: photo.contentType,
  data: Buffer.from(photo.data.buffer, photo.data.byteOffset, photo.data.byteLength),
  etag: photo.etag,
  created_at: createdAt,
});

async function insertPhotos(
  db: Kysely<Database>,
  photos: readonly PackagePhoto[],
  createdAt: string,
): Promise<void> {
  for (let i = 0; i < photos.length; i += PHOTOS_PER_STEP) {
    const rows = photos.slice(i, i + PHOTOS_PER_STEP).map((photo) => imageRow(photo, createdAt));
    await db.insertInto('images').values(rows).execute();
  }
}

async function replacePhotosIn(db: Kysely<Database>, photos: readonly PackagePhoto[]) {
  const repository = createQuestionsRepository(db);
  for (const photo of photos) await repository.replaceImage(imageRow(photo, ''));
}

/** The new questions' translations, each with its question's new id (`ids`, in row order). */
function translationRows(plan: ImportPlan, ids: readonly number[]): TranslationRow[] {
  return plan.questions.flatMap((entry, at) => {
    const id = ids[at];
    if (id === undefined) return [];
    return CONTENT_LANGUAGES.flatMap((language) => {
      const fields = entry.translations[language];
      return fields ? [{ question_id: id, language, ...fields }] : [];
    });
  });
}

const questionRow = (entry: PackageQuestion) => ({
  ...entry.question,
  search_text: entry.searchText,
});

/** PostgreSQL: the questions in statements of 200 rows, their new ids in row order. */
async function insertQuestions(trx: Kysely<Database>, plan: ImportPlan): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < plan.questions.length; i += QUESTIONS_PER_STATEMENT) {
    const rows = await trx
      .insertInto('questions')
      .values(
        plan.questions.slice(i, i + QUESTIONS_PER_STATEMENT).map((entry) => ({
          ...questionRow(entry),
          created_at: plan.createdAt,
          course_id: plan.courseId,
        })),
      )
      .returning('id')
      .execute();
    // PostgreSQL numbers a multi-row insert's rows in the order of its VALUES.
    ids.push(...rows.map((row) => row.id).sort((a, b) => a - b));
  }
  return ids;
}

/**
 * SQLite: new photos in short transactions, questions into the staging table, then one short
 * transaction (a single INSERT ... SELECT, the topics, the replaced photos). The event loop
 * gets a turn between the steps, so other requests are answered throughout.
 */
async function writeInSteps(db: Kysely<Database>, plan: ImportPlan): Promise<Written> {
  const written: string[] = [];
  const staging = db.withTables<{
    [STAGED]: StagedQuestionsTable;
    [STAGED_TRANSLATIONS]: StagedTranslationsTable;
  }>() as Kysely<StagingDatabase>;
  try {
    for (let i = 0; i < plan.newPhotos.length; i += PHOTOS_PER_STEP) {
      const step = plan.newPhotos.slice(i, i + PHOTOS_PER_STEP);
      await db.transaction().execute((trx) => insertPhotos(trx, step, plan.createdAt));
      written.push(...step.map((photo) => photo.name));
      await nextTurn();
    }
    await sql`create temp table if not exists ${sql.raw(STAGED)} (
      seq integer primary key, question_text text not null, answer_1 text not null,
      answer_2 text not null, answer_3 text, answer_4 text, answer_5 text,
      right_answers text not null, points integer not null, photo text, photo_alt text,
      explanation text, search_text text not null)`.execute(db);
    await sql`delete from ${sql.raw(STAGED)}`.execute(db);
    await sql`create temp table if not exists ${sql.raw(STAGED_TRANSLATIONS)} (
      seq integer not null, language text not null, question_text text not null,
      answer_1 text not null, answer_2 text not null, answer_3 text, answer_4 text, answer_5 text,
      explanation text, photo_alt text)`.execute(db);
    await sql`delete from ${sql.raw(STAGED_TRANSLATIONS)}`.execute(db);
    for (let i = 0; i < plan.questions.length; i += QUESTIONS_PER_STATEMENT) {
      // Numbered by the question's place in the file, as its staged row is.
      const translations = plan.questions
        .slice(i, i + QUESTIONS_PER_STATEMENT)
        .flatMap((entry, at) =>
          CONTENT_LANGUAGES.flatMap((language) => {
            const fields = entry.translations[language];
            return fields ? [{ seq: i + at, language, ...fields }] : [];
          }),
        );
      // At most 200 questions in 4 languages: 80 rows of 10 columns per statement.
      for (let j = 0; j < translations.length; j += QUESTIONS_PER_STATEMENT / 2) {
        await staging
          .insertInto(STAGED_TRANSLATIONS)
          .values(translations.slice(j, j + QUESTIONS_PER_STATEMENT / 2))
          .execute();
      }
    }
    for (let i = 0; i < plan.questions.length; i += QUESTIONS_PER_STATEMENT) {
      await staging
        .insertInto(STAGED)
        .values(
          plan.questions
            .slice(i, i + QUESTIONS_PER_STATEMENT)
            .map((entry, at) => ({ seq: i + at, ...questionRow(entry) })),
        )
        .execute();
      await nextTurn();
    }
    // The final step's commit would also copy its pages into the database file (an automatic
    // checkpoint): that is done as a step of its own after it, so neither holds others long.
    await sql`pragma wal_autocheckpoint = 0`.execute(db);
    // Room for the whole step's pages in memory, so none is written out twice along the way.
    await sql`pragma cache_size = ${sql.raw(String(-IMPORT_CACHE_KIB))}`.execute(db);
    const result = await db.transaction().execute(async (trx) => {
      await replacePhotosIn(trx, plan.replacedPhotos);
      const columns = sql.raw([...QUESTION_FIELDS, 'search_text'].join(', '));
      await sql`insert into questions (${columns}, created_at, course_id)
        select ${columns}, ${plan.createdAt}, ${plan.courseId} from ${sql.raw(STAGED)} order by seq`.execute(
        trx,
      );
      const last = await sql<{ id: number }>`select last_insert_rowid() as id`.execute(trx);
      const count = plan.questions.length;
      const lastId = Number(last.rows[0]?.id ?? 0);
      // One statement inserts its rows one after another, each numbered after the last.
      const ids = Array.from({ length: count }, (_, at) => lastId - count + 1 + at);
      const translated = sql.raw(TRANSLATION_COLUMNS.join(', '));
      await sql`insert into question_translations (question_id, ${translated})
        select ${lastId - count + 1} + seq, ${translated} from ${sql.raw(STAGED_TRANSLATIONS)}`.execute(
        trx,
      );
      return writeBesideQuestions(trx, plan, ids);
    });
    await nextTurn();
    await sql`pragma wal_autocheckpoint = ${sql.raw(String(SQLITE_AUTOCHECKPOINT))}`.execute(db);
    await sql`pragma wal_checkpoint(passive)`.execute(db);
    return result;
  } catch (error) {
    // The photos written ahead were out of sight (no question names them): they go again.
    for (let i = 0; i < written.length; i += 500) {
      await db
        .deleteFrom('images')
        .where('name', 'in', written.slice(i, i + 500))
        .execute()
        .catch(() => undefined);
    }
    throw error;
  } finally {
    await sql`pragma cache_size = ${sql.raw(String(-SQLITE_CACHE_KIB))}`
      .execute(db)
      .catch(() => undefined);
    await sql`pragma wal_autocheckpoint = ${sql.raw(String(SQLITE_AUTOCHECKPOINT))}`
      .execute(db)
      .catch(() => undefined);
    await sql`delete from ${sql.raw(STAGED)}`.execute(db).catch(() => undefined);
    await sql`delete from ${sql.raw(STAGED_TRANSLATIONS)}`.execute(db).catch(() => undefined);
  }
}

/**
 * Adds the rows' questions (`ids`, by row: the new ones and those copies stand for) to their
 * topics: those the topics CSV lists (by row or by id), then those each row's `topics` column
 * names, creating a topic the course lacks. A topic keeps the questions it had. Answers how
 * many topics were created or given questions.
 */
async function writeTopics(
  trx: Kysely<Database>,
  plan: ImportPlan,
  ids: readonly (number | undefined)[],
): Promise<number> {
  const existing = await trx
    .selectFrom('topics')
    .select(['id', 'name', 'question_ids', 'translations'])
    .where('course_id', '=', plan.courseId)
    .orderBy('id')
    .execute();
  interface Planned {
    id: number | undefined;
    name: string;
    /** Its names in other languages, as they will be stored. */
    translations: TopicTranslations;
    ids: number[];
    /** The same ids, to ask of in constant time (a topic may hold the whole bank). */
    has: Set<number>;
    touched: boolean;
  }
  const byName = new Map<string, Planned>();
  for (const row of existing) {
    const ids = storedQuestionIds(row.question_ids);
    byName.set(row.name.toLowerCase(), {
      id: row.id,
      name: row.name,
      translations: storedTopicTranslations(row.translations),
      ids,
      has: new Set(ids),
      touched: false,
    });
  }
  const topicNamed = (name: string): Planned => {
    const key = name.toLowerCase();
    let topic = byName.get(key);
    if (!topic) {
      topic = { id: undefined, name, translations: {}, ids: [], has: new Set(), touched: true };
      byName.set(key, topic);
    }
    return topic;
  };
  const add = (topic: Planned, id: number) => {
    if (!topic.has.has(id)) {
      topic.has.add(id);
      topic.ids.push(id);
      topic.touched = true;
    }
  };
  for (const row of plan.topics?.rows ?? []) {
    const topic = topicNamed(row.name);
    // The file's columns of other languages give the topic's names in them.
    const names = namesAfterFile(
      topic.translations,
      row.translations,
      plan.topics?.languages ?? [],
    );
    if (topicTranslationsJson(names) !== topicTranslationsJson(topic.translations)) {
      topic.translations = names;
      topic.touched = true;
    }
    for (const ref of row.refs) {
      const id = plan.topics?.namedBy === 'question_rows' ? ids[ref] : ref;
      if (id !== undefined) add(topic, id);
    }
  }
  for (const [at, question] of plan.rows.entries()) {
    const id = ids[at];
    if (id === undefined) continue;
    for (const name of question.topics) add(topicNamed(name), id);
  }
  let count = 0;
  for (const topic of byName.values()) {
    if (!topic.touched) continue;
    count += 1;
    const questionIds = JSON.stringify(topic.ids);
    if (topic.id === undefined) {
      await trx
        .insertInto('topics')
        .values({
          name: topic.name,
          question_ids: questionIds,
          created_at: plan.createdAt,
          course_id: plan.courseId,
          translations: topicTranslationsJson(topic.translations),
        })
        .execute();
    } else {
      await trx
        .updateTable('topics')
        .set({ question_ids: questionIds, translations: topicTranslationsJson(topic.translations) })
        .where('id', '=', topic.id)
        .execute();
    }
  }
  return count;
}

/**
 * The official tickets the questions CSV's `ticket` column numbers: each made of its rows'
 * questions in the file's order (a row repeating one already in it adds nothing), replacing the
 * course's ticket of that number; tickets the file does not number stay. Answers how many.
 */
async function writeTickets(
  trx: Kysely<Database>,
  plan: ImportPlan,
  rowIds: readonly (number | undefined)[],
): Promise<number> {
  const tickets = new Map<number, number[]>();
  plan.rows.forEach((row, at) => {
    const id = rowIds[at];
    if (id === undefined) return;
    for (const number of row.tickets) {
      const ids = tickets.get(number) ?? [];
      if (!ids.includes(id)) ids.push(id);
      tickets.set(number, ids);
    }
  });
  if (tickets.size === 0) return 0;
  const numbers = [...tickets.keys()].sort((a, b) => a - b);
  await trx
    .deleteFrom('tickets')
    .where('course_id', '=', plan.courseId)
    .where('ticket_number', 'in', numbers)
    .execute();
  await trx
    .insertInto('tickets')
    .values(
      numbers.map((number) => ({
        ticket_number: number,
        question_ids: JSON.stringify(tickets.get(number)),
        created_at: plan.createdAt,
        course_id: plan.courseId,
      })),
    )
    .execute();
  return numbers.length;
}

/**
 * What the import writes once its new questions are in (`inserted`, in row order): the stored
 * questions a new edition updates, then the topics and tickets naming every row's question.
 */
async function writeBesideQuestions(
  trx: Kysely<Database>,
  plan: ImportPlan,
  inserted: number[],
): Promise<Written> {
  await updateInPlace(trx, plan);
  const translated = await translateCopies(trx, plan);
  const rowIds = idsOfRows(plan, inserted);
  return {
    ids: inserted,
    topics: await writeTopics(trx, plan, rowIds),
    tickets: await writeTickets(trx, plan, rowIds),
    translated,
  };
}

/**
 * Stores the translations of rows left out as copies of a stored question on that question, each
 * language the row gives replacing the stored one (a copy has the question's answers, so they
 * fit), the others kept: adding a language's columns to a bank and importing it again is how a
 * school adds a language. The rows that changed something, by line.
 */
async function translateCopies(
  trx: Kysely<Database>,
  plan: ImportPlan,
): Promise<BankImportResult['translated_rows']> {
  const copies = [...plan.copies].flatMap(([at, copy]) => {
    const row = plan.rows[at] as PackageQuestion;
    return 'storedId' in copy && Object.keys(row.translations).length > 0
      ? [{ row, id: copy.storedId }]
      : [];
  });
  if (copies.length === 0) return [];
  const stored = await readTranslations(
    trx,
    copies.map((copy) => copy.id),
  );
  const translated: BankImportResult['translated_rows'] = [];
  for (const { row, id } of copies) {
    const before = stored.get(id) ?? {};
    const after = { ...before, ...row.translations };
    const changed = Object.entries(row.translations).some(
      ([language, fields]) =>
        JSON.stringify(before[language as ContentLanguage]) !== JSON.stringify(fields),
    );
    if (!changed) continue;
    // Two rows copying one question: the later one's languages win, as they would in order.
    stored.set(id, after);
    await replaceTranslations(trx, id, after);
    translated.push({ line: row.line, question_id: id });
  }
  await refreshSearchText(
    trx,
    translated.map((row) => row.question_id),
  );
  return translated;
}

/**
 * Writes the rows of a new edition over the stored questions they update: their fields, the
 * translations the row gives (by language), the stored translations the new answers still fit.
 */
async function updateInPlace(trx: Kysely<Database>, plan: ImportPlan): Promise<void> {
  if (plan.updates.size === 0) return;
  const ids = [...plan.updates.values()];
  const kept = await readTranslations(trx, ids);
  for (const [at, id] of plan.updates) {
    const row = plan.rows[at] as PackageQuestion;
    await trx.updateTable('questions').set(row.question).where('id', '=', id).execute();
    const stored = kept.get(id) ?? {};
    const outdated = new Set(outdatedLanguages(stored, row.question));
    const stillFitting = Object.fromEntries(
      Object.entries(stored).filter(([language]) => !outdated.has(language as ContentLanguage)),
    );
    await replaceTranslations(trx, id, { ...stillFitting, ...row.translations });
  }
  await refreshSearchText(trx, ids);
}
