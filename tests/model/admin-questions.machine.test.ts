import { describe, expect, it } from 'vitest';
import { createActor, type EventFromLogic, type SnapshotFrom } from 'xstate';
import { getShortestPaths, getSimplePaths, type StatePath } from 'xstate/graph';
import {
  adminQuestionsMachine,
  clampPage,
  pageCountOf,
  pageKeepingFirstItem,
  pageRequestOf,
} from '../../machines/admin-questions.machine';
import type { PageRequest, QuestionPage } from '../../machines/admin-questions.types';
import { answerableActor, settle } from './graph.harness';

type Event = EventFromLogic<typeof adminQuestionsMachine>;
type Snapshot = SnapshotFrom<typeof adminQuestionsMachine>;

const pageOf = (totalPages: number, page = 1): QuestionPage => ({
  questions: [],
  page,
  limit: 10,
  totalPages,
  totalQuestions: totalPages * 10,
});

const THREE_PAGES = pageOf(3);

/** The server's answer to a page load. */
const loaded = (output: QuestionPage) =>
  ({ type: 'xstate.done.actor.loadPage', output, actorId: 'loadPage' }) as unknown as Event;
const ONE_PAGE = pageOf(1);
const EMPTY_BANK = pageOf(0);

const answers: Event[] = [
  loaded(THREE_PAGES),
  loaded(ONE_PAGE),
  loaded(EMPTY_BANK),
  {
    type: 'xstate.error.actor.loadPage',
    error: { status: 500, detail: 'down' },
    actorId: 'loadPage',
  } as unknown as Event,
];

const ALL_EVENTS: Event[] = [
  { type: 'user.nextPage' },
  { type: 'user.previousPage' },
  { type: 'user.goToPage', page: 3 },
  { type: 'user.goToPage', page: 99 },
  { type: 'user.goToPage', page: -4 },
  { type: 'user.goToPage', page: Number.NaN },
  { type: 'user.setPageSize', size: 20 },
  { type: 'user.setPageSize', size: 5 },
  { type: 'user.setPageSize', size: 7 },
  { type: 'user.search', search: '  Stop sign ' },
  { type: 'user.search', search: 'Stop sign' },
  { type: 'user.search', search: ' ' },
  { type: 'user.filterTopic', topicId: 2 },
  { type: 'user.filterTopic', topicId: null },
  { type: 'user.filterMissingLanguage', language: 'ru' },
  { type: 'user.filterMissingLanguage', language: null },
  { type: 'list.reload' },
  ...answers,
];

/**
 * Fewer events for the simple paths, whose number grows fast with every event (one search event
 * more makes them 24,000): search and topic are walked by the shortest paths and the examples.
 */
const FEW_EVENTS: Event[] = [
  { type: 'user.nextPage' },
  { type: 'user.previousPage' },
  { type: 'user.goToPage', page: 99 },
  answers[0]!,
  answers[1]!,
  answers[3]!,
];

/** An answer can only arrive while the page loads. */
const filterEvents = (snapshot: Snapshot, event: Event) =>
  !event.type.startsWith('xstate.') || snapshot.matches('loading');

function liveActor() {
  const calls: PageRequest[] = [];
  const failures: unknown[] = [];
  const loadPage = answerableActor<QuestionPage, PageRequest>(
    (input) => calls.push(input),
    'no page is loading',
  );
  const machine = adminQuestionsMachine.provide({
    actors: { loadPage: loadPage.logic },
    actions: { reportLoadFailure: (_, params) => failures.push(params.error) },
  });
  const actor = createActor(machine, { input: {} });
  actor.start();
  return {
    actor,
    calls,
    failures,
    answer: (event: Event) => loadPage.answer(event),
  };
}

/** The server answers the load under way, and the machine takes it in. */
async function answered(live: ReturnType<typeof liveActor>, event: Event) {
  live.answer(event);
  await settle();
}

