import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps';
import {
  BadRequestError,
  HttpError,
  NotFoundError,
  PreconditionFailedError,
  UnsupportedMediaError,
  ValidationError,
} from '../../http/errors';
import { readUploadedFile } from '../../http/uploads';
import {
  type OperationHandlers,
  requireCaller,
  type Schema,
  sendJson,
} from '../../http/operations';
import { adminCourseOf, courseOf, examDraw } from '../courses/courses.model';
import { createBankImport } from './bank-import';
import { exportBankPackage } from './bank-export';
import {
  detectImageKind,
  imageSizeOf,
  MAX_IMAGE_BYTES,
  photoUrlOf,
  photoVersionOf,
} from './questions.images';
import { type QuestionRecordWithPhoto, toQuestion } from './questions.model';
import { etagOf, ifMatchAllows, ifMatchOf, matchesEtag, tagReply } from '../../http/entity-tags';
import { createQuestionsRepository } from './questions.repository';
import {
  checkQuestion,
  isPhotoName,
  photoNameOf,
  questionTagOf,
  type QuestionDraft,
  type QuestionFields,
} from './questions.validation';
import { text } from '../../i18n/text';
import { trimText } from '../../http/text-characters';
import type { BankSnapshot, CourseBank } from './question-bank';
import { fillSearchText, pageOfIds, refreshSearchText, searchQuestionIds } from './question-search';
import { type ContentLanguage, readTranslation } from '../../../domain/question-languages';
import {
  languageOfCourse,
  outdatedLanguages,
  type QuestionView,
  readTranslations,
  replaceTranslations,
  shownQuestion,
  STORED_VIEW,
  translationProblemText,
  type Translations,
  viewKey,
} from './question-translations';
import { learnerView } from './question-views';
import { importTranslationsCsv, exportTranslationsCsv } from './translations-csv';
import { CONTENT_LANGUAGES } from '../../../domain/question-languages';
import { BoundedMap } from '../../bounded-map';

/** Pages kept per bank snapshot, each of at most 16 KB (about 30 questions): 2 MB at worst. */
const BUILT_PAGES = 128;
const BUILT_PAGE_BYTES = 16 * 1024;

export type QuestionOperations =
  | 'listAdminQuestions'
  | 'createQuestion'
  | 'getAdminQuestion'
  | 'updateQuestion'
  | 'deleteQuestion'
  | 'importQuestionsCsv'
  | 'exportQuestionsPackage'
  | 'uploadQuestionImage'
  | 'deleteAllQuestions'
  | 'listQuestions'
  | 'getQuestionImage'
  | 'importQuestionTranslations'
  | 'exportQuestionTranslations';

/**
 * Which questions a page shows: those matching `search` (blank means all), in the topic, and
 * (for administrators) without a translation into `missingLanguage`.
 */
interface QuestionFilter {
  search: string;
  topicId: number | undefined;
  missingLanguage?: ContentLanguage | undefined;
}

function filterOf(query: { search?: string; topic_id?: number } | undefined): QuestionFilter {
  return { search: trimText(query?.search ?? ''), topicId: query?.topic_id };
}

type TranslationsInput = Schema<'QuestionTranslationsInput'>;

/**
 * The translations an administrator sent, checked against the question they translate (422 at
 * `translations`, naming the first problem, when one does not fit).
 */
function checkedTranslations(
  input: TranslationsInput,
  question: QuestionFields,
  courseLanguage: ContentLanguage,
): Translations {
  const checked: Translations = {};
  for (const language of CONTENT_LANGUAGES) {
    const draft = input[language];
    if (!draft) continue;
    const read = readTranslation(draft, { language, courseLanguage, question });
    if (!read.ok) {
      const [problem] = read.problems;
      if (problem)
        throw new ValidationError(translationProblemText(problem), { field: 'translations' });
      continue;
    }
    checked[language] = read.translation;
  }
  return checked;
}

