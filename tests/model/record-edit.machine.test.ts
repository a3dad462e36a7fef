import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type EventFromLogic, type SnapshotFrom } from 'xstate';
import { getShortestPaths, getSimplePaths, type StatePath } from 'xstate/graph';
import {
  carryChanges,
  changedFields,
  createRecordEditMachine,
  hasChanges,
} from '../../machines/record-edit.machine';
import type {
  RecordDraft,
  RecordEditInput,
  RecordVersion,
  SaveOutcome,
  SaveRequest,
} from '../../machines/record-edit.types';
import {
  answerableActor,
  collectGraph,
  expectOracleStep,
  keyedByStatus,
  settle,
  stepsThen,
  WALK_SIMPLE_PATHS,
  whileItsActorRuns,
} from './graph.harness';

// Forms are plain strings here: the machine only keeps, compares and hands them on.
const machine = createRecordEditMachine<string, string>();
type Event = EventFromLogic<typeof machine>;
type Snapshot = SnapshotFrom<typeof machine>;

const STORED: RecordVersion<string> = { form: 'stored', tag: '"v1"' };
const THEIRS: RecordVersion<string> = { form: 'theirs', tag: '"v2"' };

const INPUTS: Record<string, RecordEditInput<string>> = {
  'a stored record': { id: 7, blank: '', draft: null },
  'a stored record with changes kept from its version': {
    id: 7,
    blank: '',
    draft: { form: 'kept', tag: STORED.tag, base: STORED.form },
  },
  'a stored record with changes kept from an older version': {
    id: 7,
    blank: '',
    draft: { form: 'kept', tag: '"v0"', base: 'older' },
  },
  'a new record': { id: null, blank: '', draft: null },
  'a new record with changes kept': {
    id: null,
    blank: '',
    draft: { form: 'kept', tag: null, base: '' },
  },
};

const done = (id: string, output: unknown) =>
  ({ type: `xstate.done.actor.${id}`, output, actorId: id }) as unknown as Event;
const failed = (id: string) =>
  ({
    type: `xstate.error.actor.${id}`,
    error: new Error('offline'),
    actorId: id,
  }) as unknown as Event;

const EVENTS: Event[] = [
  { type: 'user.change', form: 'mine' },
  { type: 'user.change', form: 'stored' },
  { type: 'user.save', body: 'body' },
  { type: 'user.keepMine' },
  { type: 'user.takeTheirs' },
  { type: 'user.revert' },
  { type: 'user.retry' },
  done('loadRecord', STORED),
  failed('loadRecord'),
  {
    type: 'xstate.error.actor.loadRecord',
    error: { status: 404 },
    actorId: 'loadRecord',
  } as unknown as Event,
  done('saveRecord', 'saved' satisfies SaveOutcome),
  done('saveRecord', 'conflict' satisfies SaveOutcome),
  done('saveRecord', 'gone' satisfies SaveOutcome),
  done('saveRecord', 'failed' satisfies SaveOutcome),
  failed('saveRecord'),
  done('loadTheirs', THEIRS),
  failed('loadTheirs'),
  {
    type: 'xstate.error.actor.loadTheirs',
    error: { status: 404 },
    actorId: 'loadTheirs',
  } as unknown as Event,
];

/** Simple paths multiply with every event: one way to change, succeed and fail each. */
const SIMPLE_EVENTS = EVENTS.filter(
  (event) =>
    !(event.type === 'user.change' && event.form === 'stored') &&
    !(event.type.startsWith('xstate.error') && !event.type.endsWith('loadRecord')) &&
    !(event.type.endsWith('saveRecord') && (event as { output?: unknown }).output === 'failed'),
);

/** Each call's events only while it runs. */
const filterEvents = whileItsActorRuns<Snapshot, Event>();

const serializeState = keyedByStatus<Snapshot>();

