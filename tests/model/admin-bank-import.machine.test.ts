import { describe, expect, it } from 'vitest';
import { createActor, type EventFromLogic, type SnapshotFrom } from 'xstate';
import { getShortestPaths, type StatePath } from 'xstate/graph';
import {
  bankImportMachine,
  fileSetOf,
  isBankRejection,
  isPhotoConflict,
  isUploadable,
} from '../../machines/admin-bank-import.machine';
import type {
  BankImportInput,
  BankImportResult,
  BankRejection,
  ChosenFile,
} from '../../machines/admin-bank-import.types';
import {
  answerableActor,
  collectGraph,
  expectOracleStep,
  settle,
  stepsThen,
  keyedByStatus,
} from './graph.harness';

type Event = EventFromLogic<typeof bankImportMachine>;
type Snapshot = SnapshotFrom<typeof bankImportMachine>;

const CSV = { name: 'questions.csv', size: 1000 };
const PHOTO = { name: 'stop.png', size: 3000 };
const ZIP = { name: 'bank.zip', size: 50_000 };
const RESULT: BankImportResult = {
  message: 'ok',
  imported: 2,
  skipped: 0,
  photos: 1,
  topics: 1,
  tickets: 0,
  question_ids: [4, 5],
  renamed_photos: [],
  edited_rows: [],
  updated_rows: [],
  translated_rows: [],
};
const REJECTION: BankRejection = {
  detail: 'The file has 1 bad row; nothing was imported',
  errors: [{ line: 3, reason: 'The photo "x.png" is neither in the package nor on the server' }],
};
const CONFLICT = { status: 409, photos: ['stop.png'] };

const EVENTS = [
  { type: 'user.chooseFiles', files: [CSV, PHOTO] },
  { type: 'user.chooseFiles', files: [ZIP] },
  { type: 'user.chooseFiles', files: [PHOTO] },
  { type: 'user.chooseFiles', files: [ZIP, PHOTO] },
  { type: 'user.chooseFiles', files: [] },
  { type: 'user.upload' },
  { type: 'user.skipDuplicates', skip: false },
  { type: 'user.skipDuplicates', skip: true },
  { type: 'user.updateEdited', update: true },
  { type: 'user.updateEdited', update: false },
  { type: 'upload.progress', loaded: 2000, total: 4000 },
  { type: 'upload.sent' },
  { type: 'user.replacePhotos' },
  { type: 'user.keepPhotos' },
  { type: 'xstate.done.actor.uploadBank', output: RESULT, actorId: 'uploadBank' },
  { type: 'xstate.error.actor.uploadBank', error: REJECTION, actorId: 'uploadBank' },
  { type: 'xstate.error.actor.uploadBank', error: CONFLICT, actorId: 'uploadBank' },
  { type: 'xstate.error.actor.uploadBank', error: { status: 0 }, actorId: 'uploadBank' },
] as unknown as Event[];

const filterEvents = (snapshot: Snapshot, event: Event) =>
  !event.type.startsWith('xstate.') || snapshot.matches('uploading');

function liveActor() {
  const uploads: BankImportInput[] = [];
  const imported: BankImportResult[] = [];
  const failures: unknown[] = [];
  const upload = answerableActor<BankImportResult, BankImportInput>(
    (input) => uploads.push(input),
    'no upload runs',
  );
  const machine = bankImportMachine.provide({
    actors: { uploadBank: upload.logic },
    actions: {
      reportImported: (_, params) => imported.push(params.result),
      reportFailure: (_, params) => failures.push(params.error),
    },
  });
  const actor = createActor(machine);
  actor.start();
  return { actor, uploads, imported, failures, answer: (event: Event) => upload.answer(event) };
}

/** What the screen shows in each state, written from the rules rather than the machine. */
function expectInvariants(snapshot: Snapshot) {
  const { chosen, rejection, conflict } = snapshot.context;
  const uploading = snapshot.matches('uploading');
  // Import is on only with a usable choice (a CSV, with photos; or one zip alone), idle.
  expect(snapshot.hasTag('upload:enabled')).toBe(
    isUploadable(chosen) && !uploading && !snapshot.matches('askingToReplace'),
  );
  // The progress bar shows while sending, then the checking line: never both, never idle.
  expect(snapshot.hasTag('status:sending')).toBe(snapshot.matches({ uploading: 'sending' }));
  expect(snapshot.hasTag('status:checking')).toBe(snapshot.matches({ uploading: 'checking' }));
  expect(snapshot.hasTag('error:noCsv')).toBe(snapshot.matches('unusable'));
  expect(rejection !== null).toBe(snapshot.matches('rejected'));
  expect(snapshot.hasTag('ask:replacePhotos')).toBe(conflict.length > 0 && !uploading);
  if (uploading)
    expect(snapshot.context.progress.loaded).toBeLessThanOrEqual(snapshot.context.progress.total);
}

