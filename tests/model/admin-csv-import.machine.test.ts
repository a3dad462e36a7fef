import { describe, expect, it } from 'vitest';
import { createActor, type EventFromLogic, type SnapshotFrom } from 'xstate';
import { getShortestPaths, getSimplePaths, type StatePath } from 'xstate/graph';
import {
  csvImportMachine,
  isCsvFile,
  isCsvRejection,
} from '../../machines/admin-csv-import.machine';
import type { ChosenFile, CsvRejection, ImportResult } from '../../machines/admin-csv-import.types';
import {
  answerableActor,
  collectGraph,
  expectOracleStep,
  settle,
  stepsThen,
  WALK_SIMPLE_PATHS,
  keyedByStatus,
} from './graph.harness';

type Event = EventFromLogic<typeof csvImportMachine>;
type Snapshot = SnapshotFrom<typeof csvImportMachine>;

const GOOD = { name: 'questions.csv' };
const UPPER = { name: 'TOPICS.CSV' };
const TEXT = { name: 'notes.txt' };
const RESULT: ImportResult = { message: 'Imported 3 questions', imported: 3 };
const REJECTION: CsvRejection = {
  detail: 'The file was refused; nothing was imported',
  errors: [{ line: 3, reason: 'right_answers names an empty answer' }],
};

const EVENTS = [
  { type: 'user.chooseFile', file: GOOD },
  { type: 'user.chooseFile', file: UPPER },
  { type: 'user.chooseFile', file: TEXT },
  { type: 'user.chooseFile', file: null },
  { type: 'user.upload' },
  { type: 'xstate.done.actor.uploadCsv', output: RESULT, actorId: 'uploadCsv' },
  { type: 'xstate.error.actor.uploadCsv', error: REJECTION, actorId: 'uploadCsv' },
  {
    type: 'xstate.error.actor.uploadCsv',
    error: { status: 413, detail: 'Too large' },
    actorId: 'uploadCsv',
  },
] as unknown as Event[];

/** The simple paths try one file of each kind; their number grows fast with every event. */
const FEW_EVENTS = EVENTS.filter(
  (event) => !('file' in event) || event.file === GOOD || event.file === TEXT,
);

const filterEvents = (snapshot: Snapshot, event: Event) =>
  !event.type.startsWith('xstate.') || snapshot.matches('uploading');

function liveActor() {
  const uploads: ChosenFile[] = [];
  const imported: ImportResult[] = [];
  const failures: unknown[] = [];
  const uploadCsv = answerableActor<ImportResult, { file: ChosenFile }>(
    (input) => uploads.push(input.file),
    'no upload runs',
  );
  const machine = csvImportMachine.provide({
    actors: { uploadCsv: uploadCsv.logic },
    actions: {
      reportImported: (_, params) => imported.push(params.result),
      reportFailure: (_, params) => failures.push(params.error),
    },
  });
  const actor = createActor(machine);
  actor.start();
  return {
    actor,
    uploads,
    imported,
    failures,
    answer: (event: Event) => uploadCsv.answer(event),
  };
}

/** What the screen shows in each state. */
function expectInvariants(snapshot: Snapshot) {
  const { file, rejection } = snapshot.context;
  const enabled = snapshot.hasTag('upload:enabled');
  // The upload button is enabled only with a .csv file chosen and no upload running.
  expect(enabled).toBe(isCsvFile(file) && !snapshot.matches('uploading'));
  expect(snapshot.hasTag('error:noCsv')).toBe(snapshot.matches('notCsv'));
  expect(rejection !== null).toBe(snapshot.matches('rejected'));
  if (snapshot.matches('empty')) expect(file).toBeNull();
  if (snapshot.matches('notCsv')) expect(isCsvFile(file)).toBe(false);
}

function expectStepEffects(
  before: Snapshot,
  event: Event,
  after: Snapshot,
  live: ReturnType<typeof liveActor>,
) {
  if (event.type === 'user.upload' && before.hasTag('upload:enabled')) {
    expect(live.uploads.at(-1)).toBe(before.context.file);
  }
  if (event.type === 'user.upload' && !before.hasTag('upload:enabled')) {
    expect(after.matches('uploading')).toBe(before.matches('uploading'));
  }
  if (event.type.startsWith('xstate.done')) {
    expect(live.imported).toHaveLength(after.context.imports);
    expect(after.context.file).toBeNull();
  }
  if (event.type.startsWith('xstate.error')) {
    expect(live.failures.length).toBeGreaterThan(0);
    // Nothing was imported: the file stays chosen so it can be fixed or sent again.
    expect(after.context.file).toBe(before.context.file);
    expect(after.context.imports).toBe(before.context.imports);
  }
}

