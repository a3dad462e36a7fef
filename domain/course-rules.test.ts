import { describe, expect, it } from 'vitest';
import {
  askedBeforeEnd,
  cannotPassAnyMore,
  type CourseRules,
  decideExam,
  extraQuestionsEarned,
  type GradedQuestion,
  mistakesAllowed,
  reserveSize,
  rulesForDraw,
  rulesProblem,
  timeLimitWith,
} from './course-rules';
import { COURSE_PRESETS } from './course-presets';

const right = (points = 1, isExtra = false): GradedQuestion => ({
  isCorrect: true,
  points,
  answered: true,
  isExtra,
});
const wrong = (points = 1, isExtra = false): GradedQuestion => ({
  isCorrect: false,
  points,
  answered: true,
  isExtra,
});
const unanswered: GradedQuestion = { isCorrect: false, points: 1, answered: false, isExtra: false };
const times = (n: number, q: GradedQuestion) => Array.from({ length: n }, () => q);
// Looked up without throwing: a preset gone fails the tests that use it, not the file's loading
// (which mutation testing would not count as a failing test).
const russia = COURSE_PRESETS.find((preset) => preset.id === 'russia-ab')?.rules as CourseRules;

describe('the pass decision of each rule', () => {
  it('percent of questions: 28 of 40 passes at 70, 27 of 40 fails', () => {
    const rule = { pass_rule: 'percent_questions', pass_value: 70 } as const;
    expect(decideExam(rule, [...times(28, right()), ...times(12, wrong())]).passed).toBe(true);
    expect(decideExam(rule, [...times(27, right()), ...times(13, wrong())])).toEqual({
      passed: false,
      decidedBy: 'percent_questions',
      mistakes: 13,
      unanswered: 0,
    });
  });

  it('percent of points weighs each question: 2 + 3 of 2 + 3 + 5 points is 50 percent', () => {
    const graded = [right(2), right(3), wrong(5)];
    expect(decideExam({ pass_rule: 'percent_points', pass_value: 50 }, graded).passed).toBe(true);
    expect(decideExam({ pass_rule: 'percent_points', pass_value: 51 }, graded).passed).toBe(false);
    // Two of three questions right would pass a 60 percent questions rule; the points do not.
    expect(decideExam({ pass_rule: 'percent_points', pass_value: 60 }, graded)).toMatchObject({
      passed: false,
      decidedBy: 'percent_points',
    });
  });

  it('at most N mistakes: 2 pass, 3 fail, unanswered questions count as mistakes', () => {
    const rule = { pass_rule: 'max_mistakes', pass_value: 2 } as const;
    expect(decideExam(rule, [...times(18, right()), ...times(2, wrong())]).passed).toBe(true);
    expect(decideExam(rule, [...times(17, right()), ...times(2, wrong()), unanswered])).toEqual({
      passed: false,
      decidedBy: 'max_mistakes',
      mistakes: 3,
      unanswered: 1,
    });
  });

  it('a mistake among the extra questions fails whatever the main part says', () => {
    const graded = [...times(19, right()), wrong(), ...times(4, right(1, true)), wrong(1, true)];
    expect(decideExam(russia, graded)).toEqual({
      passed: false,
      decidedBy: 'extra_mistake',
      mistakes: 1,
      unanswered: 0,
    });
    const allExtrasRight = [...times(19, right()), wrong(), ...times(5, right(1, true))];
    expect(decideExam(russia, allExtrasRight)).toMatchObject({
      passed: true,
      decidedBy: 'max_mistakes',
    });
  });

  it('an exam with no question never passes', () => {
    expect(decideExam({ pass_rule: 'max_mistakes', pass_value: 2 }, []).passed).toBe(false);
    expect(decideExam({ pass_rule: 'percent_points', pass_value: 0 }, []).passed).toBe(false);
  });
});