/** A question's entity tag with its translations: any change to them is a new version. */
function questionTagWith(question: QuestionFields, translations: Translations): string {
  const languages = CONTENT_LANGUAGES.filter((language) => translations[language]);
  if (languages.length === 0) return questionTagOf(question);
  return etagOf(
    JSON.stringify([questionTagOf(question), languages.map((language) => translations[language])]),
  );
}

// A photo asked for by its versioned URL (a question's photo_url) never changes under it: a
// replaced photo gets a new version, so browsers may keep it for good, offline too. Asked for
// without one (or by an old one), the name's bytes may change: the browser asks again each time.
const IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
const UNVERSIONED_IMAGE_CACHE_CONTROL = 'no-cache';
// An SVG is a document that could run script; this policy lets any image draw and nothing more.
const IMAGE_POLICY = "default-src 'none'; style-src 'unsafe-inline'";

/** Handlers of the questions operations. */
export function createQuestionHandlers(deps: AppDeps): Pick<OperationHandlers, QuestionOperations> {
  const questions = createQuestionsRepository(deps.db);
  const bankImport = createBankImport(deps);

  // Pages answered already, per snapshot, as the bytes sent (see pageOf).
  const builtPages = new WeakMap<BankSnapshot, BoundedMap<string, Buffer>>();

  // Snapshots whose bank has every search_text filled: one check per bank revision.
  const searchable = new WeakSet<BankSnapshot>();

  /** The course's ids, ascending, that the filter lets through (all of them without one). */
  async function filteredIds(
    bank: BankSnapshot,
    course: CourseBank,
    filter: QuestionFilter,
  ): Promise<Int32Array> {
    const topic =
      filter.topicId === undefined
        ? undefined
        : (await course.topics()).find((candidate) => candidate.id === filter.topicId);
    if (filter.topicId !== undefined && !topic) throw new NotFoundError(text('topicNotFound'));
    let ids = course.ids;
    if (filter.missingLanguage) {
      const translated = await course.translatedIds(filter.missingLanguage);
      // The course's own language is no translation it could lack.
      ids =
        filter.missingLanguage === languageOfCourse(course.course)
          ? new Int32Array(0)
          : ids.filter((id) => !translated.has(id));
    }
    if (filter.search) {
      if (!searchable.has(bank)) {
        // Filling moves the bank's revision; the next snapshot is the one searched.
        if (await fillSearchText(deps.db)) bank = await deps.bank.snapshot();
        searchable.add(bank);
      }
      const courseId = course.course.id;
      const found = await searchQuestionIds(deps.db, filter.search);
      const allowed = filter.missingLanguage ? new Set(ids) : undefined;
      ids = found.filter(
        (id) => bank.answerKey(id)?.courseId === courseId && (allowed?.has(id) ?? true),
      );
    }
    if (!topic) return ids;
    // Through the bank's (or the search's) ids: a topic may still list a question that is gone.
    const inTopic = new Set(topic.questionIds);
    return ids.filter((id) => inTopic.has(id));
  }

  /**
   * A page of the bank (or of the questions matching a filter), answered as JSON text built
   * from the questions' cached JSON: the contract's QuestionPage, without serializing the same
   * questions again on every request. A page without a search is also kept as sent, with the
   * bank snapshot it came from: asked again before the bank changes, it is sent as it is.
   */
  async function pageOf(
    { request, reply }: { request: FastifyRequest; reply: FastifyReply },
    courseIn: (bank: BankSnapshot) => CourseBank,
    page: number,
    limit: number,
    filter: QuestionFilter,
    viewIn: (course: CourseBank) => Promise<QuestionView> | QuestionView = () => STORED_VIEW,
  ) {
    // Query text such as 1e400 passes the contract's integer check as Infinity.
    if (!Number.isSafeInteger(page)) throw new BadRequestError(text('pageNotWhole'));
    const bank = await deps.bank.snapshot(request.revisions);
    const course = courseIn(bank);
    const view = await viewIn(course);
    // A search reads the database's text index; any other page is the snapshot's alone.
    const key = filter.search
      ? undefined
      : `${course.course.id} ${page} ${limit} ${filter.topicId ?? ''} ${filter.missingLanguage ?? ''} ${viewKey(view)}`;
    let pages = builtPages.get(bank);
    const built = key === undefined ? undefined : pages?.get(key);
    if (built) return sendJson(reply, built);
    const ids = await filteredIds(bank, course, filter);
    const totalQuestions = ids.length;
    // An empty bank still has one (empty) page, so "page 1 of 1" and go-to-page keep working.
    const totalPages = Math.max(1, Math.ceil(totalQuestions / limit));
    const questions = await bank.questionsJson(pageOfIds(ids, page, limit), view);
    const answer = Buffer.concat([
      Buffer.from('{"questions":'),
      questions,
      Buffer.from(
        `,"page":${page},"limit":${limit},"totalPages":${totalPages},"totalQuestions":${totalQuestions}}`,
      ),
    ]);
    if (key !== undefined && answer.length <= BUILT_PAGE_BYTES) {
      if (!pages) builtPages.set(bank, (pages = new BoundedMap(BUILT_PAGES)));
      pages.set(key, answer);
    }
    return sendJson(reply, answer);
  }

  /** The question as stored, with its photo's entity tag, or a 422 naming what is wrong. */
  async function validQuestion(
    draft: QuestionDraft,
  ): Promise<{ fields: QuestionFields; photoEtag: string | null }> {
    const checked = checkQuestion(draft);
    if (!checked.ok) throw new ValidationError(checked.reason);
    const { photo } = checked.question;
    if (photo === null) return { fields: checked.question, photoEtag: null };
    const etag = (await questions.imageEtags([photo])).get(photo);
    if (etag === undefined) throw new ValidationError(text('unknownPhoto', { photo }));
    return { fields: checked.question, photoEtag: etag };
  }

  /** A question as administrators read it: as stored, in its course's language, with its translations. */
  const storedQuestion = (
    row: QuestionRecordWithPhoto,
    photoEtag: string | null,
    courseLanguage: ContentLanguage,
    translations: Translations,
  ) =>
    shownQuestion(
      toQuestion({ ...row, photo_etag: photoEtag }),
      courseLanguage,
      translations,
      STORED_VIEW,
    );

  /** The exam language of the course a stored question is in. */
  async function courseLanguageOf(courseId: number): Promise<ContentLanguage> {
    const course = (await deps.bank.snapshot()).course(courseId);
    return course ? languageOfCourse(course.course) : 'en';
  }

  return {
    async listAdminQuestions({ query, request, reply }) {
      return pageOf(
        { request, reply },
        (bank) => adminCourseOf(bank, query?.course_id),
        query?.page ?? 1,
        query?.limit ?? 10,
        { ...filterOf(query), missingLanguage: query?.missing_language },
      );
    },

    async createQuestion({ body, caller, query }) {
      const course = adminCourseOf(await deps.bank.snapshot(), query?.course_id);
      const courseLanguage = languageOfCourse(course.course);
      const { fields, photoEtag } = await validQuestion(body);
      const translations = checkedTranslations(body.translations ?? {}, fields, courseLanguage);
      const row = await deps.db.transaction().execute(async (trx) => {
        const created = await createQuestionsRepository(trx).insert(
          fields,
          deps.now().toISOString(),
          course.course.id,
        );
        if (Object.keys(translations).length > 0) {
          await replaceTranslations(trx, created.id, translations);
          await refreshSearchText(trx, [created.id]);
        }
        return created;
      });
      await deps.audit.record(caller, { action: 'question.create', id: row.id });
      return storedQuestion(row, photoEtag, courseLanguage, translations);
    },

    async getAdminQuestion({ params, reply }) {
      const row = await questions.byId(params.id);
      if (!row) throw new NotFoundError(text('questionNotFound'));
      const translations = (await readTranslations(deps.db, [row.id])).get(row.id) ?? {};
      tagReply(reply, questionTagWith(row, translations));
      const photoEtag =
        row.photo === null ? null : (await questions.imageEtags([row.photo])).get(row.photo);
      return storedQuestion(
        row,
        photoEtag ?? null,
        await courseLanguageOf(row.course_id),
        translations,
      );
    },

    async updateQuestion({ params, body, caller, request, reply }) {
      const existing = await questions.byId(params.id);
      if (!existing) throw new NotFoundError(text('questionNotFound'));
      const { fields, photoEtag } = await validQuestion(body);
      const courseLanguage = await courseLanguageOf(existing.course_id);
      const given =
        body.translations === undefined
          ? undefined
          : checkedTranslations(body.translations, fields, courseLanguage);
      const changed = text('questionChanged');
      const ifMatch = ifMatchOf(request);
      const written = await deps.db.transaction().execute(async (trx) => {
        // Checked again as it is written: another save may have come in since it was read. The
        // question's row is written first, so a concurrent save of it (translations included)
        // waits for this one.
        const row = await createQuestionsRepository(trx).replace(
          params.id,
          fields,
          ifMatch === undefined ? undefined : existing,
        );
        if (!row) return undefined;
        const kept = (await readTranslations(trx, [row.id])).get(row.id) ?? {};
        // The version named must be the one stored, its translations too.
        if (!ifMatchAllows(ifMatch, questionTagWith(existing, kept))) {
          throw new PreconditionFailedError(changed);
        }
        let translations = kept;
        if (given) {
          await replaceTranslations(trx, row.id, given);
          translations = given;
        } else {
          const outdated = outdatedLanguages(kept, fields);
          if (outdated.length > 0) {
            throw new ValidationError(
              text('translationsOutdated', {
                languages: outdated.map((language) => text('languageName', { language })),
              }),
              { field: 'translations' },
            );
          }
        }
        if (Object.keys(translations).length > 0 || Object.keys(kept).length > 0) {
          await refreshSearchText(trx, [row.id]);
        }
        return { row, translations };
      });
      if (!written) {
        if (await questions.byId(params.id)) throw new PreconditionFailedError(changed);
        throw new NotFoundError(text('questionNotFound'));
      }
      await deps.audit.record(caller, { action: 'question.update', id: written.row.id });
      tagReply(reply, questionTagWith(written.row, written.translations));
      return storedQuestion(written.row, photoEtag, courseLanguage, written.translations);
    },

    async deleteQuestion({ params, caller }) {
      if (!(await questions.delete(params.id))) throw new NotFoundError(text('questionNotFound'));
      await deps.audit.record(caller, { action: 'question.delete', id: params.id });
      return { message: 'Question deleted successfully' };
    },

    async importQuestionsCsv({ request, caller, query }) {
      const course = adminCourseOf(await deps.bank.snapshot(), query?.course_id);
      return bankImport.import(request, {
        courseId: course.course.id,
        courseName: course.course.name,
        courseLanguage: languageOfCourse(course.course),
        replacePhotos: query?.replace_photos === true,
        skipDuplicates: query?.skip_duplicates === true,
        updateEdited: query?.update_edited === true,
        caller,
      });
    },

    async exportQuestionsPackage({ reply, query }) {
      const course = adminCourseOf(await deps.bank.snapshot(), query?.course_id).course;
      const zip = await exportBankPackage(deps.db, course.id);
      const date = deps.now().toISOString().slice(0, 10);
      return reply
        .header(
          'content-disposition',
          `attachment; filename="bank_course-${course.id}_${date}.zip"`,
        )
        .type('application/zip')
        .send(zip);
    },

    async uploadQuestionImage({ request, reply, caller, query }) {
      const upload = await readUploadedFile(request, MAX_IMAGE_BYTES);
      const { data } = upload;
      const filename = photoNameOf(upload.filename);
      // Kept as it is named: refused, never renamed behind the administrator's back.
      if (!isPhotoName(filename)) {
        throw new ValidationError(text('unsafePhotoName', { name: filename }), { field: 'file' });
      }
      const kind = detectImageKind(data);
      if (!kind) throw new UnsupportedMediaError(text('notImage'));
      // Its type's first bytes are not enough: a header cut short or junk after them is no picture.
      if (!imageSizeOf(data, kind)) {
        throw new ValidationError(text('damagedImage', { format: kind.format }));
      }
      const etag = etagOf(data);
      const stored = (await questions.imageEtags([filename])).get(filename);
      const answer = (status: 'created' | 'unchanged' | 'replaced') =>
        reply
          .code(status === 'created' ? 201 : 200)
          .send({ filename, url: photoUrlOf(filename, etag), status });
      if (stored === etag) return answer('unchanged');
      const image = { name: filename, content_type: kind.contentType, data, etag };
      if (stored !== undefined) {
        // A photo no question shows (one chosen in a form that was then discarded) is replaced
        // without asking: nobody would see the change.
        if (query?.replace !== true && (await questions.coursesUsingPhotos([filename])).size > 0) {
          throw new HttpError(409, text('photoNamesTaken', { count: 1, photos: filename }), {
            photos: [filename],
            photo_courses: await questions.courseNamesUsingPhotos([filename]),
          });
        }
        await questions.replaceImage(image);
        await deps.audit.record(caller, { action: 'question.image_replace', filename });
        return answer('replaced');
      }
      await questions.insertImage({ ...image, created_at: deps.now().toISOString() });
      await deps.audit.record(caller, { action: 'question.image_upload', filename });
      return answer('created');
    },

    async deleteAllQuestions({ caller, query }) {
      const course = adminCourseOf(await deps.bank.snapshot(), query?.course_id);
      const deleted = await questions.deleteAll(course.course.id);
      await deps.audit.record(caller, {
        action: 'question.delete_all',
        count: deleted,
        course: course.course.name,
      });
      return { message: 'All questions deleted successfully' };
    },

    async listQuestions({ query, request, reply, caller }) {
      const learner = requireCaller(caller);
      // In the learner's language, with the exam's words beside when asked.
      const viewOf = (course: CourseBank) =>
        learnerView(course, learner, request, { withOriginal: query?.with_original });
      if (query?.mode === 'training') {
        const bank = await deps.bank.snapshot(request.revisions);
        const course = courseOf(bank, learner);
        return sendJson(reply, await bank.questionsJson(examDraw(course), await viewOf(course)));
      }
      return pageOf(
        { request, reply },
        (bank) => courseOf(bank, learner),
        query?.page ?? 1,
        query?.limit ?? 10,
        filterOf(query),
        viewOf,
      );
    },

    async importQuestionTranslations({ request, caller, query }) {
      const course = adminCourseOf(await deps.bank.snapshot(), query?.course_id);
      return importTranslationsCsv(deps, request, course.course, caller);
    },

    async exportQuestionTranslations({ reply, query }) {
      const course = adminCourseOf(await deps.bank.snapshot(), query?.course_id).course;
      const csv = await exportTranslationsCsv(deps.db, course);
      const date = deps.now().toISOString().slice(0, 10);
      return reply
        .header(
          'content-disposition',
          `attachment; filename="translations_course-${course.id}_${date}.csv"`,
        )
        .type('text/csv; charset=utf-8')
        .send(csv);
    },

    async getQuestionImage({ params, query, request, reply }) {
      const image = await questions.imageByName(photoNameOf(params.name));
      if (!image) throw new NotFoundError(text('imageNotFound'));
      const current = query?.v !== undefined && query.v === photoVersionOf(image.etag);
      reply
        .header('etag', image.etag)
        .header('cache-control', current ? IMAGE_CACHE_CONTROL : UNVERSIONED_IMAGE_CACHE_CONTROL)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', IMAGE_POLICY);
      if (matchesEtag(request.headers['if-none-match'], image.etag)) {
        return reply.code(304).send();
      }
      return reply.code(200).type(image.content_type).send(Buffer.from(image.data));
    },
  };
}