function liveActor(input: RecordEditInput<string>) {
  let kept: RecordDraft<string> | null = input.draft;
  const loads: number[] = [];
  const saves: SaveRequest<string>[] = [];
  const loadRecord = answerableActor<RecordVersion<string>, { id: number }>(
    (call) => loads.push(call.id),
    'no read runs',
  );
  const saveRecord = answerableActor<SaveOutcome, SaveRequest<string>>(
    (call) => saves.push(call),
    'no save runs',
  );
  const actor = createActor(
    machine.provide({
      actors: { loadRecord: loadRecord.logic, saveRecord: saveRecord.logic },
      actions: {
        keepDraft: (_, params) => {
          kept = params.draft;
        },
        forgetDraft: () => {
          kept = null;
        },
      },
    }),
    { input },
  );
  actor.start();
  return {
    actor,
    loads,
    saves,
    kept: () => kept,
    answer: (event: Event) =>
      (event.type.includes('saveRecord') ? saveRecord : loadRecord).answer(event),
  };
}

/** What holds whatever the path. */
function expectInvariants(snapshot: Snapshot, live: ReturnType<typeof liveActor>) {
  const { context } = snapshot;
  // Changes on screen are kept for a reload, with the version they were made from.
  if (hasChanges(context) && !snapshot.matches('saved') && !snapshot.matches('missing')) {
    expect(live.kept()).toEqual({ form: context.form, tag: context.tag, base: context.base });
  }
  if (snapshot.matches('saved')) expect(live.kept()).toBeNull();
  // A record found gone keeps what was typed for it on screen, and in the tab until closed.
  if (snapshot.matches('missing') && live.kept()) expect(context.form).toBe(live.kept()?.form);
  // Their version is on hand exactly while the choice is asked.
  expect(context.theirs !== null).toBe(snapshot.matches('conflict'));
  expect(snapshot.hasTag('status:conflict')).toBe(snapshot.matches('conflict'));
  // A new record is never read, and never has a version.
  if (context.id === null) {
    expect(live.loads).toEqual([]);
    expect(context.tag).toBeNull();
  }
}

function expectStepEffects(
  before: Snapshot,
  event: Event,
  after: Snapshot,
  live: ReturnType<typeof liveActor>,
) {
  if (event.type === 'user.save' && before.matches('editing')) {
    // A save names the version the changes were made from.
    expect(live.saves.at(-1)).toEqual({
      id: before.context.id,
      body: 'body',
      tag: before.context.tag,
    });
  }
  const theirs = before.context.theirs;
  if (event.type === 'user.takeTheirs' && theirs) {
    expect(after.context.form).toBe(theirs.form);
    expect(after.context.tag).toBe(theirs.tag);
    expect(hasChanges(after.context)).toBe(false);
  }
  if (event.type === 'user.keepMine' && theirs) {
    // The changes stay; the next save replaces their version, knowingly.
    expect(after.context.form).toBe(before.context.form);
    expect(after.context.tag).toBe(theirs.tag);
  }
  if (event.type === 'user.revert' && before.matches('editing')) {
    expect(after.context.form).toBe(after.context.base);
    expect(live.kept()).toBeNull();
  }
  if (event.type === 'user.change' && !before.matches('editing') && !before.matches('conflict')) {
    expect(after.context.form).toBe(before.context.form);
  }
}

type FormState =
  | 'loading'
  | 'loadFailed'
  | 'editing'
  | 'saving'
  | 'readingTheirs'
  | 'conflict'
  | 'missing'
  | 'saved';

/** What the form shows, reads, saves and keeps for a reload, as the oracle tells it. */
interface Expected {
  state: FormState;
  context: Snapshot['context'];
  /** The changes kept for a reload after the step (null: none). */
  kept: RecordDraft<string> | null;
  /** The record read by this step, if any. */
  read?: number;
  /** The save sent by this step, if any. */
  saved?: SaveRequest<string>;
}

const TAGS_OF: Record<FormState, string[]> = {
  loading: ['status:loading'],
  loadFailed: ['status:loadFailed'],
  editing: [],
  saving: ['status:saving'],
  readingTheirs: ['status:saving'],
  conflict: ['status:conflict'],
  missing: ['status:missing'],
  saved: ['status:saved'],
};