describe('the extra-questions rule (Russia A/B: 20 questions, 2 mistakes, +5 and +300 s each)', () => {
  it('keeps 10 questions in reserve and earns 5 per mistake up to the two that can pass', () => {
    expect(reserveSize(russia, 20)).toBe(10);
    expect([0, 1, 2, 3, 7].map((m) => extraQuestionsEarned(russia, 20, m))).toEqual([
      0, 5, 10, 10, 10,
    ]);
    expect([0, 1, 2, 3].map((m) => timeLimitWith(russia, 20, m))).toEqual([1200, 1500, 1800, 1800]);
  });

  it('for a percent rule, the mistakes that can still pass: 40 questions at 70 percent allow 12', () => {
    const rules = { ...russia, pass_rule: 'percent_questions' as const, pass_value: 70 };
    expect(mistakesAllowed(rules, 40)).toBe(12);
    expect(mistakesAllowed(rules, 23)).toBe(6); // 17 of 23 is 73.9 %, 16 of 23 is 69.6 %
  });

  it('a course without the rule keeps no reserve and no extra time', () => {
    const ireland = COURSE_PRESETS.find((preset) => preset.id === 'ireland')!.rules;
    expect(reserveSize(ireland, 40)).toBe(0);
    expect(timeLimitWith(ireland, 40, 3)).toBe(2700);
  });
});

describe('rules that cannot be kept', () => {
  it('a percent outside 1 to 100, or as many allowed mistakes as questions', () => {
    expect(rulesProblem({ ...russia, pass_rule: 'percent_points', pass_value: 101 })).toBe(
      'percentRange',
    );
    // 0 % passes every exam, an empty one included.
    expect(rulesProblem({ ...russia, pass_rule: 'percent_questions', pass_value: 0 })).toBe(
      'percentRange',
    );
    expect(rulesProblem({ ...russia, pass_rule: 'percent_questions', pass_value: 1 })).toBeNull();
    expect(rulesProblem({ ...russia, pass_rule: 'percent_points', pass_value: 100 })).toBeNull();
    // No mistake allowed is a rule of its own.
    expect(rulesProblem({ ...russia, pass_value: 0 })).toBeNull();
    expect(rulesProblem({ ...russia, pass_value: 20 })).toBe('mistakesNotBelowCount');
    expect(COURSE_PRESETS.map((preset) => rulesProblem(preset.rules))).toEqual(
      COURSE_PRESETS.map(() => null),
    );
  });
});

describe('the presets', () => {
  // docs/courses.md, Presets: the published rules each preset starts a course with.
  it('hold the published rules of each exam, in the language of its bank', () => {
    const extras = {
      extra_questions_per_mistake: 0,
      extra_seconds_per_mistake: 0,
      ends_when_failed: false,
    };
    expect(COURSE_PRESETS).toEqual([
      {
        id: 'default',
        language: 'en',
        rules: {
          question_count: 40,
          time_limit_seconds: 2400,
          pass_rule: 'percent_questions',
          pass_value: 70,
          ...extras,
        },
      },
      {
        id: 'korea-1',
        language: 'ko',
        rules: {
          question_count: 40,
          time_limit_seconds: 2400,
          pass_rule: 'percent_points',
          pass_value: 70,
          ...extras,
        },
      },
      {
        id: 'korea-2',
        language: 'ko',
        rules: {
          question_count: 40,
          time_limit_seconds: 2400,
          pass_rule: 'percent_points',
          pass_value: 60,
          ...extras,
        },
      },
      {
        id: 'russia-ab',
        language: 'ru',
        rules: {
          question_count: 20,
          time_limit_seconds: 1200,
          pass_rule: 'max_mistakes',
          pass_value: 2,
          extra_questions_per_mistake: 5,
          extra_seconds_per_mistake: 300,
          // The real exam stops at the mistake that fails it.
          ends_when_failed: true,
        },
      },
      {
        id: 'ireland',
        language: 'en',
        rules: {
          question_count: 40,
          time_limit_seconds: 2700,
          pass_rule: 'max_mistakes',
          pass_value: 5,
          ...extras,
        },
      },
      {
        id: 'uk',
        language: 'en',
        rules: {
          question_count: 50,
          time_limit_seconds: 3420,
          pass_rule: 'max_mistakes',
          pass_value: 7,
          ...extras,
        },
      },
    ]);
  });
});

