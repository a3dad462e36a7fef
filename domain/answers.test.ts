import { describe, expect, it } from 'vitest';
import { answerKeyOf, isExactlyRight, isRightByKey, readAnswerKey } from './answers';

describe('a stored answer key', () => {
  it('reads as its answer numbers, sorted and each once', () => {
    expect(answerKeyOf('1,3')).toEqual([1, 3]);
    expect(answerKeyOf('3, 1')).toEqual([1, 3]);
    expect(answerKeyOf('2;2 4')).toEqual([2, 4]);
    expect(answerKeyOf('5')).toEqual([5]);
  });

  it('leaves out what names no answer (0, 6, words) and reads an empty key as none', () => {
    expect(answerKeyOf('0,2,6')).toEqual([2]);
    expect(answerKeyOf('1,x')).toEqual([1]);
    expect(answerKeyOf('')).toEqual([]);
  });
});

describe('an answer key as given', () => {
  const answers = ['Yes', 'No', 'Maybe', null, ''];

  it('comes back canonical: sorted, each once, joined by commas', () => {
    expect(readAnswerKey('3, 1', answers)).toEqual({ ok: true, numbers: [1, 3], key: '1,3' });
    expect(readAnswerKey('2;1 2', answers)).toEqual({ ok: true, numbers: [1, 2], key: '1,2' });
  });

  it('reads numbers as Chinese, Japanese and Korean banks and input methods write them', () => {
    expect(readAnswerKey('3，1', answers)).toMatchObject({ ok: true, key: '1,3' });
    expect(readAnswerKey('２、１', answers)).toMatchObject({ ok: true, key: '1,2' });
    expect(readAnswerKey('１；３', answers)).toMatchObject({ ok: true, key: '1,3' });
    // Korean banks circle their answer numbers.
    expect(readAnswerKey('①,③', answers)).toMatchObject({ ok: true, key: '1,3' });
    expect(readAnswerKey('②', answers)).toMatchObject({ ok: true, key: '2' });
    expect(readAnswerKey('⑥', answers)).toEqual({
      ok: false,
      problem: { code: 'rightAnswersFormat', value: '⑥' },
    });
  });

  it('reads letters from A to E, together or apart, in any case and width, as published banks write keys', () => {
    const five = ['One', 'Two', 'Three', 'Four', 'Five'];
    expect(readAnswerKey('ABD', five)).toEqual({ ok: true, numbers: [1, 2, 4], key: '1,2,4' });
    expect(readAnswerKey('c, a', five)).toMatchObject({ ok: true, key: '1,3' });
    expect(readAnswerKey('ＢＥ', five)).toMatchObject({ ok: true, key: '2,5' });
    expect(readAnswerKey('E', answers)).toEqual({
      ok: false,
      problem: { code: 'rightAnswerEmpty', number: 5 },
    });
    for (const given of ['F', 'AF', 'A3', '1,a', 'AB,1']) {
      expect(readAnswerKey(given, five)).toEqual({
        ok: false,
        problem: { code: 'rightAnswersFormat', value: given },
      });
    }
  });

  it('reads circled numbers written together, as Korean banks write two-answer keys', () => {
    expect(readAnswerKey('①③', answers)).toMatchObject({ ok: true, key: '1,3' });
    expect(readAnswerKey('③①②', answers)).toMatchObject({ ok: true, key: '1,2,3' });
    // Plain digits together stay refused: `13` may be a slip for 1,3 or for 3.
    expect(readAnswerKey('13', answers)).toMatchObject({ ok: false });
  });

  it("reads a true-or-false question's key as China's banks write it, naming the answer of that side", () => {
    const judged = ['正确', '错误'];
    expect(readAnswerKey('对', judged)).toMatchObject({ ok: true, key: '1' });
    expect(readAnswerKey('正确', judged)).toMatchObject({ ok: true, key: '1' });
    expect(readAnswerKey('×', judged)).toMatchObject({ ok: true, key: '2' });
    expect(readAnswerKey('√', ['错', '对'])).toMatchObject({ ok: true, key: '2' });
    // A question whose answers are not those words has no answer a word could name.
    expect(readAnswerKey('对', answers)).toEqual({
      ok: false,
      problem: { code: 'rightAnswersFormat', value: '对' },
    });
  });

  it('must name at least one answer', () => {
    expect(readAnswerKey('', answers)).toEqual({
      ok: false,
      problem: { code: 'rightAnswersEmpty' },
    });
    expect(readAnswerKey(' , ', answers)).toEqual({
      ok: false,
      problem: { code: 'rightAnswersEmpty' },
    });
  });

  it('takes only the numbers 1 to 5, and says what it was given', () => {
    // Also what JavaScript would read as a number from 1 to 5: '01', '1.0', '+2', '0x3', '1e0'.
    for (const given of [
      '6',
      '0',
      '1,a',
      'G',
      '1.5',
      '12',
      '-1',
      '01',
      '1.0',
      '+2',
      '0x3',
      '1e0',
    ]) {
      expect(readAnswerKey(given, answers)).toEqual({
        ok: false,
        problem: { code: 'rightAnswersFormat', value: given },
      });
    }
  });

  it('names only answers with text: the first empty one it names is the problem', () => {
    expect(readAnswerKey('5,4', answers)).toEqual({
      ok: false,
      problem: { code: 'rightAnswerEmpty', number: 4 },
    });
    // Blank once trimmed (a zero-width space too) is empty.
    expect(readAnswerKey('3', ['A', 'B', ' \u200B '])).toEqual({
      ok: false,
      problem: { code: 'rightAnswerEmpty', number: 3 },
    });
  });
});

describe('exact grading', () => {
  it('is right only when the chosen answers are exactly the right ones', () => {
    expect(isExactlyRight([1, 3], [1, 3])).toBe(true);
    expect(isExactlyRight([3, 1], [1, 3])).toBe(true);
    expect(isExactlyRight([1], [1, 3])).toBe(false);
    expect(isExactlyRight([1, 2, 3], [1, 3])).toBe(false);
    expect(isExactlyRight([2], [1])).toBe(false);
    expect(isExactlyRight([], [1])).toBe(false);
  });

  it('counts an answer chosen twice once', () => {
    expect(isExactlyRight([1, 1, 3], [1, 3])).toBe(true);
    expect(isExactlyRight([1, 1], [1, 3])).toBe(false);
  });

  it('grades against a stored key as that key reads', () => {
    expect(isRightByKey([2, 4], '4, 2')).toBe(true);
    expect(isRightByKey([2], '2,4')).toBe(false);
    expect(isRightByKey([], '')).toBe(true);
  });
});
