import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Dropdown, nudgeIntoView } from './Dropdown';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('a menu near the edge of the window', () => {
  it('moves back within 8 px of the edge it would pass, and not at all when it fits', () => {
    // The tester's phone: 390 px wide, a Chinese footer's menu opening at 280 to 491.
    expect(nudgeIntoView({ left: 280, right: 491 }, 390)).toBe(-109);
    expect(nudgeIntoView({ left: -20, right: 200 }, 390)).toBe(28);
    expect(nudgeIntoView({ left: 23, right: 233 }, 390)).toBe(0);
    // Wider than the window: its start stays in view.
    expect(nudgeIntoView({ left: 10, right: 500 }, 390)).toBe(-2);
  });

  it('opens moved into the window where its side would take it past the edge', () => {
    vi.spyOn(document.documentElement, 'clientWidth', 'get').mockReturnValue(390);
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
      DOMRect.fromRect({ x: 280, y: 600, width: 211, height: 160 }),
    );
    render(
      <Dropdown label="Language" trigger="中文" up align="start">
        {() => <button role="menuitem">Русский</button>}
      </Dropdown>,
    );
    const focus = vi.spyOn(HTMLElement.prototype, 'focus');
    fireEvent.click(screen.getByRole('button', { name: 'Language' }));
    expect(screen.getByRole('menu').style.transform).toBe('translateX(-109px)');
    // Its item takes the focus without scrolling the page, which carried the menu off screen.
    expect(focus).toHaveBeenCalledWith({ preventScroll: true });
    expect(document.activeElement?.textContent).toBe('Русский');
  });
});
