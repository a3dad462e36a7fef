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
import { answerableActor, settle } from './graph.harness';

type Event = EventFromLogic<typeof bankImportMachine>;
type Snapshot = SnapshotFrom<typeof bankImportMachine>;

const CSV = { name: 'questions.csv', size: 1000 };
const PHOTO = { name: 'stop.png', size: 3000 };
const ZIP = { name: 'bank.zip', size: 50_000 };
const RESULT: BankImportResult = {
  message: 'ok',
  imported: 2,
  photos: 1,
  topics: 1,
  question_ids: [4, 5],
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
    });
  }
  if (event.type === 'user.replacePhotos' && before.matches('askingToReplace')) {
    expect(live.uploads.at(-1)).toEqual({
      files: before.context.chosen?.files,
      replacePhotos: true,
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

async function walk(path: StatePath<Snapshot, Event>) {
  const live = liveActor();
  for (const step of path.steps) {
    if ((step.event.type as string) === 'xstate.init') continue;
    const before = live.actor.getSnapshot();
    if (step.event.type.startsWith('xstate.')) live.answer(step.event);
    else live.actor.send(step.event);
    await settle();
    const after = live.actor.getSnapshot();
    expect(after.value).toEqual(step.state.value);
    expectInvariants(after);
    expectStepEffects(before, step.event, after, live);
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
  const paths = getShortestPaths(bankImportMachine, {
    events: EVENTS,
    filterEvents,
    serializeState: (snapshot) =>
      JSON.stringify([
        snapshot.value,
        snapshot.context.chosen?.files.map((file) => file.name),
        snapshot.context.rejection !== null,
        snapshot.context.conflict,
        snapshot.context.progress.loaded > 0,
        Math.min(snapshot.context.imports, 1),
      ]),
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
    expect(isPhotoConflict(CONFLICT)).toBe(true);
    expect(isPhotoConflict({ photos: [] })).toBe(false);
  });
});