function expectStepEffects(
  before: Snapshot,
  event: Event,
  after: Snapshot,
  live: ReturnType<typeof liveActor>,
) {
  if (event.type === 'user.upload' && before.hasTag('upload:enabled')) {
    // The chosen files go out, without the replace flag: photos are replaced only when asked.
    expect(live.uploads.at(-1)).toEqual({
      files: before.context.chosen?.files,
      replacePhotos: false,
      skipDuplicates: before.context.skipDuplicates,
      updateEdited: before.context.updateEdited,
    });
  }
  if (event.type === 'user.replacePhotos' && before.matches('askingToReplace')) {
    expect(live.uploads.at(-1)).toEqual({
      files: before.context.chosen?.files,
      replacePhotos: true,
      skipDuplicates: before.context.skipDuplicates,
      updateEdited: before.context.updateEdited,
    });
  }
  if (event.type.startsWith('xstate.done')) {
    expect(live.imported.at(-1)).toEqual(RESULT);
    expect(after.context.chosen).toBeNull();
    expect(after.context.result).toEqual(RESULT);
  }
  if (event.type.startsWith('xstate.error')) {
    // Nothing was imported: the files stay chosen, to fix or send again.
    expect(after.context.chosen).toBe(before.context.chosen);
    expect(after.context.imports).toBe(before.context.imports);
    const error = (event as unknown as { error: unknown }).error;
    // A conflict is a question, not a failure: no error notification for it.
    expect(live.failures.at(-1) === error).toBe(!isPhotoConflict(error));
  }
}

type State =
  | 'empty'
  | 'unusable'
  | 'ready'
  | 'sending'
  | 'checking'
  | 'askingToReplace'
  | 'rejected'
  | 'failed';

/** What the import area shows and does, as the oracle tells it. */
interface Expected {
  state: State;
  context: Snapshot['context'];
  /** What this step sends to the server, if anything. */
  uploaded?: BankImportInput;
  imported?: BankImportResult;
  failure?: unknown;
}

/** What each state shows: the upload button, the progress bar or checking line, a question. */
const TAGS_OF: Record<State, string[]> = {
  empty: [],
  unusable: ['error:noCsv'],
  ready: ['upload:enabled'],
  sending: ['status:sending', 'status:uploading'],
  checking: ['status:checking', 'status:uploading'],
  askingToReplace: ['ask:replacePhotos'],
  rejected: ['upload:enabled'],
  failed: ['upload:enabled'],
};

const VALUE_OF: Record<State, unknown> = {
  empty: 'empty',
  unusable: 'unusable',
  ready: 'ready',
  sending: { uploading: 'sending' },
  checking: { uploading: 'checking' },
  askingToReplace: 'askingToReplace',
  rejected: 'rejected',
  failed: 'failed',
};

const stateOf = (snapshot: Snapshot): State =>
  snapshot.matches('uploading')
    ? snapshot.matches({ uploading: 'sending' })
      ? 'sending'
      : 'checking'
    : (snapshot.value as State);

/**
 * The files as the import reads them, by their names: CSV files (questions, and maybe topics),
 * photos, packages and others. Usable: one or two CSV files (photos beside them), or one
 * package alone.
 */
function choiceOf(files: ChosenFile[]) {
  const ending = (file: ChosenFile) => file.name.toLowerCase().split('.').pop() ?? '';
  const counted = (endings: string[]) =>
    files.filter((file) => endings.includes(ending(file))).length;
  const csvCount = counted(['csv']);
  const zipCount = counted(['zip']);
  const photoCount = counted(['png', 'jpg', 'jpeg', 'gif', 'webp']);
  const usable =
    zipCount > 0 ? zipCount === 1 && files.length === 1 : csvCount >= 1 && csvCount <= 2;
  return {
    chosen:
      files.length === 0
        ? null
        : {
            files,
            csvCount,
            zipCount,
            photoCount,
            otherCount: files.length - csvCount - zipCount - photoCount,
          },
    usable: files.length > 0 && usable,
  };
}

/**
 * The oracle: from what the area showed before and the event, what it must show after and
 * what it sends or reports, written from the import's rules and not from the machine.
 */
