import { describe, expect, it } from 'vitest';
import { COURSE_PRESETS, DEFAULT_COURSE_RULES, type CourseRules } from './course-rules';
import {
  type BankQuestion,
  chancesAt,
  examPassChance,
  isReady,
  learnerModel,
  NO_EVIDENCE,
  passProbability,
  questionGains,
  streakDays,
  topicReadiness,
  withAnswer,
} from './readiness';

const filled = (n: number, value: number) => Array.from({ length: n }, () => value);
const russia = COURSE_PRESETS.find((preset) => preset.id === 'russia-ab')!.rules;

/** C(n, k) with BigInt, written apart from the code under test. */
function choose(n: number, k: number): bigint {
  let result = 1n;
  for (let i = 1; i <= k; i += 1) result = (result * BigInt(n - k + i)) / BigInt(i);
  return result;
}

describe('the exam chance for given per-question chances', () => {
  it('is 1 when every question is surely right', () => {
    const chance = examPassChance(DEFAULT_COURSE_RULES, filled(200, 1), filled(200, 1));
    expect(chance).toEqual({ probability: 1, method: 'exact', error: 0 });
  });

  it('40 questions each 0.7 likely with a 70 % pass mark: the exact binomial tail P(X ≥ 28)', () => {
    // Σ_{k=28}^{40} C(40,k) 7^k 3^(40-k) / 10^40, in whole numbers.
    let numerator = 0n;
    for (let k = 28; k <= 40; k += 1)
      numerator += choose(40, k) * 7n ** BigInt(k) * 3n ** BigInt(40 - k);
    const expected = Number((numerator * 10n ** 15n) / 10n ** 40n) / 1e15;
    expect(expected).toBeCloseTo(0.5771809245, 9);
    // The bank is just the exam, and a bank five times larger: the draw changes nothing here.
    for (const size of [40, 200]) {
      const chance = examPassChance(DEFAULT_COURSE_RULES, filled(size, 0.7), filled(size, 1));
      expect(chance.method).toBe('exact');
      expect(chance.probability).toBeCloseTo(expected, 12);
    }
  });

  it('counts the draw: 2 of 3 questions (chances 1, ½, ½) with no mistake allowed pass 5 times in 12', () => {
    // Pairs {1,2}, {1,3}, {2,3} each a third of the time: ⅓·½ + ⅓·½ + ⅓·¼ = 5/12.
    const rules: CourseRules = {
      ...DEFAULT_COURSE_RULES,
      question_count: 2,
      pass_rule: 'max_mistakes',
      pass_value: 0,
    };
    const chance = examPassChance(rules, [1, 0.5, 0.5], [1, 1, 1]);
    expect(chance.probability).toBeCloseTo(5 / 12, 12);
  });

  it('the mistakes rule: at most 2 of 20 with every question 0.9 likely', () => {
    const rules: CourseRules = {
      ...DEFAULT_COURSE_RULES,
      question_count: 20,
      pass_rule: 'max_mistakes',
      pass_value: 2,
    };
    // 0.9^20 + 20·0.1·0.9^19 + 190·0.01·0.9^18
    const expected = 0.9 ** 20 + 20 * 0.1 * 0.9 ** 19 + 190 * 0.01 * 0.9 ** 18;
    expect(expected).toBeCloseTo(0.6769268052, 9);
    const chance = examPassChance(rules, filled(100, 0.9), filled(100, 1));
    expect(chance.probability).toBeCloseTo(expected, 12);
  });

  it('the extra-questions rule (Russia A/B): each mistake adds 5 questions that must all be right', () => {
    // m mistakes (at most 2) then 5m extras all right: Σ C(20,m) 0.1^m 0.9^(20-m) 0.9^(5m).
    const expected =
      0.9 ** 20 + 20 * 0.1 * 0.9 ** 19 * 0.9 ** 5 + 190 * 0.01 * 0.9 ** 18 * 0.9 ** 10;
    expect(expected).toBeCloseTo(0.380545591, 9);
    const chance = examPassChance(russia, filled(800, 0.9), filled(800, 1), { seed: 7 });
    expect(chance.method).toBe('monte_carlo');
    expect(chance.error).toBeGreaterThan(0);
    expect(chance.error).toBeLessThan(0.02);
    expect(Math.abs(chance.probability - expected)).toBeLessThanOrEqual(chance.error);
  });

  it('the points rule with unequal points: a 2-point question decides a 2-question exam at 60 %', () => {
    // Points 1 and 2, each right half the time: 60 % of 3 needs the 2-point one, so ½.
    const rules: CourseRules = {
      ...DEFAULT_COURSE_RULES,
      question_count: 2,
      pass_rule: 'percent_points',
      pass_value: 60,
    };
    const chance = examPassChance(rules, [0.5, 0.5], [1, 2], { seed: 3 });
    expect(chance.method).toBe('monte_carlo');
    expect(Math.abs(chance.probability - 0.5)).toBeLessThanOrEqual(chance.error);
  });
});