function expectInvariants(snapshot: Snapshot, live: ReturnType<typeof liveActor>) {
  const { page, pageSize } = snapshot.context;
  expect(page).toBeGreaterThanOrEqual(1);
  expect([5, 10, 20, 50, 100]).toContain(pageSize);
  // The list never asks past the page count it knows of, except right after a new page size.
  if (snapshot.matches('loading')) {
    expect(snapshot.hasTag('status:loading')).toBe(true);
    expect(live.calls.at(-1)).toEqual(pageRequestOf(snapshot.context));
  } else {
    expect(snapshot.hasTag('status:loading')).toBe(false);
  }
  expect(snapshot.hasTag('status:failed')).toBe(snapshot.matches('failed'));
  expect(snapshot.context.search).toBe(snapshot.context.search.trim());
  if (snapshot.matches('ready')) {
    expect(snapshot.context.data).not.toBeNull();
    expect(page).toBeLessThanOrEqual(pageCountOf(snapshot.context));
  }
  // Previous and next are offered exactly when there is such a page.
  expect(snapshot.can({ type: 'user.previousPage' })).toBe(page > 1);
  expect(snapshot.can({ type: 'user.nextPage' })).toBe(page < pageCountOf(snapshot.context));
}

/** Other matches load from page 1; the same search or topic (however spaced) changes nothing. */
function expectFilterEffect(before: Snapshot, after: Snapshot, changed: boolean) {
  if (!changed) {
    expect(after).toBe(before);
    return;
  }
  expect(after.context.page).toBe(1);
  expect(after.matches('loading')).toBe(true);
}

function expectStepEffects(
  before: Snapshot,
  event: Event,
  after: Snapshot,
  live: ReturnType<typeof liveActor>,
) {
  const type: string = event.type;
  if (type.startsWith('xstate.error')) {
    expect(live.failures.length).toBeGreaterThan(0);
    expect(after.context.data).toBe(before.context.data);
  }
  switch (event.type) {
    case 'user.goToPage':
      expect(after.context.page).toBe(clampPage(event.page, pageCountOf(before.context)));
      expect(after.context.page).toBeLessThanOrEqual(pageCountOf(before.context));
      break;
    case 'user.nextPage':
      expect(after.context.page).toBe(before.context.page + 1);
      break;
    case 'user.previousPage':
      expect(after.context.page).toBe(before.context.page - 1);
      break;
    case 'user.setPageSize':
      expect(after.context.pageSize).toBe(event.size);
      expect(after.context.page).toBe(
        pageKeepingFirstItem(before.context.page, before.context.pageSize, event.size),
      );
      break;
    case 'user.search':
      expect(after.context.search).toBe(event.search.trim());
      expect(after.context.topicId).toBe(before.context.topicId);
      expectFilterEffect(before, after, event.search.trim() !== before.context.search);
      break;
    case 'user.filterTopic':
      expect(after.context.topicId).toBe(event.topicId);
      expect(after.context.search).toBe(before.context.search);
      expectFilterEffect(before, after, event.topicId !== before.context.topicId);
      break;
    case 'user.filterMissingLanguage':
      expect(after.context.missingLanguage).toBe(event.language);
      expect([after.context.search, after.context.topicId]).toEqual([
        before.context.search,
        before.context.topicId,
      ]);
      expectFilterEffect(before, after, event.language !== before.context.missingLanguage);
      // The page asked for names the language exactly when one is chosen.
      if (event.language !== before.context.missingLanguage) {
        expect(live.calls.at(-1)?.missing_language).toBe(event.language ?? undefined);
      }
      break;
    case 'list.reload':
      expect(after.context.page).toBe(before.context.page);
      expect(after.matches('loading')).toBe(true);
      break;
  }
}

async function walk(path: StatePath<Snapshot, Event>) {
  const live = liveActor();
  await settle();
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
      const event = step.event as Event & {
        page?: number;
        size?: number;
        search?: string;
        topicId?: number | null;
        language?: string | null;
      };
      const argument = event.page ?? event.size ?? event.search ?? event.topicId ?? event.language;
      return (
        event.type.replace(/^xstate\./, '') +
        (argument !== undefined ? `(${JSON.stringify(argument)})` : '')
      );
    })
    .join(' → ') || '(start)';

