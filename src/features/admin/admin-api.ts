import { ApiError, apiErrorFrom, detailFrom, type ApiClient, type components } from '../../api';
import type { SaveOutcome } from '../../../machines/record-edit.types';
import { uploadFetchFor, type UploadProgress } from '../../api/progress-fetch';
import { unwrapResponse } from '../../api/unwrap-response';

export type AdminUser = components['schemas']['User'];
export type UserCreate = components['schemas']['UserCreate'];
export type UserUpdate = components['schemas']['UserUpdate'];
export type Question = components['schemas']['Question'];
export type QuestionInput = components['schemas']['QuestionInput'];
export type Ticket = components['schemas']['Ticket'];
export type TicketStats = components['schemas']['TicketStats'];
export type Topic = components['schemas']['Topic'];
export type TopicStats = components['schemas']['TopicStats'];
export type Setting = components['schemas']['Setting'];
export type SettingInput = components['schemas']['SettingInput'];
export type SettingUpdate = components['schemas']['SettingUpdate'];
export type DataType = components['schemas']['DataType'];
export type SettingRule = components['schemas']['SettingRule'];
export type SystemStatus = components['schemas']['SystemStatus'];
export type ActivityEntry = components['schemas']['ActivityEntry'];
export type ImportResult = components['schemas']['ImportResult'];
export type BankImportResult = components['schemas']['BankImportResult'];
export type UploadedImage = components['schemas']['UploadedImage'];
export type CsvLineError = components['schemas']['CsvError']['errors'][number];

/** A refused CSV file (422): the server's detail and its reasons line by line. */
export class CsvRejectedError extends ApiError {
  readonly errors: CsvLineError[];

  constructor(detail: string | null, errors: CsvLineError[]) {
    super(422, detail);
    this.name = 'CsvRejectedError';
    this.errors = errors;
  }
}

/** A 409: the server holds photos under these names with other bytes; replacing them is asked. */
export class PhotoConflictError extends ApiError {
  readonly photos: string[];
  /** The courses whose questions use those photos now (`photo_courses`). */
  readonly courses: string[];

  constructor(detail: string | null, photos: string[], courses: string[] = []) {
    super(409, detail);
    this.name = 'PhotoConflictError';
    this.photos = photos;
    this.courses = courses;
  }
}

/** A topic a topics CSV would take questions away from: how many it has, how many would go. */
export interface ShrinkingTopic {
  name: string;
  questions: number;
  removed: number;
}

/** A 409: the topics CSV would take questions away from these topics; replacing is asked. */
export class TopicsShrinkError extends ApiError {
  readonly topics: ShrinkingTopic[];

  constructor(detail: string | null, topics: ShrinkingTopic[]) {
    super(409, detail);
    this.name = 'TopicsShrinkError';
    this.topics = topics;
  }
}

function shrinkingTopicsOf(body: unknown): ShrinkingTopic[] | null {
  if (typeof body !== 'object' || body === null || !('shrinking_topics' in body)) return null;
  const { shrinking_topics: topics } = body as { shrinking_topics: unknown };
  return Array.isArray(topics) ? (topics as ShrinkingTopic[]) : null;
}

/** A list of names the body holds under `key`, or null. */
function namesOf(body: unknown, key: 'photos' | 'photo_courses'): string[] | null {
  if (typeof body !== 'object' || body === null || !(key in body)) return null;
  const names = (body as Record<string, unknown>)[key];
  return Array.isArray(names) && names.every((name) => typeof name === 'string')
    ? (names as string[])
    : null;
}

function lineErrorsOf(body: unknown): CsvLineError[] | null {
  if (typeof body !== 'object' || body === null || !('errors' in body)) return null;
  const { errors } = body as { errors: unknown };
  return Array.isArray(errors) ? (errors as CsvLineError[]) : null;
}

interface Result<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** Like `unwrap`, but a 422 carrying `errors` becomes a CsvRejectedError. */
async function unwrapUpload<T>(call: Promise<Result<T>>): Promise<T> {
  const result = await unwrapResponse(call, (status, body) => {
    const errors = lineErrorsOf(body);
    const photos = namesOf(body, 'photos');
    if (status === 409 && photos) {
      return new PhotoConflictError(detailFrom(body), photos, namesOf(body, 'photo_courses') ?? []);
    }
    const shrinking = shrinkingTopicsOf(body);
    if (status === 409 && shrinking) return new TopicsShrinkError(detailFrom(body), shrinking);
    return status === 422 && errors
      ? new CsvRejectedError(detailFrom(body), errors)
      : apiErrorFrom(status, body);
  });
  return result.data;
}

/** A record with the ETag naming its version (sent back as If-Match with a change). */
export async function readVersioned<T>(
  call: Promise<Result<T>>,
): Promise<{ data: T; tag: string }> {
  const { data, response } = await unwrapResponse(call);
  const tag = response.headers.get('etag');
  if (!tag) throw new Error(`${response.url} answered without an ETag`);
  return { data, tag };
}

/** The header naming the version a change was made from (none for a new record). */
export const ifMatch = (tag: string | null): { 'If-Match'?: string } =>
  tag ? { 'If-Match': tag } : {};

/** A refused save the form itself explains (412: saved by someone else; 404: deleted). */
export const isShownByForm = (error: unknown) =>
  error instanceof ApiError && (error.status === 412 || error.status === 404);

/** How a refused save ended, for the record-edit machine. */
export function refusedSaveOutcome(error: unknown): SaveOutcome {
  if (!(error instanceof ApiError)) return 'failed';
  return error.status === 412 ? 'conflict' : error.status === 404 ? 'gone' : 'failed';
}