describe('the evidence of answers', () => {
  it('sums later answers with their retrievability, each earlier answer decayed by 0.995', () => {
    const one = withAnswer(NO_EVIDENCE, true, 0.8);
    expect(one).toEqual({
      firstAnswers: 0,
      firstRight: 0,
      seenAnswers: 1,
      seenRetrievability: 0.8,
      seenRight: 1,
    });
    const two = withAnswer(one, false, 0.5);
    expect(two.seenAnswers).toBeCloseTo(1.995, 12);
    expect(two.seenRetrievability).toBeCloseTo(0.8 * 0.995 + 0.5, 12);
    expect(two.seenRight).toBeCloseTo(0.995, 12);
    // A first answer decays the later ones too.
    const three = withAnswer(two, true, undefined);
    expect(three).toMatchObject({ firstAnswers: 1, firstRight: 1 });
    expect(three.seenAnswers).toBeCloseTo(1.995 * 0.995, 12);
    expect(three.seenRetrievability).toBeCloseTo((0.8 * 0.995 + 0.5) * 0.995, 12);
  });
});

describe('the exam chance with extra questions per mistake (sampled)', () => {
  // Two questions, both drawn: one always right, one always wrong, so one mistake every time.
  // The bank has no question left for extras, so the main part alone decides.
  const rules = (passValue: number): CourseRules => ({
    ...DEFAULT_COURSE_RULES,
    question_count: 2,
    pass_rule: 'percent_questions',
    pass_value: passValue,
    extra_questions_per_mistake: 1,
  });

  it('passes a share of right answers at the pass mark, and fails one below it', () => {
    expect(examPassChance(rules(50), [1, 0], [1, 1])).toEqual({
      probability: 1,
      method: 'monte_carlo',
      error: 0,
    });
    expect(examPassChance(rules(51), [1, 0], [1, 1]).probability).toBe(0);
  });
});

describe('an exam of an empty bank', () => {
  it('is never passed', () => {
    expect(examPassChance(DEFAULT_COURSE_RULES, [], [])).toEqual({
      probability: 0,
      method: 'exact',
      error: 0,
    });
    const model = learnerModel(NO_EVIDENCE, { firstAnswers: 0, firstRight: 0 });
    expect(passProbability(DEFAULT_COURSE_RULES, [], model)).toEqual({
      probability: 0,
      low: 0,
      high: 0,
      method: 'exact',
      error: 0,
    });
  });
});

