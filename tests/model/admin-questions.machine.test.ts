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
import {
  answerableActor,
  collectGraph,
  expectOracleStep,
  settle,
  stepsThen,
  WALK_SIMPLE_PATHS,
  keyedByStatus,
} from './graph.harness';

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
  // The topic filtered on is gone, or (without one) the page is not found.
  {
    type: 'xstate.error.actor.loadPage',
    error: { status: 404, detail: 'Topic not found' },
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

type ListState = 'loading' | 'ready' | 'failed';

/** What the list shows and asks for, as the oracle tells it. */
interface Expected {
  state: ListState;
  context: Snapshot['context'];
  /** The page asked of the server by this step, if any. */
  request?: PageRequest;
  /** The failure reported by this step, if any. */
  failure?: unknown;
}

const TAGS_OF: Record<ListState, string[]> = {
  loading: ['status:loading'],
  ready: [],
  failed: ['status:failed'],
};

/** The request for a page as the contract takes it: a filter's field only when it is set. */
function requestFor(context: Snapshot['context']): PageRequest {
  const request: PageRequest = { page: context.page, limit: context.pageSize };
  if (context.search !== '') request.search = context.search;
  if (context.topicId !== null) request.topic_id = context.topicId;
  if (context.missingLanguage !== null) request.missing_language = context.missingLanguage;
  return request;
}

/**
 * The oracle: from what the list showed before and the event, what it must show after and
 * what it asks the server, written from the list's rules (spec section 9) and not from the
 * machine.
 */
function expectedAfter(state: ListState, context: Snapshot['context'], event: Event): Expected {
  const unchanged: Expected = { state, context };
  // An empty bank still has page 1.
  const pages = Math.max(1, context.data?.totalPages ?? 1);
  /** Any change loads again (a load under way is dropped for the new one). */
  const load = (changes: Partial<Snapshot['context']>): Expected => {
    const next = { ...context, ...changes };
    return { state: 'loading', context: next, request: requestFor(next) };
  };
  const type: string = event.type;
  const answer = event as unknown as { output?: QuestionPage; error?: unknown };
  switch (type) {
    case 'user.nextPage':
      return context.page < pages ? load({ page: context.page + 1 }) : unchanged;
    case 'user.previousPage':
      return context.page > 1 ? load({ page: context.page - 1 }) : unchanged;
    case 'user.goToPage': {
      const asked = (event as { page: number }).page;
      if (Number.isNaN(asked)) return unchanged;
      // Clamped to 1..pages; the page shown already loads nothing.
      const page = Math.min(pages, Math.max(1, Math.trunc(asked)));
      return page === context.page ? unchanged : load({ page });
    }
    case 'user.setPageSize': {
      const size = (event as { size: number }).size;
      if (![5, 10, 20, 50, 100].includes(size) || size === context.pageSize) return unchanged;
      // The question first on screen stays on screen.
      const firstShown = (context.page - 1) * context.pageSize;
      return load({
        pageSize: size as Snapshot['context']['pageSize'],
        page: Math.floor(firstShown / size) + 1,
      });
    }
    case 'user.search': {
      // Trimmed, and cut to the 200 characters the server takes.
      const search = (event as { search: string }).search.trim().slice(0, 200).trim();
      return search === context.search ? unchanged : load({ search, page: 1 });
    }
    case 'user.filterTopic': {
      const topicId = (event as { topicId: number | null }).topicId;
      return topicId === context.topicId ? unchanged : load({ topicId, page: 1 });
    }
    case 'user.filterMissingLanguage': {
      const language = (event as { language: Snapshot['context']['missingLanguage'] }).language;
      return language === context.missingLanguage
        ? unchanged
        : load({ missingLanguage: language, page: 1 });
    }
    case 'list.reload':
      return load({});
    case 'xstate.done.actor.loadPage': {
      const data = answer.output!;
      const last = Math.max(1, data.totalPages);
      // The bank shrank under the page asked for: the last page is asked instead.
      if (context.page > last) {
        const next = { ...context, data, page: last };
        return { state: 'loading', context: next, request: requestFor(next) };
      }
      return { state: 'ready', context: { ...context, data } };
    }
    case 'xstate.error.actor.loadPage': {
      // The topic filtered on is gone (an old link): the whole bank is listed instead.
      const status = (answer.error as { status?: unknown } | null)?.status;
      if (status === 404 && context.topicId !== null) return load({ topicId: null, page: 1 });
      // Otherwise the last good page stays on screen and the failure is said.
      return { state: 'failed', context, failure: answer.error };
    }
  }
  throw new Error(`the oracle has no rule for ${type}`);
}

/** The live list did what the oracle says, and asked or reported nothing else. */
function expectOracle(
  expected: Expected,
  after: Snapshot,
  live: ReturnType<typeof liveActor>,
  counts: readonly number[],
) {
  const [calls = 0, failures = 0] = counts;
  expectOracleStep(
    after,
    { value: expected.state, context: expected.context, tags: TAGS_OF[expected.state] },
    [
      [live.calls, calls, expected.request ? [expected.request] : []],
      [live.failures, failures, 'failure' in expected ? [expected.failure] : []],
    ],
  );
}

/**
 * Replays the path on a live list, each step checked against the oracle and the graph; then,
 * given `next`, one more event the graph need not have walked from there (a self-loop).
 */
async function walk(path: StatePath<Snapshot, Event>, next?: Event) {
  const live = liveActor();
  await settle();
  for (const { event, state } of stepsThen(path, next)) {
    const before = live.actor.getSnapshot();
    const expected = expectedAfter(before.value as ListState, before.context, event);
    const counts = [live.calls.length, live.failures.length];
    if (event.type.startsWith('xstate.')) live.answer(event);
    else live.actor.send(event);
    await settle();
    const after = live.actor.getSnapshot();
    expectOracle(expected, after, live, counts);
    expectInvariants(after, live);
    // The graph's step, and what its transition promises (an event it takes).
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
  const graphErrors: unknown[] = [];
  const shortest = collectGraph(graphErrors, () =>
    getShortestPaths(adminQuestionsMachine, {
      events: ALL_EVENTS,
      filterEvents,
      input: {},
      serializeState: keyedByStatus(),
    }),
  );

  it('builds its graphs', () => {
    expect(graphErrors).toEqual([]);
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

  // One path to each kind of state the list can be in (first page or last, the default page
  // size or another, a filter on or none, a page loaded or not): every event from 500 states would take minutes.
  const kinds = new Map<string, StatePath<Snapshot, Event>>();
  for (const path of shortest) {
    const { page, pageSize, search, topicId, missingLanguage, data } = path.state.context;
    const pages = Math.max(1, data?.totalPages ?? 1);
    const kind = JSON.stringify([
      path.state.value,
      page === 1,
      page === pages,
      pageSize === 10,
      search !== '' || topicId !== null || missingLanguage !== null,
      data === null,
    ]);
    if (!kinds.has(kind)) kinds.set(kind, path);
  }
  it(`does what the oracle says for every event from ${kinds.size} kinds of state`, async () => {
    for (const path of kinds.values()) {
      for (const event of ALL_EVENTS) {
        if (filterEvents(path.state, event)) await walk(path, event);
      }
    }
  });

  // Under mutation testing the simple paths are left to `npm test` (see graph.harness.ts).
  const simple = WALK_SIMPLE_PATHS
    ? collectGraph(graphErrors, () =>
        getSimplePaths(adminQuestionsMachine, {
          events: FEW_EVENTS,
          filterEvents,
          input: {},
          serializeState: keyedByStatus(),
        }),
      )
    : [];
  it(`replays all ${simple.length} simple paths over paging, page size and reloads`, async () => {
    if (WALK_SIMPLE_PATHS) expect(simple.length).toBeGreaterThan(shortest.length / 10);
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

  it('with a topic filter, any failure but a 404 is a failure: the filter stays for a retry', async () => {
    const live = liveActor();
    await answered(live, answers[0]!);
    live.actor.send({ type: 'user.filterTopic', topicId: 4 });
    for (const error of [{ status: 500, detail: 'down' }, 'offline', null]) {
      await answered(live, { type: 'xstate.error.actor.loadPage', error } as unknown as Event);
      expect(live.actor.getSnapshot().status).toBe('active');
      expect(live.actor.getSnapshot().matches('failed')).toBe(true);
      expect(live.actor.getSnapshot().context.topicId).toBe(4);
      live.actor.send({ type: 'list.reload' });
      expect(live.calls.at(-1)).toEqual({ page: 1, limit: 10, topic_id: 4 });
    }
    expect(live.failures).toHaveLength(3);
    live.actor.stop();
  });

  it('after adding a question while filtering by topic or missing language, clears the filter and shows the last page', async () => {
    const live = liveActor();
    await answered(live, answers[0]!);
    live.actor.send({ type: 'user.filterTopic', topicId: 4 });
    await answered(live, loaded(ONE_PAGE));
    live.actor.send({ type: 'list.added' });
    expect(live.calls.at(-1)).toEqual({ page: 2147483647, limit: 10 });
    await answered(live, loaded(ONE_PAGE));
    live.actor.send({ type: 'user.filterMissingLanguage', language: 'ko' });
    await answered(live, loaded(ONE_PAGE));
    live.actor.send({ type: 'list.added' });
    expect(live.calls.at(-1)).toEqual({ page: 2147483647, limit: 10 });
    live.actor.stop();
  });

  it('shows page 1 for a question added before any page could load', async () => {
    const live = liveActor();
    await answered(live, {
      type: 'xstate.error.actor.loadPage',
      error: { status: 503, detail: 'down' },
    } as unknown as Event);
    live.actor.send({ type: 'list.added' });
    expect(live.actor.getSnapshot().status).toBe('active');
    expect(live.calls.at(-1)).toEqual({ page: 1, limit: 10 });
    live.actor.stop();
  });

  it('trims a search before cutting it to the limit, so leading spaces take no room', () => {
    const live = liveActor();
    live.actor.send({ type: 'user.search', search: `     ${'a'.repeat(200)}` });
    expect(live.actor.getSnapshot().context.search).toBe('a'.repeat(200));
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