describe('admin questions machine, path by path', () => {
  const shortest = getShortestPaths(adminQuestionsMachine, {
    events: ALL_EVENTS,
    filterEvents,
    input: {},
  });

  it('reaches loading, ready and failed, and every page of a three-page bank', () => {
    const states = new Set(shortest.map((path) => JSON.stringify(path.state.value)));
    for (const state of ['loading', 'ready', 'failed'])
      expect(states).toContain(JSON.stringify(state));
    const readyPages = new Set(
      shortest.filter((path) => path.state.matches('ready')).map((path) => path.state.context.page),
    );
    for (const page of [1, 2, 3]) expect(readyPages).toContain(page);
  });

  it(`replays all ${shortest.length} shortest paths on a live actor`, async () => {
    for (const path of shortest) await walk(path);
  });

  const simple = getSimplePaths(adminQuestionsMachine, {
    events: FEW_EVENTS,
    filterEvents,
    input: {},
  });
  it(`replays all ${simple.length} simple paths over paging, page size and reloads`, async () => {
    expect(simple.length).toBeGreaterThan(shortest.length / 10);
    for (const path of simple) await walk(path);
  });

  for (const path of shortest.filter((candidate) => candidate.steps.length <= 4)) {
    it(`${describePath(path)} ends in ${JSON.stringify(path.state.value)} on page ${path.state.context.page}`, () =>
      walk(path));
  }
});