/**
 * The multipart body of an upload (form field `file`). openapi-fetch passes FormData through;
 * the typed `body` only satisfies the contract's JSON twin of the form.
 */
function multipart(file: Blob & { name?: string }) {
  const form = new FormData();
  form.append('file', file, file.name ?? 'upload');
  return { body: { file: file.name ?? 'upload' }, bodySerializer: () => form };
}

/**
 * The `course_id` query of the calls on one course's bank: the course chosen above the bank
 * tabs, or nothing (the default course) when there is no choice to make.
 */
export const courseQuery = (courseId: number | null): { course_id?: number } =>
  courseId === null ? {} : { course_id: courseId };

/** How a bank upload reports its way: bytes sent, then the moment the server has them all. */
export interface UploadWatch {
  onProgress?: (progress: UploadProgress) => void;
  onSent?: () => void;
}

/**
 * Sends a bank to the course: one questions CSV, a package (.zip), or a CSV with its photos
 * (and a topics CSV), as `file` parts of one request, reporting the upload's progress.
 * `replacePhotos` answers a 409 (photos of the same names and other bytes) with yes;
 * `skipDuplicates` leaves out rows whose question the course already holds; `updateEdited` takes
 * the file as a new edition, whose rows update the stored questions of their text.
 */
export function uploadBank(
  api: ApiClient,
  files: readonly File[],
  courseId: number | null,
  {
    replacePhotos = false,
    skipDuplicates = false,
    updateEdited = false,
    onProgress,
    onSent,
  }: UploadWatch & {
    replacePhotos?: boolean;
    skipDuplicates?: boolean;
    updateEdited?: boolean;
  } = {},
): Promise<BankImportResult> {
  const form = new FormData();
  for (const file of files) form.append('file', file, file.name);
  return unwrapUpload(
    api.POST('/admin/questions/import-csv', {
      params: {
        query: {
          ...courseQuery(courseId),
          ...(replacePhotos ? { replace_photos: true } : {}),
          ...(skipDuplicates ? { skip_duplicates: true } : {}),
          ...(updateEdited ? { update_edited: true } : {}),
        },
      },
      body: { file: files.map((file) => file.name) },
      bodySerializer: () => form,
      ...(onProgress ? { fetch: uploadFetchFor(api, onProgress, onSent) } : {}),
    }),
  );
}

/** The course's bank as a package (.zip), fetched with the bearer token. */
export const downloadBankPackage = (api: ApiClient, courseId: number | null): Promise<Blob> =>
  unwrapUpload(
    api.GET('/admin/questions/export', {
      params: { query: courseQuery(courseId) },
      parseAs: 'blob',
    }),
  );

export type TranslationImportResult = components['schemas']['TranslationImportResult'];

/** A translations CSV (issue 42) into the course: each row's languages replace those stored. */
export const uploadTranslationsCsv = (
  api: ApiClient,
  file: Blob,
  courseId: number | null,
): Promise<TranslationImportResult> =>
  unwrapUpload(
    api.POST('/admin/questions/import-translations', {
      params: { query: courseQuery(courseId) },
      ...multipart(file),
    }),
  );

/** The course's translations as a CSV to fill in, by question id. */
export const downloadTranslationsCsv = (api: ApiClient, courseId: number | null): Promise<Blob> =>
  unwrapUpload(
    api.GET('/admin/questions/export-translations', {
      params: { query: courseQuery(courseId) },
      parseAs: 'blob',
    }),
  );

/** Imports a topics CSV; `replace` says yes to taking questions away from topics. */
export const uploadTopicsCsv = (
  api: ApiClient,
  file: Blob,
  courseId: number | null,
  { replace = false }: { replace?: boolean } = {},
) =>
  unwrapUpload(
    api.POST('/training-topics/import-csv', {
      params: { query: { ...courseQuery(courseId), ...(replace ? { replace: true } : {}) } },
      ...multipart(file),
    }),
  );

/** Stores a photo under its own name; `replace` says yes to other bytes under a taken name. */
export const uploadQuestionImage = (
  api: ApiClient,
  file: Blob,
  { replace = false }: { replace?: boolean } = {},
): Promise<UploadedImage> =>
  unwrapUpload(
    api.POST('/admin/questions/upload-image', {
      params: { query: replace ? { replace: true } : {} },
      ...multipart(file),
    }),
  );

export const restoreDatabase = (api: ApiClient, file: Blob) =>
  unwrapUpload(api.POST('/settings/maintenance/restore_database', multipart(file)));

/** Fetches a file with the bearer token (through the client) as a Blob. */
export async function downloadTopicsCsv(api: ApiClient, courseId: number | null): Promise<Blob> {
  return unwrapUpload(
    api.GET('/training-topics/export', {
      params: { query: courseQuery(courseId) },
      parseAs: 'blob',
    }),
  );
}

/** The backup file named by POST backup_database (its download_url), as a Blob. */
export async function downloadBackup(
  api: ApiClient,
  downloadUrl: string,
  filename: string,
): Promise<Blob> {
  // download_url is relative to the API base: /settings/maintenance/backups/{filename}.
  const name = /\/settings\/maintenance\/backups\/([^/?#]+)$/.exec(downloadUrl)?.[1];
  return unwrapUpload(
    api.GET('/settings/maintenance/backups/{filename}', {
      params: { path: { filename: name ? decodeURIComponent(name) : filename } },
      parseAs: 'blob',
    }),
  );
}

/** Saves a Blob under a file name through a temporary link. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser time to start the download before the URL goes.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Today as YYYY-MM-DD in the administrator's time zone (file names). */
export function dateStamp(date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
