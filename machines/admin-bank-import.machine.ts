import { assign, fromPromise, setup } from 'xstate';
import type {
  BankImportContext,
  BankImportEvent,
  BankImportInput,
  BankImportResult,
  BankImportTag,
  BankRejection,
  ChosenFile,
  FileSet,
  PhotoConflict,
} from './admin-bank-import.types';
import { notProvidedIn } from './not-provided';

const notProvided = notProvidedIn('bank import');

/** A CSV by its name; a tab-separated sheet (Excel's "Unicode Text") named .tsv is read as one. */
export const CSV_FILE_NAME = /\.(csv|tsv)$/i;
const ZIP = /\.zip$/i;
const PHOTO = /\.(png|jpe?g|gif|webp)$/i;

/** The files sorted by what the import makes of them (told by their names). */
export function fileSetOf<F extends ChosenFile>(files: readonly F[]): FileSet<F> {
  const count = (pattern: RegExp) => files.filter((file) => pattern.test(file.name)).length;
  const csvCount = count(CSV_FILE_NAME);
  const zipCount = count(ZIP);
  const photoCount = count(PHOTO);
  return {
    files: [...files],
    csvCount,
    zipCount,
    photoCount,
    otherCount: files.length - csvCount - zipCount - photoCount,
  };
}

/** The files the import reads as none of its kinds (an SVG, a PDF): sent, but not read. */
export function otherFilesOf<F extends ChosenFile>(files: readonly F[]): F[] {
  return files.filter((file) => ![CSV_FILE_NAME, ZIP, PHOTO].some((kind) => kind.test(file.name)));
}

/** Whether the files make an upload: a CSV (with photos, or a topics CSV), or one zip alone. */
export function isUploadable(set: FileSet | null): boolean {
  if (!set || set.files.length === 0) return false;
  if (set.zipCount > 0) return set.zipCount === 1 && set.files.length === 1;
  return set.csvCount >= 1 && set.csvCount <= 2;
}

/** True for the server's 422 answer: a detail and the list of bad lines. */
export function isBankRejection(error: unknown): error is BankRejection {
  if (typeof error !== 'object' || error === null) return false;
  const { errors } = error as { errors?: unknown };
  return (
    Array.isArray(errors) &&
    errors.every(
      (entry: unknown) =>
        typeof entry === 'object' &&
        entry !== null &&
        typeof (entry as { line?: unknown }).line === 'number' &&
        typeof (entry as { reason?: unknown }).reason === 'string',
    )
  );
}

/** True for the server's 409 answer naming photos it holds with other bytes. */
export function isPhotoConflict(error: unknown): error is PhotoConflict {
  if (typeof error !== 'object' || error === null) return false;
  const { photos } = error as { photos?: unknown };
  return Array.isArray(photos) && photos.length > 0;
}

/**
 * The questions' import area (issue 38): a CSV, a package (.zip) or a CSV with its photos,
 * chosen or dropped together. The upload (injected `uploadBank`) reports its bytes as
 * `upload.progress` and the end of sending as `upload.sent`; the server then checks it all.
 * A refused upload lists the server's reasons line by line (nothing was imported); photos the
 * server holds under the same names with other bytes are replaced only once the administrator
 * says so (the same files sent again with `replacePhotos`).
 */