/** What the import screen shows and does, as the oracle tells it. */
interface Expected {
  state: 'empty' | 'notCsv' | 'ready' | 'uploading' | 'rejected' | 'failed';
  context: Snapshot['context'];
  /** The file sent to the server by this step, if any. */
  uploaded?: ChosenFile;
  /** The import the step reports done, or the failure it reports. */
  imported?: ImportResult;
  failure?: unknown;
}

/** The tags each state shows: what the upload button and the messages do. */
const TAGS_OF: Record<Expected['state'], string[]> = {
  empty: [],
  notCsv: ['error:noCsv'],
  ready: ['upload:enabled'],
  uploading: ['status:uploading'],
  rejected: ['upload:enabled'],
  failed: ['upload:enabled'],
};

/**
 * The oracle: from what the screen showed before and the event, what it must show after and
 * what it must send or report, written from the import's rules and not from the machine.
 */
function expectedAfter(
  state: Expected['state'],
  context: Snapshot['context'],
  event: Event,
): Expected {
  const unchanged: Expected = { state, context };
  const named = (file: ChosenFile | null) =>
    file !== null && file.name.trim().toLowerCase().endsWith('.csv');
  const type: string = event.type;
  const answer = event as unknown as { output?: ImportResult; error?: unknown };
  switch (type) {
    case 'user.chooseFile': {
      // A file chosen while one is on its way waits for the answer.
      if (state === 'uploading') return unchanged;
      const file = (event as { file: ChosenFile | null }).file;
      const next = file === null ? 'empty' : named(file) ? 'ready' : 'notCsv';
      return { state: next, context: { ...context, file, rejection: null } };
    }
    case 'user.upload':
      // Without a file, uploading says to choose a CSV one; with a .csv file it sends it.
      if (state === 'empty') return { state: 'notCsv', context };
      if (state === 'ready' || state === 'rejected' || state === 'failed') {
        return {
          state: 'uploading',
          context: { ...context, rejection: null },
          uploaded: context.file ?? undefined,
        };
      }
      return unchanged;
    case 'xstate.done.actor.uploadCsv':
      // Imported: the file input is cleared for the next file.
      return {
        state: 'empty',
        context: { file: null, rejection: null, imports: context.imports + 1 },
        imported: answer.output,
      };
    case 'xstate.error.actor.uploadCsv': {
      const error = answer.error as { errors?: unknown };
      // The server's 422 lists the bad lines; anything else is a failed upload. Either way
      // nothing was imported and the file stays chosen.
      const refused = Array.isArray(error?.errors);
      return {
        state: refused ? 'rejected' : 'failed',
        context: { ...context, rejection: refused ? (error as CsvRejection) : null },
        failure: answer.error,
      };
    }
  }
  throw new Error(`the oracle has no rule for ${type}`);
}

/** The live actor did what the oracle says, no more (no other call, no other report). */
function expectOracle(
  expected: Expected,
  after: Snapshot,
  live: ReturnType<typeof liveActor>,
  counts: readonly number[],
) {
  const [uploads = 0, imported = 0, failures = 0] = counts;
  expectOracleStep(
    after,
    { value: expected.state, context: expected.context, tags: TAGS_OF[expected.state] },
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
    const expected = expectedAfter(before.value as Expected['state'], before.context, event);
    const counts = [live.uploads.length, live.imported.length, live.failures.length];
    if (event.type.startsWith('xstate.')) live.answer(event);
    else live.actor.send(event);
    await settle();
    const after = live.actor.getSnapshot();
    expectOracle(expected, after, live, counts);
    expectInvariants(after);
    if (state) {
      expect(after.value).toEqual(state.value);
      // Paths stand for every number of finished imports by 0 or 1 (see serializeState).
      const counted = (context: Snapshot['context']) => ({
        ...context,
        imports: Math.min(context.imports, 1),
      });
      expect(counted(after.context)).toEqual(counted(state.context));
      expectStepEffects(before, event, after, live);
    }
  }
  live.actor.stop();
}