describe('the edges of the rules', () => {
  it('a percent of exactly 100 can be kept; a mistake count above 100 can, below the count', () => {
    expect(rulesProblem({ ...russia, pass_rule: 'percent_questions', pass_value: 100 })).toBeNull();
    expect(rulesProblem({ ...russia, question_count: 200, pass_value: 150 })).toBeNull();
    expect(rulesProblem({ ...russia, pass_value: 19 })).toBeNull();
  });

  it('a percent-of-questions exam of extra questions only, or of none, never passes', () => {
    const rules = { pass_rule: 'percent_questions' as const, pass_value: 0 };
    expect(decideExam(rules, []).passed).toBe(false);
    expect(decideExam(rules, [right(1, true)]).passed).toBe(false);
    expect(decideExam(rules, [right()])).toEqual({
      passed: true,
      decidedBy: 'percent_questions',
      mistakes: 0,
      unanswered: 0,
    });
  });

  it('a percent of questions counts questions, not their points', () => {
    const rules = { pass_rule: 'percent_questions' as const, pass_value: 50 };
    // One of two questions right (50 percent), though it carries 1 of the 4 points.
    expect(decideExam(rules, [right(1), wrong(3)]).passed).toBe(true);
  });

  it('extra seconds alone, without extra questions, add no time', () => {
    const rules = { ...russia, extra_questions_per_mistake: 0, extra_seconds_per_mistake: 60 };
    expect(timeLimitWith(rules, 20, 2)).toBe(1200);
  });
});

describe('an exam drawn from a bank smaller than it', () => {
  const uk = COURSE_PRESETS.find((preset) => preset.id === 'uk')!.rules;

  it('keeps the share of mistakes, rounded down: 7 of 50 is none of 6, 5 of 40, 6 of 49', () => {
    expect(uk).toMatchObject({ question_count: 50, pass_rule: 'max_mistakes', pass_value: 7 });
    expect(rulesForDraw(uk, 6)).toEqual({ ...uk, question_count: 6, pass_value: 0 });
    expect(rulesForDraw(uk, 40)).toEqual({ ...uk, question_count: 40, pass_value: 5 });
    expect(rulesForDraw(uk, 49)).toEqual({ ...uk, question_count: 49, pass_value: 6 });
    // An exam answered all wrong no longer passes; all right still does.
    const allWrong = Array.from({ length: 6 }, () => wrong());
    expect(decideExam(rulesForDraw(uk, 6), allWrong).passed).toBe(false);
    expect(decideExam(rulesForDraw(uk, 6), [right(), right()]).passed).toBe(true);
  });

  it("a full exam's rules, and the percent rules at any size, stay as they are", () => {
    expect(rulesForDraw(uk, 50)).toBe(uk);
    const percent = { ...uk, pass_rule: 'percent_questions' as const, pass_value: 86 };
    expect(rulesForDraw(percent, 6)).toEqual({ ...percent, question_count: 6 });
    // Russia A/B's extras follow the mistakes allowed: 2 of 20 is 1 of 10, so 5 extras at most.
    expect(reserveSize(rulesForDraw(russia, 10), 10)).toBe(5);
    expect(reserveSize(russia, 20)).toBe(10);
  });
});

