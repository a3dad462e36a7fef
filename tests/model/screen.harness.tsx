/**
 * Shared by the screen-level path tests: English i18next loaded synchronously, rendering a
 * view, the learner's key presses and clicks, the choice of simple paths to render, and what
 * the learner should see worked out with plain arithmetic rather than the view's selectors.
 */
import { act, fireEvent, render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nProvider } from '../../src/i18n/react';
import type { EventObject, Snapshot } from 'xstate';
import type { StatePath } from 'xstate/graph';
import { createApiClient } from '../../src/api';
import { ApiProvider } from '../../src/lib/api-context';

import { testI18n } from '../../src/test/render-app';
import type { Question } from './exam-training.harness';

/** The real English strings, loaded up front (no HTTP backend, no Suspense); a missing key fails. */
const i18n = testI18n();

// jsdom has no scrolling; a run's or an exam's first question scrolls the page to its top.
window.scrollTo = () => {};

// The machines' calls come from each test's scripted API; a view's own call (a kept result's
// "Send now") finds no server, as offline.
const offlineApi = createApiClient({
  baseUrl: 'http://localhost/api/v1',
  fetch: () => Promise.reject(new TypeError('Failed to fetch')),
  getToken: () => null,
  onUnauthorized: () => undefined,
});

export function renderInEnglish(ui: ReactElement): RenderResult {
  return render(
    <I18nProvider i18n={i18n}>
      <ApiProvider client={offlineApi}>{ui}</ApiProvider>
    </I18nProvider>,
  );
}

/** A key press as the learner makes it: on the focused element, bubbling to the window. */
export function pressKey(key: string): void {
  act(() => {
    fireEvent.keyDown(document.activeElement ?? document.body, { key });
  });
}

export function click(element: Element): void {
  act(() => {
    fireEvent.click(element);
  });
}

/** Runs work that settles promises or moves the clock, letting React render what follows. */
export async function settleInAct(work: () => Promise<void>): Promise<void> {
  await act(work);
}

/**
 * At most `limit` paths, spread evenly over the list (first and last included), so that the
 * choice is the same on every run and covers short and long paths alike.
 */
export function evenlyChosen<T>(items: readonly T[], limit: number): T[] {
  if (items.length <= limit) return [...items];
  const chosen: T[] = [];
  for (let index = 0; index < limit; index += 1) {
    const item = items[Math.round((index * (items.length - 1)) / (limit - 1))];
    if (item !== undefined) chosen.push(item);
  }
  return chosen;
}

/** `12 steps to review`: a path's length and the state it ends in, for its test name. */
export function pathName<
  TSnapshot extends Snapshot<unknown> & { value: unknown },
  TEvent extends EventObject,
>(path: StatePath<TSnapshot, TEvent>): string {
  const values = path.steps.map((step) => stateName(step.state.value));
  return `${path.steps.length} steps to ${values[values.length - 1] ?? 'start'}`;
}

export function stateName(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value)
      .map(([key, child]) => `${key}.${stateName(child)}`)
      .join(',');
  }
  return String(value);
}

export const text = (element: Element | null | undefined) => element?.textContent?.trim() ?? null;

/** `04:05` for 245 seconds. */
export const clockText = (seconds: number) =>
  `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;

/** The numbers of the answers a question shows (its non-empty answer texts). */
export const shownAnswers = (item: Question) =>
  [item.answer_1, item.answer_2, item.answer_3, item.answer_4, item.answer_5].flatMap(
    (answer, index) => (answer ? [index + 1] : []),
  );

export const rightAnswers = (item: Question) => item.right_answers.split(',').map(Number);

/** Buttons whose accessible name is `name`: their aria-label, or else their text. */
export function buttonsNamed(root: ParentNode, name: string): HTMLButtonElement[] {
  return [...root.querySelectorAll('button')].filter(
    (button) => (button.getAttribute('aria-label') ?? text(button)) === name,
  );
}

/** A button that takes no press: disabled, or busy (aria-disabled, still focusable). */
export function unavailable(button: HTMLButtonElement | null | undefined): boolean {
  return Boolean(button && (button.disabled || button.getAttribute('aria-disabled') === 'true'));
}

/** A card's one button, named by its verb and the card's title ("Start Ticket 3"). */
export function cardButton(card: ParentNode, verb: string): HTMLButtonElement {
  return onlyButton(card, `${verb} ${text(card.querySelector('h2'))}`);
}

export function onlyButton(root: ParentNode, name: string): HTMLButtonElement {
  const [button, ...others] = buttonsNamed(root, name);
  if (button === undefined || others.length > 0) throw new Error(`not one button '${name}'`);
  return button;
}