const describePath = (path: StatePath<Snapshot, Event>) =>
  path.steps
    .filter((step) => (step.event.type as string) !== 'xstate.init')
    .map((step) => {
      const event = step.event as Event & { file?: ChosenFile | null };
      return (
        event.type.replace(/^xstate\./, '') +
        ('file' in event ? `(${event.file?.name ?? 'none'})` : '')
      );
    })
    .join(' → ') || '(start)';

describe('CSV import machine, path by path', () => {
  const graphErrors: unknown[] = [];
  const shortest = collectGraph(graphErrors, () =>
    getShortestPaths(csvImportMachine, {
      events: EVENTS,
      filterEvents,
      // The import counter only grows; one finished import stands for all.
      serializeState: keyedByStatus((snapshot) =>
        JSON.stringify([
          snapshot.value,
          snapshot.context.file,
          snapshot.context.rejection,
          Math.min(snapshot.context.imports, 1),
        ]),
      ),
    }),
  );
  // Under mutation testing the simple paths are left to `npm test` (see graph.harness.ts).
  const simple = WALK_SIMPLE_PATHS
    ? collectGraph(graphErrors, () =>
        getSimplePaths(csvImportMachine, {
          events: FEW_EVENTS,
          filterEvents,
          serializeState: keyedByStatus((snapshot) =>
            JSON.stringify([
              snapshot.value,
              snapshot.context.file,
              snapshot.context.rejection,
              Math.min(snapshot.context.imports, 1),
            ]),
          ),
        }),
      )
    : [];

  it('builds its graphs', () => {
    expect(graphErrors).toEqual([]);
  });

  it('reaches every state of an import', () => {
    const states = new Set(shortest.map((path) => path.state.value));
    for (const state of ['empty', 'notCsv', 'ready', 'uploading', 'rejected', 'failed'])
      expect(states).toContain(state);
  });

  for (const path of shortest) {
    it(`${describePath(path)} ends in ${JSON.stringify(path.state.value)}`, () => walk(path));
  }

  it('does what the oracle says for every event from every state reached', async () => {
    for (const path of shortest) {
      for (const event of EVENTS) if (filterEvents(path.state, event)) await walk(path, event);
    }
  });

  it(`replays all ${simple.length} simple paths on a live actor`, async () => {
    if (WALK_SIMPLE_PATHS) expect(simple.length).toBeGreaterThan(shortest.length);
    for (const path of simple) await walk(path);
  });
});

describe('CSV import machine, by example', () => {
  it('refuses to upload without a file and says to choose a CSV file', () => {
    const live = liveActor();
    live.actor.send({ type: 'user.upload' });
    expect(live.actor.getSnapshot().hasTag('error:noCsv')).toBe(true);
    expect(live.uploads).toEqual([]);
    live.actor.stop();
  });

  it('keeps the line errors of a refused file until another file is chosen', async () => {
    const live = liveActor();
    live.actor.send({ type: 'user.chooseFile', file: GOOD });
    live.actor.send({ type: 'user.upload' });
    live.answer({ type: 'xstate.error.actor.uploadCsv', error: REJECTION } as unknown as Event);
    await settle();
    expect(live.actor.getSnapshot().context.rejection).toEqual(REJECTION);
    live.actor.send({ type: 'user.chooseFile', file: UPPER });
    expect(live.actor.getSnapshot().context.rejection).toBeNull();
    expect(live.actor.getSnapshot().matches('ready')).toBe(true);
    live.actor.stop();
  });

  it('recognises the server’s 422 answer and .csv names', () => {
    expect(isCsvRejection(REJECTION)).toBe(true);
    expect(isCsvRejection({ status: 500, detail: 'x' })).toBe(false);
    expect(isCsvRejection(null)).toBe(false);
    // Every listed line must say which line and why; one that does not is no 422 answer.
    expect(isCsvRejection({ detail: 'x', errors: [] })).toBe(true);
    expect(isCsvRejection({ detail: 'x', errors: 'line 3' })).toBe(false);
    for (const odd of [null, 'line 3', { line: '3', reason: 'x' }, { line: 3, reason: 4 }]) {
      expect(isCsvRejection({ detail: 'x', errors: [{ line: 1, reason: 'ok' }, odd] })).toBe(false);
    }
    expect(isCsvFile({ name: 'questions.csv ' })).toBe(true);
    expect(isCsvFile({ name: 'a.CSV' })).toBe(true);
    expect(isCsvFile({ name: 'a.csv.txt' })).toBe(false);
    expect(isCsvFile(null)).toBe(false);
  });
});