export const bankImportMachine = setup({
  types: {
    context: {} as BankImportContext,
    events: {} as BankImportEvent,
    tags: {} as BankImportTag,
  },
  actors: {
    uploadBank: fromPromise<BankImportResult, BankImportInput>(notProvided('uploadBank')),
  },
  actions: {
    /** 'N questions imported', and a reload of the list. */
    reportImported: (_, _params: { result: BankImportResult }) => {},
    /** 'Failed to upload' with the reason. */
    reportFailure: (_, _params: { error: unknown }) => {},
    chooseFiles: assign({
      chosen: (_, params: { files: ChosenFile[] }) =>
        params.files.length === 0 ? null : fileSetOf(params.files),
      rejection: null,
      conflict: [],
      conflictCourses: [],
      result: null,
    }),
    startSending: assign({
      progress: ({ context }) => ({
        loaded: 0,
        total: (context.chosen?.files ?? []).reduce((sum, file) => sum + file.size, 0),
      }),
      rejection: null,
    }),
    keepProgress: assign({
      progress: (_, params: { loaded: number; total: number }) => params,
    }),
    finish: assign({
      chosen: null,
      conflict: [],
      conflictCourses: [],
      result: (_, params: { result: BankImportResult }) => params.result,
      imports: ({ context }) => context.imports + 1,
    }),
    keepRejection: assign({
      rejection: (_, params: { rejection: BankRejection }) => params.rejection,
    }),
    keepConflict: assign((_, params: PhotoConflict) => ({
      conflict: params.photos,
      conflictCourses: params.courses ?? [],
    })),
    forgetConflict: assign({ conflict: [], conflictCourses: [] }),
    keepSkipDuplicates: assign({
      skipDuplicates: (_, params: { skip: boolean }) => params.skip,
    }),
    keepUpdateEdited: assign({
      updateEdited: (_, params: { update: boolean }) => params.update,
    }),
  },
  guards: {
    isUploadable: ({ context }) => isUploadable(context.chosen),
    isRejection: (_, params: { error: unknown }) => isBankRejection(params.error),
    isConflict: (_, params: { error: unknown }) => isPhotoConflict(params.error),
  },
}).createMachine({
  id: 'bankImport',
  context: {
    chosen: null,
    progress: { loaded: 0, total: 0 },
    rejection: null,
    conflict: [],
    conflictCourses: [],
    result: null,
    imports: 0,
    skipDuplicates: true,
    updateEdited: false,
  },
  initial: 'empty',
  on: {
    'user.chooseFiles': {
      target: '.chosen',
      actions: { type: 'chooseFiles', params: ({ event }) => ({ files: event.files }) },
    },
    'user.skipDuplicates': {
      actions: { type: 'keepSkipDuplicates', params: ({ event }) => ({ skip: event.skip }) },
    },
    'user.updateEdited': {
      actions: { type: 'keepUpdateEdited', params: ({ event }) => ({ update: event.update }) },
    },
  },
  states: {
    empty: {
      description: 'Nothing chosen: the upload button is off.',
      on: { 'user.upload': { target: 'unusable' } },
    },
    chosen: {
      description: 'Files were chosen: usable ones make the upload ready.',
      always: [{ guard: 'isUploadable', target: 'ready' }, { target: 'unusable' }],
    },
    unusable: {
      description:
        'Nothing to import: no CSV, or a zip with other files; it says what it takes and the upload stays off.',
      tags: ['error:noCsv'],
    },
    ready: {
      description: 'A CSV, a package or a CSV with its photos is chosen and can be sent.',
      tags: ['upload:enabled'],
      on: { 'user.upload': { target: 'uploading' } },
    },
    uploading: {
      description:
        'The files are on their way, then checked by the server; choosing others waits for the answer.',
      tags: ['status:uploading'],
      entry: 'startSending',
      // What goes out is settled: the choices wait for the answer.
      on: { 'user.chooseFiles': {}, 'user.skipDuplicates': {}, 'user.updateEdited': {} },
      initial: 'sending',
      states: {
        sending: {
          description: 'Bytes going out: the progress bar shows how many.',
          tags: ['status:sending'],
          on: {
            'upload.progress': {
              actions: {
                type: 'keepProgress',
                params: ({ event }) => ({ loaded: event.loaded, total: event.total }),
              },
            },
            'upload.sent': { target: 'checking' },
          },
        },
        checking: {
          description: 'All sent: the server reads and checks every row and photo.',
          tags: ['status:checking'],
        },
      },
      invoke: {
        id: 'uploadBank',
        src: 'uploadBank',
        input: ({ context }) => ({
          files: context.chosen?.files ?? [],
          replacePhotos: context.conflict.length > 0,
          skipDuplicates: context.skipDuplicates,
          updateEdited: context.updateEdited,
        }),
        onDone: {
          target: 'empty',
          actions: [
            { type: 'finish', params: ({ event }) => ({ result: event.output }) },
            { type: 'reportImported', params: ({ event }) => ({ result: event.output }) },
          ],
        },
        onError: [
          {
            guard: { type: 'isRejection', params: ({ event }) => ({ error: event.error }) },
            target: 'rejected',
            actions: [
              'forgetConflict',
              {
                type: 'keepRejection',
                params: ({ event }) => ({ rejection: event.error as BankRejection }),
              },
              { type: 'reportFailure', params: ({ event }) => ({ error: event.error }) },
            ],
          },
          {
            guard: { type: 'isConflict', params: ({ event }) => ({ error: event.error }) },
            target: 'askingToReplace',
            actions: {
              type: 'keepConflict',
              params: ({ event }) => {
                const { photos, courses } = event.error as PhotoConflict;
                return { photos, courses: courses ?? [] };
              },
            },
          },
          {
            target: 'failed',
            actions: [
              'forgetConflict',
              { type: 'reportFailure', params: ({ event }) => ({ error: event.error }) },
            ],
          },
        ],
      },
    },
    askingToReplace: {
      description:
        'The server holds photos of these names with other bytes: replace them (every question using them shows the new ones) or keep them.',
      tags: ['ask:replacePhotos'],
      on: {
        'user.replacePhotos': { target: 'uploading' },
        'user.keepPhotos': { target: 'ready', actions: 'forgetConflict' },
      },
    },
    rejected: {
      description:
        'The server refused the files and imported nothing; its reasons are listed line by line.',
      tags: ['upload:enabled'],
      on: { 'user.upload': { target: 'uploading' } },
    },
    failed: {
      description: 'The upload failed (network, size, server); the same files can be sent again.',
      tags: ['upload:enabled'],
      on: { 'user.upload': { target: 'uploading' } },
    },
  },
});

export type BankImportMachine = typeof bankImportMachine;
