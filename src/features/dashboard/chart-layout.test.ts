import { describe, expect, it } from 'vitest';
import { topicLabel } from './chart-layout';

describe("the accuracy chart's topic labels", () => {
  it('keeps a short name as it is', () => {
    expect(topicLabel('Road signs')).toBe('Road signs');
    expect(topicLabel('Дорожные знаки')).toBe('Дорожные знаки');
  });

  it('cuts a long Russian name at a word, with an ellipsis, to two lines at most', () => {
    const label = topicLabel('Проезд перекрёстков и пешеходных переходов, остановки транспорта');
    expect(label).toBe('Проезд перекрёстков и…');
    expect([...label].length).toBeLessThanOrEqual(26);
  });

  it('cuts one long word where it must', () => {
    const label = topicLabel('Verkehrszeichenübersichtsabschnittsbezeichnung');
    expect(label.endsWith('…')).toBe(true);
    expect([...label].length).toBeLessThanOrEqual(26);
  });
});