describe('admin questions machine, by example', () => {
  it('starts on page 1 with 10 per page and asks the server for it', () => {
    const live = liveActor();
    expect(live.calls).toEqual([{ page: 1, limit: 10 }]);
    live.actor.stop();
  });

  it('clamps go-to-page to 1..pages and ignores the page already shown', async () => {
    const live = liveActor();
    await answered(live, answers[0]!);
    live.actor.send({ type: 'user.goToPage', page: 42 });
    expect(live.actor.getSnapshot().context.page).toBe(3);
    await answered(live, answers[0]!);
    live.actor.send({ type: 'user.goToPage', page: 3 });
    expect(live.actor.getSnapshot().matches('ready')).toBe(true);
    live.actor.send({ type: 'user.goToPage', page: 0 });
    expect(live.calls.at(-1)).toEqual({ page: 1, limit: 10 });
    live.actor.stop();
  });

  it('moves to the last page when the bank shrinks under the page shown', async () => {
    const live = liveActor();
    await answered(live, answers[0]!);
    live.actor.send({ type: 'user.goToPage', page: 3 });
    await answered(live, answers[1]!);
    expect(live.actor.getSnapshot().matches('loading')).toBe(true);
    expect(live.calls.at(-1)).toEqual({ page: 1, limit: 10 });
    live.actor.stop();
  });

  it('shows the page of a question just added, a new page when the last one was full', async () => {
    const live = liveActor();
    await answered(live, answers[0]!);
    // 30 questions, 10 a page: the 31st starts page 4.
    live.actor.send({ type: 'list.added' });
    expect(live.calls.at(-1)).toEqual({ page: 4, limit: 10 });
    await answered(live, loaded({ ...THREE_PAGES, totalPages: 4, totalQuestions: 31 }));
    expect(live.actor.getSnapshot().context.page).toBe(4);
    live.actor.send({ type: 'user.setPageSize', size: 50 });
    await answered(live, loaded({ ...THREE_PAGES, totalPages: 1, totalQuestions: 31 }));
    live.actor.send({ type: 'list.added' });
    expect(live.calls.at(-1)).toEqual({ page: 1, limit: 50 });
    live.actor.stop();
  });

  it('searches and filters by topic from page 1, keeping both while paging', async () => {
    const live = liveActor();
    await answered(live, answers[0]!);
    live.actor.send({ type: 'user.goToPage', page: 3 });
    await answered(live, answers[0]!);
    live.actor.send({ type: 'user.search', search: '  главная ' });
    expect(live.calls.at(-1)).toEqual({ page: 1, limit: 10, search: 'главная' });
    await answered(live, answers[0]!);
    live.actor.send({ type: 'user.filterTopic', topicId: 4 });
    await answered(live, answers[0]!);
    live.actor.send({ type: 'user.nextPage' });
    expect(live.calls.at(-1)).toEqual({ page: 2, limit: 10, search: 'главная', topic_id: 4 });
    await answered(live, answers[0]!);
    live.actor.send({ type: 'user.search', search: '' });
    live.actor.send({ type: 'user.filterTopic', topicId: null });
    expect(live.calls.at(-1)).toEqual({ page: 1, limit: 10 });
    live.actor.stop();
  });

  it('lists the whole bank when the topic filtered on is gone (404), and reports nothing', async () => {
    const live = liveActor();
    await answered(live, answers[0]!);
    live.actor.send({ type: 'user.search', search: 'stop' });
    await answered(live, answers[0]!);
    live.actor.send({ type: 'user.filterTopic', topicId: 999 });
    await answered(live, {
      type: 'xstate.error.actor.loadPage',
      error: { status: 404, detail: 'Topic not found' },
    } as unknown as Event);
    expect(live.actor.getSnapshot().context.topicId).toBeNull();
    expect(live.calls.at(-1)).toEqual({ page: 1, limit: 10, search: 'stop' });
    expect(live.failures).toEqual([]);
    // A 404 without a topic is a failure like any other.
    await answered(live, {
      type: 'xstate.error.actor.loadPage',
      error: { status: 404, detail: 'Not found' },
    } as unknown as Event);
    expect(live.actor.getSnapshot().matches('failed')).toBe(true);
    expect(live.failures).toHaveLength(1);
    live.actor.stop();
  });

  it('cuts a search to the 200 characters the server takes', () => {
    const live = liveActor();
    live.actor.send({ type: 'user.search', search: `${'a'.repeat(199)} b` });
    expect(live.actor.getSnapshot().context.search).toBe('a'.repeat(199));
    live.actor.stop();
  });

  it('starts from the search and topic it is given, as a link to them holds', () => {
    const actor = createActor(
      adminQuestionsMachine.provide({
        actors: {
          loadPage: answerableActor<QuestionPage, PageRequest>(() => {}, 'none').logic,
        },
      }),
      { input: { page: 2, search: ' stop ', topicId: 3 } },
    ).start();
    expect(actor.getSnapshot().context).toMatchObject({ page: 2, search: 'stop', topicId: 3 });
    actor.stop();
  });

  it('after adding a question while searching, clears the search and shows the last page', async () => {
    const live = liveActor();
    await answered(live, answers[0]!);
    live.actor.send({ type: 'user.search', search: 'stop' });
    await answered(live, loaded(ONE_PAGE));
    live.actor.send({ type: 'list.added' });
    expect(live.calls.at(-1)).toEqual({ page: 2147483647, limit: 10 });
    await answered(live, loaded({ ...THREE_PAGES, totalPages: 4, totalQuestions: 31 }));
    expect(live.calls.at(-1)).toEqual({ page: 4, limit: 10 });
    live.actor.stop();
  });

  it('keeps the first question on screen when the page size changes', async () => {
    const live = liveActor();
    await answered(live, answers[0]!);
    live.actor.send({ type: 'user.goToPage', page: 3 });
    live.actor.send({ type: 'user.setPageSize', size: 5 });
    expect(live.calls.at(-1)).toEqual({ page: 5, limit: 5 });
    live.actor.send({ type: 'user.setPageSize', size: 100 });
    expect(live.calls.at(-1)).toEqual({ page: 1, limit: 100 });
    live.actor.stop();
  });
});
