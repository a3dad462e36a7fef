import type { AppDeps } from '../../deps';
import {
  BadRequestError,
  NotFoundError,
  UnsupportedMediaError,
  ValidationError,
} from '../../http/errors';
import { readUploadedFile } from '../../http/uploads';
import type { OperationHandlers } from '../../http/operations';
import { readNumberSetting } from '../settings/settings.defaults';
import { readQuestionsCsv, refusedRows } from './questions.csv';
import { detectImageKind, MAX_IMAGE_BYTES, matchesEtag, newImageName } from './questions.images';
import { etagOf, type Question, randomQuestions, toQuestion } from './questions.model';
import { createQuestionsRepository } from './questions.repository';
import {
  checkQuestion,
  type QuestionDraft,
  type QuestionFields,
  unknownPhotos,
} from './questions.validation';

export type QuestionOperations =
  | 'listAdminQuestions'
  | 'createQuestion'
  | 'updateQuestion'
  | 'deleteQuestion'
  | 'importQuestionsCsv'
  | 'uploadQuestionImage'
  | 'deleteAllQuestions'
  | 'listQuestions'
  | 'getQuestionImage';

/** Other modules cache what they derive from the bank under this prefix. */
const QUESTIONS_CACHE_PREFIX = 'questions:';
const BANK_SIZE_KEY = `${QUESTIONS_CACHE_PREFIX}count`;
const BANK_SIZE_TTL_MS = 5_000;

// Photos never change under a name (a new upload gets a new name), so browsers may keep them.
const IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
// An SVG is a document that could run script; this policy lets it draw and nothing more.
const SVG_POLICY = "default-src 'none'; style-src 'unsafe-inline'";

interface QuestionPage {
  questions: Question[];
  page: number;
  limit: number;
  totalPages: number;
  totalQuestions: number;
}