/** How the form opens, before any event: a new record at once, a stored one read first. */
function expectedStart(input: RecordEditInput<string>): Expected {
  const kept = input.draft;
  if (input.id === null) {
    return {
      state: 'editing',
      context: {
        id: null,
        form: kept ? kept.form : input.blank,
        base: input.blank,
        tag: null,
        theirs: null,
        draft: null,
        restored: kept !== null,
      },
      kept,
    };
  }
  return {
    state: 'loading',
    context: {
      id: input.id,
      form: input.blank,
      base: input.blank,
      tag: null,
      theirs: null,
      draft: kept,
      restored: false,
    },
    kept,
    read: input.id,
  };
}

/**
 * The oracle: from what the form showed and kept before and the event, what it must show, keep,
 * read and save after, written from the rules of editing a record (forms are whole strings
 * here, so keeping one's changes keeps the whole form) and not from the machine.
 */
function expectedAfter(
  state: FormState,
  context: Snapshot['context'],
  kept: RecordDraft<string> | null,
  event: Event,
): Expected {
  const unchanged: Expected = { state, context, kept };
  const id = context.id ?? 0;
  const type: string = event.type;
  const answer = event as unknown as { output?: unknown; error?: unknown };
  const notFound = (answer.error as { status?: unknown } | undefined)?.status === 404;
  switch (type) {
    case 'user.change': {
      const form = (event as { form: string }).form;
      if (state !== 'editing' && state !== 'conflict') return unchanged;
      // A form back to where it started keeps nothing; any other is kept with its version.
      const back = state === 'editing' && form === context.base;
      return {
        state,
        context: { ...context, form },
        kept: back ? null : { form, tag: context.tag, base: context.base },
      };
    }
    case 'user.save':
      if (state !== 'editing') return unchanged;
      // A save names the version the changes were made from (If-Match).
      return {
        state: 'saving',
        context,
        kept,
        saved: { id: context.id, body: (event as { body: string }).body, tag: context.tag },
      };
    case 'user.revert':
      if (state !== 'editing') return unchanged;
      return { state, context: { ...context, form: context.base, restored: false }, kept: null };
    case 'user.retry':
      return state === 'loadFailed' ? { state: 'loading', context, kept, read: id } : unchanged;
    case 'user.keepMine': {
      const theirs = context.theirs;
      if (state !== 'conflict' || !theirs) return unchanged;
      // The changes stay and are now made from their version: the next save replaces it.
      const next = { ...context, base: theirs.form, tag: theirs.tag, theirs: null };
      return {
        state: 'editing',
        context: next,
        kept: { form: context.form, tag: theirs.tag, base: theirs.form },
      };
    }
    case 'user.takeTheirs': {
      const theirs = context.theirs;
      if (state !== 'conflict' || !theirs) return unchanged;
      return {
        state: 'editing',
        context: {
          ...context,
          form: theirs.form,
          base: theirs.form,
          tag: theirs.tag,
          theirs: null,
          restored: false,
        },
        kept: null,
      };
    }
    case 'xstate.done.actor.loadRecord': {
      const stored = answer.output as RecordVersion<string>;
      const draft = context.draft;
      if (!draft) {
        return {
          state: 'editing',
          context: { ...context, form: stored.form, base: stored.form, tag: stored.tag },
          kept,
        };
      }
      // Kept changes come back over the stored version; made from an older one, they are a
      // conflict with it (the version they were made from is still theirs to compare with).
      const older = draft.tag !== stored.tag;
      return {
        state: older ? 'conflict' : 'editing',
        context: {
          ...context,
          form: draft.form,
          base: older ? (draft.base ?? stored.form) : stored.form,
          tag: draft.tag,
          theirs: older ? stored : null,
          draft: null,
          restored: true,
        },
        kept,
      };
    }
    case 'xstate.error.actor.loadRecord':
      if (!notFound) return { state: 'loadFailed', context, kept };
      // Gone: what was kept for it stays on screen to copy.
      return {
        state: 'missing',
        context: context.draft
          ? { ...context, form: context.draft.form, draft: null, restored: true }
          : context,
        kept,
      };
    case 'xstate.done.actor.saveRecord': {
      const outcome = answer.output as SaveOutcome;
      if (outcome === 'saved') return { state: 'saved', context, kept: null };
      // Someone else saved first: their version is read (a new record has none).
      if (outcome === 'conflict' && context.id !== null) {
        return { state: 'readingTheirs', context, kept, read: id };
      }
      if (outcome === 'gone') return { state: 'missing', context, kept };
      return { state: 'editing', context, kept };
    }
    case 'xstate.error.actor.saveRecord':
      return { state: 'editing', context, kept };
    case 'xstate.done.actor.loadTheirs':
      return {
        state: 'conflict',
        context: { ...context, theirs: answer.output as RecordVersion<string> },
        kept,
      };
    case 'xstate.error.actor.loadTheirs':
      return { state: notFound ? 'missing' : 'editing', context, kept };
  }
  throw new Error(`the oracle has no rule for ${type}`);
}

