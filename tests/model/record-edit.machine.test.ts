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
import { answerableActor, settle } from './graph.harness';

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
];

/** Simple paths multiply with every event: one way to change, succeed and fail each. */
const SIMPLE_EVENTS = EVENTS.filter(
  (event) =>
    !(event.type === 'user.change' && event.form === 'stored') &&
    !(event.type.startsWith('xstate.error') && !event.type.endsWith('loadRecord')) &&
    !(event.type.endsWith('saveRecord') && (event as { output?: unknown }).output === 'failed'),
);

const RUNNING: Record<string, string> = {
  loadRecord: 'loading',
  saveRecord: 'saving',
  loadTheirs: 'readingTheirs',
};

/** Each actor's events only while it runs. */
const filterEvents = (snapshot: Snapshot, event: Event) => {
  const actor = /^xstate\.(?:done|error)\.actor\.(\w+)/.exec(event.type)?.[1];
  return actor === undefined || snapshot.matches(RUNNING[actor] as never);
};

const serializeState = (snapshot: Snapshot) => JSON.stringify([snapshot.value, snapshot.context]);

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

async function walk(input: RecordEditInput<string>, path: StatePath<Snapshot, Event>) {
  const live = liveActor(input);
  expectInvariants(live.actor.getSnapshot(), live);
  for (const step of path.steps) {
    if ((step.event.type as string) === 'xstate.init') continue;
    const before = live.actor.getSnapshot();
    if (step.event.type.startsWith('xstate.')) live.answer(step.event);
    else live.actor.send(step.event);
    await settle();
    const after = live.actor.getSnapshot();
    expect(after.value).toEqual(step.state.value);
    expect(after.context).toEqual(step.state.context);
    expectInvariants(after, live);
    expectStepEffects(before, step.event, after, live);
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
    const shortest = getShortestPaths(machine, {
      input,
      events: EVENTS,
      filterEvents,
      serializeState,
    });
    const simple = getSimplePaths(machine, {
      input,
      events: SIMPLE_EVENTS,
      filterEvents,
      serializeState,
    });

    for (const path of shortest) {
      it(`${describePath(path)} ends in ${JSON.stringify(path.state.value)}`, () =>
        walk(input, path));
    }

    it(`replays all ${simple.length} simple paths on a live actor`, async () => {
      expect(simple.length).toBeGreaterThan(0);
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