/** Handlers of the questions operations. */
export function createQuestionHandlers(deps: AppDeps): Pick<OperationHandlers, QuestionOperations> {
  const questions = createQuestionsRepository(deps.db);

  /**
   * The bank's size, kept a few seconds: counting a large bank costs more than reading the page
   * (7 ms against 0.5 ms on 100,000 questions in SQLite). A change here clears it at once
   * (bankChanged); another process sees it within the lifetime.
   */
  async function bankSize(): Promise<number> {
    const cached = deps.cache.get<number>(BANK_SIZE_KEY);
    if (cached !== undefined) return cached;
    const total = await questions.count();
    deps.cache.set(BANK_SIZE_KEY, total, BANK_SIZE_TTL_MS);
    return total;
  }

  async function pageOf(page: number, limit: number): Promise<QuestionPage> {
    // Query text such as 1e400 passes the contract's integer check as Infinity.
    if (!Number.isSafeInteger(page)) throw new BadRequestError('query/page must be a whole number');
    const totalQuestions = await bankSize();
    // An empty bank still has one (empty) page, so "page 1 of 1" and go-to-page keep working.
    const totalPages = Math.max(1, Math.ceil(totalQuestions / limit));
    const rows = page > totalPages ? [] : await questions.page(page, limit);
    return { questions: rows.map(toQuestion), page, limit, totalPages, totalQuestions };
  }

  /** The question as stored, or a 422 naming what is wrong with it. */
  async function validQuestion(draft: QuestionDraft): Promise<QuestionFields> {
    const checked = checkQuestion(draft);
    if (!checked.ok) throw new ValidationError(checked.reason);
    const { photo } = checked.question;
    if (photo !== null && (await unknownPhotos(deps.db, [photo])).size > 0) {
      throw new ValidationError(`Unknown photo "${photo}"; upload the image first`);
    }
    return checked.question;
  }

  function bankChanged() {
    deps.cache.delete(QUESTIONS_CACHE_PREFIX);
  }

  return {
    async listAdminQuestions({ query }) {
      return pageOf(query?.page ?? 1, query?.limit ?? 10);
    },

    async createQuestion({ body, caller }) {
      const fields = await validQuestion(body);
      const row = await questions.insert(fields, deps.now().toISOString());
      bankChanged();
      await deps.audit.record(caller, 'question.create', `Created question #${row.id}`);
      return toQuestion(row);
    },

    async updateQuestion({ params, body, caller }) {
      if (!(await questions.byId(params.id))) throw new NotFoundError('Question not found');
      const fields = await validQuestion(body);
      const row = await questions.replace(params.id, fields);
      if (!row) throw new NotFoundError('Question not found');
      bankChanged();
      await deps.audit.record(caller, 'question.update', `Updated question #${row.id}`);
      return toQuestion(row);
    },

    async deleteQuestion({ params, caller }) {
      if (!(await questions.delete(params.id))) throw new NotFoundError('Question not found');
      bankChanged();
      await deps.audit.record(caller, 'question.delete', `Deleted question #${params.id}`);
      return { message: 'Question deleted successfully' };
    },

    async importQuestionsCsv({ request, caller }) {
      const { data, filename } = await readUploadedFile(request);
      const csv = readQuestionsCsv(data);
      if (!csv.ok) throw new ValidationError(csv.detail, { errors: csv.errors });
      const photos = csv.rows.flatMap((row) =>
        row.question.photo === null ? [] : [row.question.photo],
      );
      const missing = await unknownPhotos(deps.db, photos);
      if (missing.size > 0) {
        const refused = refusedRows(
          csv.rows
            .filter((row) => row.question.photo !== null && missing.has(row.question.photo))
            .map((row) => ({
              line: row.line,
              reason: `Unknown photo "${row.question.photo}"; upload the image first`,
            })),
        );
        throw new ValidationError(refused.detail, { errors: refused.errors });
      }
      await questions.insertAll(
        csv.rows.map((row) => row.question),
        deps.now().toISOString(),
      );
      bankChanged();
      const imported = csv.rows.length;
      await deps.audit.record(
        caller,
        'question.import',
        `Imported ${imported} questions from ${filename || 'a CSV file'}`,
      );
      return { message: 'Questions imported successfully', imported };
    },

    async uploadQuestionImage({ request, caller }) {
      const { data } = await readUploadedFile(request, MAX_IMAGE_BYTES);
      const kind = detectImageKind(data);
      if (!kind) throw new UnsupportedMediaError('The file is not a PNG, JPEG, WebP or GIF image');
      const filename = newImageName(kind);
      await questions.insertImage({
        name: filename,
        content_type: kind.contentType,
        data,
        etag: etagOf(data),
        created_at: deps.now().toISOString(),
      });
      await deps.audit.record(caller, 'question.image_upload', `Uploaded image ${filename}`);
      return { filename, url: `/api/v1/images/questions/${filename}` };
    },

    async deleteAllQuestions({ caller }) {
      const deleted = await questions.deleteAll();
      bankChanged();
      await deps.audit.record(
        caller,
        'question.delete_all',
        `Deleted all ${deleted} questions, the tickets and the topics' question lists`,
      );
      return { message: 'All questions deleted successfully' };
    },

    async listQuestions({ query }) {
      if (query?.mode === 'training') {
        const count = await readNumberSetting(deps, 'exam_question_count');
        return (await randomQuestions(deps.db, count)).map(toQuestion);
      }
      return pageOf(query?.page ?? 1, query?.limit ?? 10);
    },

    async getQuestionImage({ params, request, reply }) {
      const image = await questions.imageByName(params.name);
      if (!image) throw new NotFoundError('Image not found');
      reply
        .header('etag', image.etag)
        .header('cache-control', IMAGE_CACHE_CONTROL)
        .header('x-content-type-options', 'nosniff');
      if (image.content_type === 'image/svg+xml')
        reply.header('content-security-policy', SVG_POLICY);
      if (matchesEtag(request.headers['if-none-match'], image.etag)) {
        return reply.code(304).send();
      }
      return reply.code(200).type(image.content_type).send(Buffer.from(image.data));
    },
  };
}
