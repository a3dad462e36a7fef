import { describe, expect, it } from 'vitest';
import { joinItems, joinSentences } from './sentences';

describe('joinSentences', () => {
  it('sets sentences with a space, except in Chinese, and leaves missing ones out', () => {
    expect(joinSentences('en', ['Generate 25 tickets?', false, 'Tickets are replaced.'])).toBe(
      'Generate 25 tickets? Tickets are replaced.',
    );
    expect(joinSentences('ko', ['티켓을 생성할까요?', '기존 티켓이 바뀝니다.'])).toBe(
      '티켓을 생성할까요? 기존 티켓이 바뀝니다.',
    );
    expect(joinSentences('zh', ['生成 25 张题卡？', null, '现有题卡将被替换。'])).toBe(
      '生成 25 张题卡？现有题卡将被替换。',
    );
  });

  it('sets items apart with a semicolon, full-width in Chinese', () => {
    expect(joinItems('en', ['1. Yes, slowly', '3. Stop'])).toBe('1. Yes, slowly; 3. Stop');
    expect(joinItems('ru', ['1. Да', '2. Нет'])).toBe('1. Да; 2. Нет');
    expect(joinItems('zh-CN', ['1. 减速', '3. 停车'])).toBe('1. 减速；3. 停车');
    expect(joinItems('ko', ['2. 서행'])).toBe('2. 서행');
  });
});