describe('the learner’s pass probability', () => {
  const met = (r: number): BankQuestion => ({ retrievability: r, points: 1 });
  const unmet: BankQuestion = { retrievability: null, points: 1 };

  it('averages the learner’s uncertainty as a fine quadrature does, near the pass mark too', () => {
    // A new learner (shifts uncertain) whose 200 met questions are half recalled: near the 70 %
    // mark the exam's chance climbs from near 0 to near 1 across the uncertainty.
    const model = learnerModel(NO_EVIDENCE, { firstAnswers: 0, firstRight: 0 });
    const bank = filled(200, 0.5).map(met);
    const points = bank.map((question) => question.points);
    // The normal's average of the chance at each shift, on a grid of 0.1 from -5 to 5.
    let sum = 0;
    let weights = 0;
    for (let z = -5; z <= 5; z += 0.1) {
      const weight = Math.exp((-z * z) / 2);
      sum +=
        weight *
        examPassChance(DEFAULT_COURSE_RULES, chancesAt(bank, model, z), points).probability;
      weights += weight;
    }
    const readiness = passProbability(DEFAULT_COURSE_RULES, bank, model);
    expect(Math.abs(readiness.probability - sum / weights)).toBeLessThan(0.03);
    // A hundred exact programmes: seconds under mutation testing's instrumentation.
  }, 60_000);

  it('is 1 when every retrievability is 1', () => {
    const model = learnerModel(NO_EVIDENCE, { firstAnswers: 0, firstRight: 0 });
    const readiness = passProbability(DEFAULT_COURSE_RULES, filled(200, 1).map(met), model);
    expect(readiness.probability).toBeCloseTo(1, 9);
    expect(readiness.low).toBeCloseTo(1, 9);
  });

  it('a learner who missed every first answer gets a low chance for the questions not met, with a range around it', () => {
    let evidence = NO_EVIDENCE;
    for (let i = 0; i < 30; i += 1) evidence = withAnswer(evidence, false, undefined);
    const model = learnerModel(evidence, { firstAnswers: 1000, firstRight: 600 });
    const readiness = passProbability(
      DEFAULT_COURSE_RULES,
      filled(200, 0).map(() => unmet),
      model,
    );
    expect(readiness.probability).toBeLessThan(0.01);
    expect(readiness.low).toBeLessThanOrEqual(readiness.probability);
    expect(readiness.high).toBeGreaterThanOrEqual(readiness.probability);
  });

  it('the questions that would raise it most are the ones least likely right', () => {
    const model = learnerModel(NO_EVIDENCE, { firstAnswers: 0, firstRight: 0 });
    const bank = [met(0.95), met(0.2), unmet, met(0.6), met(0.99)];
    const gains = questionGains({ ...DEFAULT_COURSE_RULES, question_count: 4 }, bank, model, 3);
    // With no answers anywhere an unmet question is right 55 % of the time, and a met one
    // R + (1 - R)·0.55: 0.2 → 0.64, 0.6 → 0.82; 0.95 and 0.99 are past what study reaches.
    expect(gains.map((gain) => gain.index)).toEqual([2, 1, 3]);
    expect(gains[0]!.gain).toBeGreaterThan(gains[2]!.gain);
  });
});

describe('what study would gain', () => {
  // With no answers anywhere, a met question is right with chance R + (1 - R)·0.55.
  const model = learnerModel(NO_EVIDENCE, { firstAnswers: 0, firstRight: 0 });
  const oneQuestionExam: CourseRules = {
    ...DEFAULT_COURSE_RULES,
    question_count: 1,
    pass_rule: 'max_mistakes',
    pass_value: 0,
  };

  it('is the draw share times the chance at the edge times what study adds', () => {
    // Chances 0.55 and 0.775. An exam of one question, no mistake allowed: the edge is passing,
    // (0.55 + 0.775) / 2 = 0.6625, and each question is drawn half the time.
    const gains = questionGains(
      oneQuestionExam,
      [
        { retrievability: 0, points: 1 },
        { retrievability: 0.5, points: 1 },
      ],
      model,
      5,
    );
    expect(gains.map((gain) => gain.index)).toEqual([0, 1]);
    expect(gains[0]!.chance).toBeCloseTo(0.55, 9);
    expect(gains[0]!.gain).toBeCloseTo(0.5 * 0.6625 * (0.9 - 0.55), 9);
    expect(gains[1]!.gain).toBeCloseTo(0.5 * 0.6625 * (0.9 - 0.775), 9);
  });

  it('weighs points in for the points rule, leaves out what study cannot raise, and keeps to the limit', () => {
    const bank = [
      { retrievability: 0, points: 1 },
      { retrievability: 0, points: 3 },
      { retrievability: 0.9, points: 1 },
    ];
    const byPoints = questionGains(
      { ...oneQuestionExam, pass_rule: 'percent_points', pass_value: 100 },
      bank,
      model,
      5,
    );
    // 0.9 + 0.1·0.55 = 0.955 is past the 0.9 study reaches; the 3-point question gains three
    // times the 1-point one (weights 3/mean and 1/mean, the mean of the points being 5/3).
    expect(byPoints.map((gain) => gain.index)).toEqual([1, 0]);
    expect(byPoints[0]!.gain / byPoints[1]!.gain).toBeCloseTo(3, 9);
    expect(questionGains(oneQuestionExam, bank, model, 1)).toHaveLength(1);
    expect(questionGains(oneQuestionExam, [], model, 5)).toEqual([]);
  });
});

