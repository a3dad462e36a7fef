import { describe, expect, it } from 'vitest';
import { joinSentences } from './sentences';

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
});
