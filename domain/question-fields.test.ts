import { describe, expect, it } from 'vitest';
import { isPhotoName, pointsOfText, type QuestionDraft, readQuestion } from './question-fields';

const draft: QuestionDraft = {
  question_text: ' Who goes first? ',
  answer_1: 'The tram',
  answer_2: 'The car ',
  answer_3: '',
  answer_4: null,
  right_answers: '2, 1',
  photo: '',
  photo_alt: 'A crossroads',
  explanation: '   ',
};

const problemsOf = (changes: Partial<QuestionDraft>) => {
  const read = readQuestion({ ...draft, ...changes });
  return read.ok ? [] : read.problems;
};

describe('a question draft', () => {
  it('is kept trimmed, with absent texts null, a canonical key, 1 point by default, and no description without a photo', () => {
    expect(readQuestion(draft)).toEqual({
      ok: true,
      question: {
        question_text: 'Who goes first?',
        answer_1: 'The tram',
        answer_2: 'The car',
        answer_3: null,
        answer_4: null,
        answer_5: null,
        right_answers: '1,2',
        points: 1,
        photo: null,
        photo_alt: null,
        explanation: null,
      },
    });
  });

  it('keeps a photo with its description', () => {
    const read = readQuestion({ ...draft, photo: 'tram.png', points: 3 });
    expect(read).toMatchObject({
      ok: true,
      question: { photo: 'tram.png', photo_alt: 'A crossroads', points: 3 },
    });
  });

  it('needs a question text and the first two answers', () => {
    expect(problemsOf({ question_text: ' \u200B', answer_2: '' })).toEqual([
      { code: 'fieldEmpty', field: 'question_text' },
      { code: 'answerNeeded', field: 'answer_2' },
      // The key names answer 2, which is now empty.
      { code: 'rightAnswerEmpty', number: 2 },
    ]);
  });

  it('holds each text to its limit in characters', () => {
    expect(problemsOf({ question_text: 'q'.repeat(4000) })).toEqual([]);
    expect(problemsOf({ question_text: 'q'.repeat(4001) })).toEqual([
      { code: 'fieldTooLong', field: 'question_text', max: 4000 },
    ]);
    expect(problemsOf({ answer_1: 'a'.repeat(1001) })).toEqual([
      { code: 'fieldTooLong', field: 'answer_1', max: 1000 },
    ]);
    expect(problemsOf({ explanation: 'e'.repeat(4001) })).toEqual([
      { code: 'fieldTooLong', field: 'explanation', max: 4000 },
    ]);
    // 300 emoji are 600 UTF-16 units but 300 characters: within the limit.
    expect(problemsOf({ photo: 'a.png', photo_alt: '🚦'.repeat(300) })).toEqual([]);
    expect(problemsOf({ photo: 'a.png', photo_alt: 'd'.repeat(301) })).toEqual([
      { code: 'fieldTooLong', field: 'photo_alt', max: 300 },
    ]);
    // Without a photo its description is dropped, however long.
    expect(problemsOf({ photo_alt: 'd'.repeat(301) })).toEqual([]);
  });

  it('has its answers filled in order: each empty one before a filled one is a problem, the nearest first', () => {
    expect(problemsOf({ answer_3: '', answer_4: '', answer_5: 'Both' })).toEqual([
      { code: 'answersInOrder', field: 'answer_5', previous: 'answer_4' },
      { code: 'answersInOrder', field: 'answer_5', previous: 'answer_3' },
    ]);
    expect(problemsOf({ answer_4: 'Both' })).toEqual([
      { code: 'answersInOrder', field: 'answer_4', previous: 'answer_3' },
    ]);
    expect(problemsOf({ answer_3: 'Both', answer_4: 'Neither' })).toEqual([]);
    // The first two are needed anyway: an empty first is that problem alone.
    expect(problemsOf({ answer_1: '', right_answers: '2' })).toEqual([
      { code: 'answerNeeded', field: 'answer_1' },
    ]);
    // Two answers, the second in the third place (`A;;C`): a gap, not one answer too few.
    expect(problemsOf({ answer_2: '', answer_3: 'Maybe', right_answers: '1,3' })).toEqual([
      { code: 'answersInOrder', field: 'answer_3', previous: 'answer_2' },
    ]);
  });

  it('keeps all five answers when all are filled', () => {
    const read = readQuestion({
      ...draft,
      answer_3: ' Both',
      answer_4: 'Neither',
      answer_5: 'Any',
    });
    expect(read).toMatchObject({
      ok: true,
      question: { answer_3: 'Both', answer_4: 'Neither', answer_5: 'Any' },
    });
  });

  it('has a key naming filled answers only', () => {
    expect(problemsOf({ right_answers: '' })).toEqual([{ code: 'rightAnswersEmpty' }]);
    expect(problemsOf({ right_answers: '1,7' })).toEqual([
      { code: 'rightAnswersFormat', value: '1,7' },
    ]);
    expect(problemsOf({ right_answers: '3' })).toEqual([{ code: 'rightAnswerEmpty', number: 3 }]);
  });

  it('has whole points from 1 to 100', () => {
    expect(problemsOf({ points: 100 })).toEqual([]);
    for (const points of [0, 101, 2.5, Number.NaN]) {
      expect(problemsOf({ points })).toEqual([{ code: 'pointsRange', max: 100 }]);
    }
  });

  it('reads points as a whole number, full-width or with the unit a bank writes after it', () => {
    for (const [given, points] of [
      ['1', 1],
      [' 100 ', 100],
      ['２', 2],
      ['2점', 2],
      ['3 점', 3],
      ['2分', 2],
      ['2 балла', 2],
      ['5 баллов', 5],
      ['1 балл', 1],
      ['2 points', 2],
      ['1 pt.', 1],
    ] as const) {
      expect(pointsOfText(given), given).toBe(points);
    }
    for (const given of ['', '2.5', '-5', 'ten', '점', '2 apples', '1e2']) {
      expect(pointsOfText(given), given).toBeNaN();
    }
  });

  it('names its photo as the contract allows', () => {
    expect(problemsOf({ photo: '../secret.png' })).toEqual([
      { code: 'photoName', photo: '../secret.png' },
    ]);
    expect(isPhotoName('sign_1-a.PNG')).toBe(true);
    expect(isPhotoName('.hidden')).toBe(false);
    expect(isPhotoName('a'.repeat(129))).toBe(false);
  });

  it('takes a photo named as banks name theirs: any alphabet, spaces and punctuation', () => {
    for (const name of [
      'Знак 1.1.jpg',
      '标志(2).png',
      '표지판_3.webp',
      'Sign (1) + arrow.gif',
      '٣.png',
      // A Chinese school's full-width brackets and comma, and what the tester's banks held.
      '标志（3）.png',
      '图1，2.png',
      '图 5&6.png',
      "driver's view.png",
      '_hidden_start.png',
      'sign#4.png',
      'a%20b.png',
    ]) {
      expect(isPhotoName(name), name).toBe(true);
    }
    for (const name of [
      ' a.png',
      '(1).png',
      '.png',
      'a/b.png',
      'a\\b.png',
      'a"b.png',
      'a<b>.png',
      'a?.png',
      'a:b.png',
      'a|b.png',
      'a*b.png',
      'a\tb.png',
      'a\u200bb.png',
      'a\u2028b.png',
    ]) {
      expect(isPhotoName(name), name).toBe(false);
    }
    // Letters, not bytes or UTF-16 units, are counted.
    expect(isPhotoName('я'.repeat(128))).toBe(true);
    expect(isPhotoName('я'.repeat(129))).toBe(false);
  });

  it("keeps a photo's name composed, as a CSV typed elsewhere than macOS names it", () => {
    const decomposed = 'Пешеход й.png'.normalize('NFD');
    const read = readQuestion({ ...draft, photo: decomposed });
    expect(read.ok && read.question.photo).toBe('Пешеход й.png');
    expect(read.ok && read.question.photo).not.toBe(decomposed);
  });
});