describe('a topic’s readiness', () => {
  it('is the mean chance of its questions, those at most 50 % likely, and those not met', () => {
    const chances = [0.2, 0.5, 0.9, 0.6];
    const met = [true, false, true, true];
    const topic = topicReadiness(chances, met, [0, 1, 3]);
    expect(topic).toMatchObject({ questions: 3, likelyMissed: 2, unmet: 1 });
    expect(topic.chance).toBeCloseTo((0.2 + 0.5 + 0.6) / 3, 12);
    expect(topicReadiness(chances, met, [])).toEqual({
      chance: 0,
      questions: 0,
      likelyMissed: 0,
      unmet: 0,
    });
  });
});

describe('the ready badge and the streak', () => {
  const day = (d: string, probability: number | null, answers = 0) => ({
    day: d,
    probability,
    answers,
  });

  it('is ready after three measured days at or above the threshold within the week', () => {
    const history = [day('2026-03-01', 0.95), day('2026-03-03', 0.9), day('2026-03-05', 0.97)];
    expect(isReady(history, 0.9, '2026-03-05')).toBe(true);
    expect(isReady(history, 0.91, '2026-03-05')).toBe(false);
    // A week on, the first of them is too old.
    expect(isReady(history, 0.9, '2026-03-08')).toBe(false);
    expect(isReady([...history, day('2026-03-06', 0.5)], 0.9, '2026-03-06')).toBe(false);
  });

  it('counts the seventh day back, not the eighth, days without a probability or after today', () => {
    const history = [day('2026-03-01', 0.95), day('2026-03-03', 0.9), day('2026-03-05', 0.97)];
    // 2026-03-01 is the seventh day of the week up to 03-07, and outside the week up to 03-08.
    expect(isReady(history, 0.9, '2026-03-07')).toBe(true);
    // A day with answers but no probability is not a measured day; a later day is not yet.
    const unmeasured = [day('2026-03-04', null, 30), day('2026-03-06', 0.2)];
    expect(isReady([...history, ...unmeasured], 0.9, '2026-03-05')).toBe(true);
  });

  it('counts days in a row with the daily goal met; today not yet met keeps the streak', () => {
    const history = [
      day('2026-03-01', null, 25),
      day('2026-03-02', null, 20),
      day('2026-03-03', null, 19),
      day('2026-03-04', null, 30),
      day('2026-03-05', null, 40),
      day('2026-03-06', null, 3),
    ];
    expect(streakDays(history, 20, '2026-03-06')).toBe(2);
    expect(streakDays(history, 20, '2026-03-05')).toBe(2);
    expect(streakDays(history, 10, '2026-03-06')).toBe(5);
    expect(streakDays(history, 3, '2026-03-06')).toBe(6);
    expect(streakDays(history, 20, '2026-03-08')).toBe(0);
  });
});
