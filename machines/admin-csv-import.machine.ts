import { assign, fromPromise, setup } from 'xstate';
import type {
  ChosenFile,
  CsvImportContext,
  CsvImportEvent,
  CsvImportTag,
  CsvRejection,
  ImportResult,
} from './admin-csv-import.types';
import { notProvidedIn } from './not-provided';

const notProvided = notProvidedIn('CSV import');

/** A .csv file by its name (the server checks the content). */
export function isCsvFile(file: ChosenFile | null): boolean {
  return file !== null && /\.csv$/i.test(file.name.trim());
}

/** True for the server's 422 answer: a detail and the list of bad lines. */
export function isCsvRejection(error: unknown): error is CsvRejection {
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

/**
 * A CSV import (questions or topics): the upload stays disabled until a .csv file is chosen
 * ('Please select a CSV file to upload' otherwise); a refused file shows the server's reasons
 * line by line and imports nothing. The upload is the injected `uploadCsv` actor; the injected
 * `reportImported` and `reportFailure` actions show the notifications and refresh the lists.
 */
export const csvImportMachine = setup({
  types: {
    context: {} as CsvImportContext,
    events: {} as CsvImportEvent,
    tags: {} as CsvImportTag,
  },
  actors: {
    uploadCsv: fromPromise<ImportResult, { file: ChosenFile }>(notProvided('uploadCsv')),
  },
  actions: {
    /** 'Questions imported successfully' (or topics), and a reload of the list. */
    reportImported: (_, _params: { result: ImportResult }) => {},
    /** 'Failed to upload CSV' (or topics). */
    reportFailure: (_, _params: { error: unknown }) => {},
    chooseFile: assign({
      file: (_, params: { file: ChosenFile | null }) => params.file,
      rejection: null,
    }),
    forgetFile: assign({
      file: null,
      rejection: null,
      imports: ({ context }) => context.imports + 1,
    }),
    clearRejection: assign({ rejection: null }),
    keepRejection: assign({
      rejection: (_, params: { rejection: CsvRejection }) => params.rejection,
    }),
  },
  guards: {
    isCsv: (_, params: { file: ChosenFile | null }) => isCsvFile(params.file),
    isNoFile: (_, params: { file: ChosenFile | null }) => params.file === null,
    isRejection: (_, params: { error: unknown }) => isCsvRejection(params.error),
  },
}).createMachine({
  id: 'csvImport',
  context: { file: null, rejection: null, imports: 0 },
  initial: 'empty',
  on: {
    'user.chooseFile': [
      {
        guard: { type: 'isNoFile', params: ({ event }) => ({ file: event.file }) },
        target: '.empty',
        actions: { type: 'chooseFile', params: () => ({ file: null }) },
      },
      {
        guard: { type: 'isCsv', params: ({ event }) => ({ file: event.file }) },
        target: '.ready',
        actions: { type: 'chooseFile', params: ({ event }) => ({ file: event.file }) },
      },
      {
        target: '.notCsv',
        actions: { type: 'chooseFile', params: ({ event }) => ({ file: event.file }) },
      },
    ],
  },
  states: {
    empty: {
      description: 'No file chosen: the upload button is disabled.',
      on: { 'user.upload': { target: 'notCsv' } },
    },
    notCsv: {
      description:
        "No .csv file chosen: 'Please select a CSV file to upload'; the upload stays disabled.",
      tags: ['error:noCsv'],
    },
    ready: {
      description: 'A .csv file is chosen and can be uploaded.',
      tags: ['upload:enabled'],
      on: { 'user.upload': { target: 'uploading' } },
    },
    uploading: {
      description: 'The file is being sent; choosing another file waits for the answer.',
      tags: ['status:uploading'],
      entry: 'clearRejection',
      on: { 'user.chooseFile': {} },
      invoke: {
        id: 'uploadCsv',
        src: 'uploadCsv',
        input: ({ context }) => {
          if (!context.file) throw new Error('uploading without a file');
          return { file: context.file };
        },
        onDone: {
          target: 'empty',
          actions: [
            'forgetFile',
            { type: 'reportImported', params: ({ event }) => ({ result: event.output }) },
          ],
        },
        onError: [
          {
            guard: { type: 'isRejection', params: ({ event }) => ({ error: event.error }) },
            target: 'rejected',
            actions: [
              {
                type: 'keepRejection',
                params: ({ event }) => ({ rejection: event.error as CsvRejection }),
              },
              { type: 'reportFailure', params: ({ event }) => ({ error: event.error }) },
            ],
          },
          {
            target: 'failed',
            actions: { type: 'reportFailure', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    rejected: {
      description:
        'The server refused the file and imported nothing; its reasons are listed line by line.',
      tags: ['upload:enabled'],
      on: { 'user.upload': { target: 'uploading' } },
    },
    failed: {
      description: 'The upload failed (network, size, server); the same file can be sent again.',
      tags: ['upload:enabled'],
      on: { 'user.upload': { target: 'uploading' } },
    },
  },
});

export type CsvImportMachine = typeof csvImportMachine;
