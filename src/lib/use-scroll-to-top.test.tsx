import { render } from '@testing-library/react';
import { useRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useRevealWhen } from './use-scroll-to-top';

function Answer({ checked }: { checked: boolean }) {
  const actions = useRef<HTMLDivElement>(null);
  useRevealWhen(checked, actions);
  return <div ref={actions}>Next</div>;
}

describe('useRevealWhen', () => {
  it('scrolls the target into view, no further than needed, each time it is shown', () => {
    const scrolled = vi.fn();
    HTMLElement.prototype.scrollIntoView = scrolled;
    // A run restored already checked stays where it is.
    const view = render(<Answer checked />);
    expect(scrolled).not.toHaveBeenCalled();
    view.rerender(<Answer checked={false} />);
    expect(scrolled).not.toHaveBeenCalled();
    view.rerender(<Answer checked />);
    expect(scrolled).toHaveBeenCalledTimes(1);
    expect(scrolled).toHaveBeenCalledWith(expect.objectContaining({ block: 'nearest' }));
    view.rerender(<Answer checked />);
    expect(scrolled).toHaveBeenCalledTimes(1);
  });
});