function expectedAfter(state: State, context: Snapshot['context'], event: Event): Expected {
  const unchanged: Expected = { state, context };
  const uploading = state === 'sending' || state === 'checking';
  const send = (replacePhotos: boolean): Expected => {
    const files = context.chosen?.files ?? [];
    return {
      state: 'sending',
      context: {
        ...context,
        rejection: null,
        progress: { loaded: 0, total: files.reduce((sum, file) => sum + file.size, 0) },
      },
      // Photos of the same names are replaced only once the administrator said so; copies of
      // stored questions are left out as the box says.
      uploaded: {
        files,
        replacePhotos,
        skipDuplicates: context.skipDuplicates,
        updateEdited: context.updateEdited,
      },
    };
  };
  const type: string = event.type;
  const answer = event as unknown as { output?: BankImportResult; error?: unknown };
  switch (type) {
    case 'user.chooseFiles': {
      // Files chosen while others are on their way wait for the answer.
      if (uploading) return unchanged;
      const { chosen, usable } = choiceOf((event as { files: ChosenFile[] }).files);
      return {
        state: usable ? 'ready' : 'unusable',
        context: { ...context, chosen, rejection: null, conflict: [], result: null },
      };
    }
    case 'user.upload':
      if (state === 'empty') return { state: 'unusable', context };
      if (state === 'ready' || state === 'rejected' || state === 'failed') return send(false);
      return unchanged;
    case 'user.skipDuplicates':
      // What goes out is settled once sent; otherwise the box is as the administrator left it.
      if (uploading) return unchanged;
      return {
        state,
        context: { ...context, skipDuplicates: (event as { skip: boolean }).skip },
      };
    case 'user.updateEdited':
      // The same: settled once sent, else as left.
      if (uploading) return unchanged;
      return {
        state,
        context: { ...context, updateEdited: (event as { update: boolean }).update },
      };
    case 'upload.progress': {
      if (state !== 'sending') return unchanged;
      const { loaded, total } = event as { loaded: number; total: number };
      return { state, context: { ...context, progress: { loaded, total } } };
    }
    case 'upload.sent':
      return state === 'sending' ? { state: 'checking', context } : unchanged;
    case 'user.replacePhotos':
      return state === 'askingToReplace' ? send(true) : unchanged;
    case 'user.keepPhotos':
      return state === 'askingToReplace'
        ? { state: 'ready', context: { ...context, conflict: [] } }
        : unchanged;
    case 'xstate.done.actor.uploadBank':
      // Imported: the files are forgotten and what came in is said.
      return {
        state: 'empty',
        context: {
          ...context,
          chosen: null,
          conflict: [],
          result: answer.output ?? null,
          imports: context.imports + 1,
        },
        imported: answer.output,
      };
    case 'xstate.error.actor.uploadBank': {
      const error = answer.error as { errors?: unknown; photos?: unknown };
      // Nothing was imported either way: the files stay chosen.
      if (Array.isArray(error.errors)) {
        return {
          state: 'rejected',
          context: { ...context, conflict: [], rejection: answer.error as BankRejection },
          failure: answer.error,
        };
      }
      // Photos held with other bytes are a question to the administrator, not a failure.
      if (Array.isArray(error.photos) && error.photos.length > 0) {
        return {
          state: 'askingToReplace',
          context: { ...context, conflict: error.photos as string[] },
        };
      }
      return { state: 'failed', context: { ...context, conflict: [] }, failure: answer.error };
    }
  }
  throw new Error(`the oracle has no rule for ${type}`);
}

/** The live actor did what the oracle says, and sent or reported nothing else. */
function expectOracle(
  expected: Expected,
  after: Snapshot,
  live: ReturnType<typeof liveActor>,
  counts: readonly number[],
) {
  const [uploads = 0, imported = 0, failures = 0] = counts;
  expectOracleStep(
    after,
    { value: VALUE_OF[expected.state], context: expected.context, tags: TAGS_OF[expected.state] },
    [
      [live.uploads, uploads, expected.uploaded ? [expected.uploaded] : []],
      [live.imported, imported, expected.imported ? [expected.imported] : []],
      [live.failures, failures, 'failure' in expected ? [expected.failure] : []],
    ],
  );
}

/**
 * Replays the path on a live actor, each step checked against the oracle and the graph; then,
 * given `next`, one more event the graph need not have walked from there (a self-loop).
 */
async function walk(path: StatePath<Snapshot, Event>, next?: Event) {
  const live = liveActor();
  for (const { event, state } of stepsThen(path, next)) {
    const before = live.actor.getSnapshot();
    const expected = expectedAfter(stateOf(before), before.context, event);
    const counts = [live.uploads.length, live.imported.length, live.failures.length];
    if (event.type.startsWith('xstate.')) live.answer(event);
    else live.actor.send(event);
    await settle();
    const after = live.actor.getSnapshot();
    expectOracle(expected, after, live, counts);
    expectInvariants(after);
    if (state) {
      expect(after.value).toEqual(state.value);
      expectStepEffects(before, event, after, live);
    }
  }
  live.actor.stop();
}