describe('an exam that can no longer be passed', () => {
  type Rule = Pick<CourseRules, 'pass_rule' | 'pass_value'>;
  const RULES: Rule[] = [
    { pass_rule: 'max_mistakes', pass_value: 0 },
    { pass_rule: 'max_mistakes', pass_value: 1 },
    { pass_rule: 'max_mistakes', pass_value: 2 },
    { pass_rule: 'percent_questions', pass_value: 50 },
    { pass_rule: 'percent_questions', pass_value: 70 },
    { pass_rule: 'percent_questions', pass_value: 100 },
    { pass_rule: 'percent_points', pass_value: 60 },
    { pass_rule: 'percent_points', pass_value: 75 },
  ];
  const POINTS = [[1], [2, 1], [1, 3, 1], [2, 1, 1, 3], [1, 1, 2, 1, 1]];

  /** Every way of answering `points.length` questions, right (true) or wrong. */
  const outcomes = (count: number): boolean[][] =>
    count === 0
      ? [[]]
      : outcomes(count - 1).flatMap((rest) => [
          [true, ...rest],
          [false, ...rest],
        ]);

  it('is so exactly when no way of answering the rest passes by decideExam', () => {
    let decided = 0;
    for (const rule of RULES) {
      for (const points of POINTS) {
        const total = points.reduce((sum, value) => sum + value, 0);
        for (const given of outcomes(points.length)) {
          // Every prefix of the main part, answered as `given` says, then the rest open.
          for (let answered = 0; answered <= points.length; answered += 1) {
            const asked = given.slice(0, answered).map((isCorrect, at) => ({
              isCorrect,
              points: points[at] ?? 1,
              answered: true,
              isExtra: false,
            }));
            const canStillPass = outcomes(points.length - answered).some(
              (rest) =>
                decideExam(rule, [
                  ...asked,
                  ...rest.map((isCorrect, at) => ({
                    isCorrect,
                    points: points[answered + at] ?? 1,
                    answered: true,
                    isExtra: false,
                  })),
                ]).passed,
            );
            const verdict = cannotPassAnyMore(rule, { count: points.length, points: total }, asked);
            expect(verdict, JSON.stringify({ rule, points, given, answered })).toBe(!canStillPass);
            if (verdict) decided += 1;
          }
        }
      }
    }
    // Not vacuous: many prefixes are decided, many are not.
    expect(decided).toBeGreaterThan(100);
  });

  it('is so after one mistake among the extra questions, not after a right one', () => {
    const rule: Rule = { pass_rule: 'max_mistakes', pass_value: 2 };
    const main = { count: 20, points: 20 };
    const mainPart = [wrong(), right(), right()];
    expect(cannotPassAnyMore(rule, main, [...mainPart, right(1, true)])).toBe(false);
    expect(cannotPassAnyMore(rule, main, [...mainPart, right(1, true), wrong(1, true)])).toBe(true);
  });

  it('comes at the third mistake of the Russian exam, and never from an unanswered question', () => {
    const rule: Rule = { pass_rule: 'max_mistakes', pass_value: 2 };
    const main = { count: 20, points: 20 };
    expect(cannotPassAnyMore(rule, main, [wrong(), wrong()])).toBe(false);
    expect(cannotPassAnyMore(rule, main, [wrong(), wrong(), wrong()])).toBe(true);
    const unanswered = { isCorrect: false, points: 1, answered: false, isExtra: false };
    expect(cannotPassAnyMore(rule, main, [wrong(), wrong(), unanswered])).toBe(false);
  });
});

describe('the questions an exam ending at its failing mistake asked', () => {
  const rules = { pass_rule: 'max_mistakes', pass_value: 1, ends_when_failed: true } as const;
  const main = { count: 4, points: 4 };
  const none: GradedQuestion = { isCorrect: false, points: 1, answered: false, isExtra: false };

  it('are those up to the losing answer when nothing after it was answered', () => {
    expect(askedBeforeEnd(rules, main, [wrong(), right(), wrong(), none])).toBe(3);
    // Extras revealed by the first mistake, never reached.
    const extra = { ...none, isExtra: true };
    expect(askedBeforeEnd(rules, main, [wrong(), wrong(), none, none, extra, extra])).toBe(2);
    // A mistake among the extras ends it there.
    const all = [wrong(), right(), right(), right(), right(1, true), wrong(1, true), extra];
    expect(askedBeforeEnd(rules, main, all)).toBe(6);
  });

  it('are all of them when it was not lost, answered on after the loss, or the course runs to the end', () => {
    expect(askedBeforeEnd(rules, main, [wrong(), right(), none, none])).toBeNull();
    expect(askedBeforeEnd(rules, main, [wrong(), wrong(), right(), none])).toBeNull();
    expect(
      askedBeforeEnd({ ...rules, ends_when_failed: false }, main, [wrong(), wrong(), none, none]),
    ).toBeNull();
  });
});