/** The live form is what the oracle says, and read or saved nothing else. */
function expectOracle(
  expected: Expected,
  snapshot: Snapshot,
  live: ReturnType<typeof liveActor>,
  counts: readonly number[],
) {
  expect(live.kept()).toEqual(expected.kept);
  const [loads = 0, saves = 0] = counts;
  expectOracleStep(
    snapshot,
    { value: expected.state, context: expected.context, tags: TAGS_OF[expected.state] },
    [
      [live.loads, loads, expected.read === undefined ? [] : [expected.read]],
      [live.saves, saves, expected.saved ? [expected.saved] : []],
    ],
  );
}

/**
 * Replays the path on a live form, each step checked against the oracle and the graph; then,
 * given `next`, one more event the graph need not have walked from there (a self-loop).
 */
async function walk(
  input: RecordEditInput<string>,
  path: StatePath<Snapshot, Event>,
  next?: Event,
) {
  const live = liveActor(input);
  expectOracle(expectedStart(input), live.actor.getSnapshot(), live, [0, 0]);
  expectInvariants(live.actor.getSnapshot(), live);
  for (const { event, state } of stepsThen(path, next)) {
    const before = live.actor.getSnapshot();
    const expected = expectedAfter(before.value as FormState, before.context, live.kept(), event);
    const counts = [live.loads.length, live.saves.length];
    if (event.type.startsWith('xstate.')) live.answer(event);
    else live.actor.send(event);
    await settle();
    const after = live.actor.getSnapshot();
    expectOracle(expected, after, live, counts);
    expectInvariants(after, live);
    if (state) {
      expect(after.value).toEqual(state.value);
      expect(after.context).toEqual(state.context);
      expectStepEffects(before, event, after, live);
    }
  }
  live.actor.stop();
}

const describePath = (path: StatePath<Snapshot, Event>) =>
  path.steps
    .filter((step) => (step.event.type as string) !== 'xstate.init')
    .map((step) => {
      const event = step.event as Event & { form?: string; output?: unknown };
      const detail = event.form ?? (typeof event.output === 'string' ? event.output : undefined);
      return event.type.replace(/^xstate\./, '') + (detail ? `(${detail})` : '');
    })
    .join(' → ') || '(start)';

for (const [name, input] of Object.entries(INPUTS)) {
  describe(`record edit machine on ${name}, path by path`, () => {
    const graphErrors: unknown[] = [];
    const shortest = collectGraph(graphErrors, () =>
      getShortestPaths(machine, {
        input,
        events: EVENTS,
        filterEvents,
        serializeState,
      }),
    );
    // Under mutation testing the simple paths are left to `npm test` (see graph.harness.ts).
    const simple = WALK_SIMPLE_PATHS
      ? collectGraph(graphErrors, () =>
          getSimplePaths(machine, {
            input,
            events: SIMPLE_EVENTS,
            filterEvents,
            serializeState,
          }),
        )
      : [];

    it('builds its graphs', () => {
      expect(graphErrors).toEqual([]);
    });

    for (const path of shortest) {
      it(`${describePath(path)} ends in ${JSON.stringify(path.state.value)}`, () =>
        walk(input, path));
    }

    it('does what the oracle says for every event from every state reached', async () => {
      for (const path of shortest) {
        for (const event of EVENTS) {
          // A saved form is closed: it takes no events any more.
          if (path.state.status === 'active' && filterEvents(path.state, event)) {
            await walk(input, path, event);
          }
        }
      }
    });

    it(`replays all ${simple.length} simple paths on a live actor`, async () => {
      if (WALK_SIMPLE_PATHS) expect(simple.length).toBeGreaterThan(0);
      for (const path of simple) await walk(input, path);
    });
  });
}

