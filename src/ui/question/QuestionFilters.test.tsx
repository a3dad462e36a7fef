import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testI18n } from '../../test/render-app';
import { QuestionFilters, SEARCH_DEBOUNCE_MS } from './QuestionFilters';

testI18n();

const TOPICS = [
  { id: 3, name: 'Road signs' },
  { id: 5, name: 'Right of way' },
];

/** The filters with the state a page keeps (its URL), recording what they asked for. */
function Harness({ asked }: { asked: { search: string[]; topic: (number | null)[] } }) {
  const [search, setSearch] = useState('');
  const [topicId, setTopicId] = useState<number | null>(null);
  return (
    <>
      <QuestionFilters
        search={search}
        topicId={topicId}
        topics={TOPICS}
        onSearch={(next) => {
          asked.search.push(next);
          setSearch(next);
        }}
        onTopic={(next) => {
          asked.topic.push(next);
          setTopicId(next);
        }}
      />
      {/* As Back to an earlier URL would. */}
      <button type="button" onClick={() => setSearch('stop')}>
        back
      </button>
    </>
  );
}

function setup() {
  const asked = { search: [] as string[], topic: [] as (number | null)[] };
  render(<Harness asked={asked} />);
  const box = screen.getByRole('searchbox', { name: 'Search' });
  return { asked, box };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('question search and topic filter', () => {
  it('searches once typing pauses, with the text trimmed', () => {
    const { asked, box } = setup();
    fireEvent.change(box, { target: { value: 'gl' } });
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 50));
    fireEvent.change(box, { target: { value: ' главная ' } });
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 50));
    expect(asked.search).toEqual([]);
    act(() => vi.advanceTimersByTime(50));
    expect(asked.search).toEqual(['главная']);
    // Only spaces more: the same search, not asked again.
    fireEvent.change(box, { target: { value: ' главная  ' } });
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(asked.search).toEqual(['главная']);
  });

  it('searches at once on Enter, and clears with the cross or Escape, keeping the focus', () => {
    const { asked, box } = setup();
    box.focus();
    fireEvent.change(box, { target: { value: 'stop' } });
    fireEvent.submit(box);
    expect(asked.search).toEqual(['stop']);
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(asked.search).toEqual(['stop', '']);
    expect((box as HTMLInputElement).value).toBe('');
    expect(document.activeElement).toBe(box);
    expect(screen.queryByRole('button', { name: 'Clear search' })).toBeNull();
    fireEvent.change(box, { target: { value: 'lane' } });
    fireEvent.keyDown(box, { key: 'Escape' });
    expect((box as HTMLInputElement).value).toBe('');
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(asked.search).toEqual(['stop', '']);
  });

  it('shows a search that came from elsewhere (Back), without asking for it again', () => {
    const { asked, box } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'back' }));
    expect((box as HTMLInputElement).value).toBe('stop');
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(asked.search).toEqual([]);
  });

  it('offers all topics and each topic by name', () => {
    const { asked } = setup();
    const select = screen.getByRole('combobox', { name: 'Topic' });
    expect([...select.querySelectorAll('option')].map((option) => option.textContent)).toEqual([
      'All topics',
      'Road signs',
      'Right of way',
    ]);
    fireEvent.change(select, { target: { value: '5' } });
    fireEvent.change(select, { target: { value: '' } });
    expect(asked.topic).toEqual([5, null]);
  });
});