const describePath = (path: StatePath<Snapshot, Event>) =>
  path.steps
    .filter((step) => (step.event.type as string) !== 'xstate.init')
    .map((step) => {
      const event = step.event as Event & { files?: ChosenFile[]; error?: unknown };
      if (event.files) return `chooseFiles(${event.files.map((file) => file.name).join('+')})`;
      if (event.error !== undefined) return `error(${JSON.stringify(event.error).slice(0, 30)})`;
      return event.type.replace(/^xstate\./, '');
    })
    .join(' → ') || '(start)';

describe('bank import machine, path by path', () => {
  const graphErrors: unknown[] = [];
  const paths = collectGraph(graphErrors, () =>
    getShortestPaths(bankImportMachine, {
      events: EVENTS,
      filterEvents,
      serializeState: keyedByStatus((snapshot) =>
        JSON.stringify([
          snapshot.value,
          snapshot.context.chosen?.files.map((file) => file.name),
          snapshot.context.rejection !== null,
          snapshot.context.conflict,
          snapshot.context.progress.loaded > 0,
          Math.min(snapshot.context.imports, 1),
          snapshot.context.skipDuplicates,
          snapshot.context.updateEdited,
        ]),
      ),
    }),
  );

  it('builds its graphs', () => {
    expect(graphErrors).toEqual([]);
  });

  it('starts with copies of stored questions left out, as the box is ticked', () => {
    const live = liveActor();
    expect(live.actor.getSnapshot().context.skipDuplicates).toBe(true);
    // Updating stored questions from the file is asked for, never assumed.
    expect(live.actor.getSnapshot().context.updateEdited).toBe(false);
    live.actor.stop();
  });

  it('reaches every state of an import', () => {
    const states = new Set(paths.map((path) => JSON.stringify(path.state.value)));
    for (const state of [
      'empty',
      'unusable',
      'ready',
      { uploading: 'sending' },
      { uploading: 'checking' },
      'askingToReplace',
      'rejected',
      'failed',
    ])
      expect(states).toContain(JSON.stringify(state));
  });

  for (const path of paths) {
    it(`${describePath(path)} ends in ${JSON.stringify(path.state.value)}`, () => walk(path));
  }

  it('does what the oracle says for every event from every state reached', async () => {
    for (const path of paths) {
      for (const event of EVENTS) if (filterEvents(path.state, event)) await walk(path, event);
    }
  });
});

describe('bank import machine, by example', () => {
  it('shows the bytes sent, then the checking, then forgets the files once imported', async () => {
    const live = liveActor();
    live.actor.send({ type: 'user.chooseFiles', files: [CSV, PHOTO] });
    live.actor.send({ type: 'user.upload' });
    expect(live.actor.getSnapshot().context.progress).toEqual({ loaded: 0, total: 4000 });
    live.actor.send({ type: 'upload.progress', loaded: 1000, total: 4100 });
    expect(live.actor.getSnapshot().context.progress).toEqual({ loaded: 1000, total: 4100 });
    live.actor.send({ type: 'upload.sent' });
    expect(live.actor.getSnapshot().hasTag('status:checking')).toBe(true);
    live.answer({ type: 'xstate.done.actor.uploadBank', output: RESULT } as unknown as Event);
    await settle();
    expect(live.actor.getSnapshot().matches('empty')).toBe(true);
    expect(live.actor.getSnapshot().context.imports).toBe(1);
    live.actor.stop();
  });

  it('sorts the files it is given', () => {
    expect(fileSetOf([CSV, PHOTO, { name: 'notes.txt', size: 1 }])).toMatchObject({
      csvCount: 1,
      photoCount: 1,
      zipCount: 0,
      otherCount: 1,
    });
    expect(isUploadable(fileSetOf([ZIP]))).toBe(true);
    expect(isUploadable(fileSetOf([ZIP, PHOTO]))).toBe(false);
    expect(isUploadable(fileSetOf([PHOTO]))).toBe(false);
    expect(isUploadable(fileSetOf([CSV, { name: 'topics.csv', size: 1 }, PHOTO]))).toBe(true);
    expect(isBankRejection(REJECTION)).toBe(true);
    // Every listed line must say which line and why; one that does not is no 422 answer.
    expect(isBankRejection(null)).toBe(false);
    expect(isBankRejection({ detail: 'x', errors: 'line 3' })).toBe(false);
    for (const odd of [null, 'line 3', { line: '3', reason: 'x' }, { line: 3, reason: 4 }]) {
      expect(isBankRejection({ detail: 'x', errors: [REJECTION.errors[0], odd] })).toBe(false);
    }
    expect(isPhotoConflict(null)).toBe(false);
    expect(isPhotoConflict({ photos: 'stop.png' })).toBe(false);
    expect(isPhotoConflict(CONFLICT)).toBe(true);
    expect(isPhotoConflict({ photos: [] })).toBe(false);
  });
});