describe('record edit machine, by example', () => {
  it('opens a stored record on what is stored now, and saves with its version', async () => {
    const live = liveActor(INPUTS['a stored record']!);
    expect(live.actor.getSnapshot().hasTag('status:loading')).toBe(true);
    expect(live.loads).toEqual([7]);
    live.answer(done('loadRecord', STORED));
    await settle();
    expect(live.actor.getSnapshot().context.form).toBe('stored');
    live.actor.send({ type: 'user.change', form: 'mine' });
    expect(live.kept()).toEqual({ form: 'mine', tag: '"v1"', base: 'stored' });
    live.actor.send({ type: 'user.save', body: 'mine as sent' });
    expect(live.saves).toEqual([{ id: 7, body: 'mine as sent', tag: '"v1"' }]);
    live.answer(done('saveRecord', 'saved'));
    await settle();
    expect(live.actor.getSnapshot().status).toBe('done');
    expect(live.kept()).toBeNull();
  });

  it('after a refused save shows their version, keeps the changes and saves over it only when asked', async () => {
    const live = liveActor(INPUTS['a stored record']!);
    live.answer(done('loadRecord', STORED));
    await settle();
    live.actor.send({ type: 'user.change', form: 'mine' });
    live.actor.send({ type: 'user.save', body: 'mine' });
    live.answer(done('saveRecord', 'conflict'));
    await settle();
    expect(live.loads).toEqual([7, 7]);
    live.answer(done('loadTheirs', THEIRS));
    await settle();
    const conflict = live.actor.getSnapshot();
    expect(conflict.hasTag('status:conflict')).toBe(true);
    expect(conflict.context.form).toBe('mine');
    // Saving is not offered until the administrator has chosen.
    live.actor.send({ type: 'user.save', body: 'mine' });
    expect(live.saves).toHaveLength(1);
    live.actor.send({ type: 'user.keepMine' });
    live.actor.send({ type: 'user.save', body: 'mine' });
    expect(live.saves.at(-1)).toEqual({ id: 7, body: 'mine', tag: '"v2"' });
  });

  it('brings back changes kept from an older version with their version to choose from', async () => {
    const live = liveActor(INPUTS['a stored record with changes kept from an older version']!);
    live.answer(done('loadRecord', STORED));
    await settle();
    const snapshot = live.actor.getSnapshot();
    expect(snapshot.hasTag('status:conflict')).toBe(true);
    expect(snapshot.context).toMatchObject({
      form: 'kept',
      tag: '"v0"',
      theirs: STORED,
      restored: true,
    });
    live.actor.send({ type: 'user.takeTheirs' });
    expect(live.actor.getSnapshot().context.form).toBe('stored');
    expect(live.kept()).toBeNull();
  });

  it('takes a read refused with no detail at all for a failed read, not a record gone', async () => {
    for (const error of [null, undefined, 'Not Found', 404]) {
      const live = liveActor(INPUTS['a stored record']!);
      live.answer({ type: 'xstate.error.actor.loadRecord', error } as unknown as Event);
      await settle();
      expect(live.actor.getSnapshot().hasTag('status:loadFailed')).toBe(true);
      live.actor.stop();
    }
  });

  it('reads the record again after a failed read, when asked', async () => {
    const live = liveActor(INPUTS['a stored record']!);
    live.answer(failed('loadRecord'));
    await settle();
    expect(live.actor.getSnapshot().hasTag('status:loadFailed')).toBe(true);
    live.actor.send({ type: 'user.retry' });
    expect(live.loads).toEqual([7, 7]);
  });

  it('keeping the changes over their version keeps only the fields changed; theirs fill the rest', async () => {
    type Form = { text: string; answer: string; points: string };
    const fields = createRecordEditMachine<Form, Form>();
    const opened: Form = { text: 'Stop?', answer: 'Yes', points: '1' };
    const theirs: Form = { text: 'Their wording', answer: 'Yes', points: '2' };
    // Opened at version 1; by the save, someone else has saved version 2.
    const versions = [
      { form: opened, tag: '"v1"' },
      { form: theirs, tag: '"v2"' },
    ];
    const actor = createActor(
      fields.provide({
        actors: {
          loadRecord: fromPromise(async () => versions.shift() ?? { form: theirs, tag: '"v2"' }),
          saveRecord: fromPromise<SaveOutcome, SaveRequest<Form>>(async () => 'conflict'),
        },
      }),
      { input: { id: 7, blank: { text: '', answer: '', points: '' }, draft: null } },
    ).start();
    await settle();
    const mine = { ...opened, answer: 'No' };
    actor.send({ type: 'user.change', form: mine });
    actor.send({ type: 'user.save', body: mine });
    await settle();
    await settle();
    expect(actor.getSnapshot().hasTag('status:conflict')).toBe(true);
    actor.send({ type: 'user.keepMine' });
    expect(actor.getSnapshot().context.form).toEqual({
      text: 'Their wording',
      answer: 'No',
      points: '2',
    });
    actor.stop();

    // The same for changes kept from before a reload, made from version 1.
    const direct = createActor(
      fields.provide({
        actors: {
          loadRecord: fromPromise(async () => ({ form: theirs, tag: '"v2"' })),
        },
      }),
      { input: { id: 7, blank: opened, draft: { form: mine, tag: '"v1"', base: opened } } },
    ).start();
    await settle();
    expect(direct.getSnapshot().hasTag('status:conflict')).toBe(true);
    direct.send({ type: 'user.keepMine' });
    expect(direct.getSnapshot().context).toMatchObject({
      form: { text: 'Their wording', answer: 'No', points: '2' },
      base: theirs,
      tag: '"v2"',
    });
    direct.stop();
  });

  it("names the fields that differ, a list's items one by one, and carries changes item by item", () => {
    const base = { text: 'Stop?', answers: ['Yes', 'No', ''], points: '1' };
    const theirs = { text: 'Stop here?', answers: ['Yes', 'Never', ''], points: '1' };
    const mine = { text: 'Stop?', answers: ['Always', 'No', ''], points: '2' };
    expect(changedFields(base, theirs)).toEqual(['text', 'answers.1']);
    expect(changedFields(base, mine)).toEqual(['answers.0', 'points']);
    expect(changedFields(base, base)).toEqual([]);
    // A list that grew or shrank is one change.
    expect(changedFields(base, { ...base, answers: ['Yes'] })).toEqual(['answers']);
    expect(changedFields('stored', 'theirs')).toEqual(['']);
    // A form that is not a record of fields, on either side, is one field.
    expect(changedFields('stored', 'stored')).toEqual([]);
    expect(changedFields<unknown>(null, { text: 'Stop?' })).toEqual(['']);
    expect(changedFields<unknown>('stored', { text: 'Stop?' })).toEqual(['']);
    expect(changedFields<unknown>({ text: 'Stop?' }, null)).toEqual(['']);
    // Carried whole when any of the three is not a record of fields.
    expect(carryChanges<unknown>(base, mine, 'theirs')).toBe(mine);
    expect(carryChanges<unknown>(null, mine, theirs)).toBe(mine);
    expect(carryChanges<unknown>(base, 'mine', theirs)).toBe('mine');
    expect(carryChanges(base, mine, theirs)).toEqual({
      text: 'Stop here?',
      answers: ['Always', 'Never', ''],
      points: '2',
    });
    // Both changed the same item: the change made here is kept.
    expect(carryChanges(base, { ...base, answers: ['Yes', 'Maybe', ''] }, theirs).answers).toEqual([
      'Yes',
      'Maybe',
      '',
    ]);
  });
});
