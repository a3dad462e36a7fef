import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { FakeResponse } from './render-app';

/**
 * A fake server's delete, answered only on `release`: by then the confirmation has gone and
 * given the focus back, as it has when a real server a moment away answers.
 */
export function heldDelete(onDeleted: () => void): {
  route: () => Promise<FakeResponse>;
  release: () => void;
} {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  return {
    route: async () => {
      await held;
      onDeleted();
      return { body: { message: 'ok' } };
    },
    release,
  };
}

/**
 * Presses the focused `button` (a row's Delete, or Delete all), accepts the confirmation (after
 * `fill`, for one that wants something typed), lets the server answer, and expects the focus on
 * the emptied list's text rather than lost to the page.
 */
export async function expectFocusOnEmptyList(
  button: HTMLElement,
  emptyText: string,
  { release, fill }: { release: () => void; fill?: (dialog: HTMLElement) => void },
): Promise<void> {
  button.focus();
  fireEvent.click(button);
  const dialog = await screen.findByRole('dialog');
  fill?.(dialog);
  fireEvent.click(within(dialog).getByTestId('confirm-accept'));
  await waitFor(() => expect(document.activeElement).toBe(button));
  release();
  const empty = await screen.findByText(emptyText);
  await waitFor(() => expect(document.activeElement).toBe(empty));
}
