import { describe, expect, it } from 'vitest';
import { DEFAULT_COURSE_RULES, type CourseRules } from './course-rules';
import { COURSE_PRESETS } from './course-presets';
import {
  type BankQuestion,
  chancesAt,
  drawnAtMostMistakes,
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

  it('holds a bank smaller than the exam to the rule\'s share: "at most 7 of 50" on 6 questions allows none', () => {
    const uk = COURSE_PRESETS.find((preset) => preset.id === 'uk')!.rules;
    // Six questions, each right half the time: all six right is 1 in 64 (it was certain).
    const chance = examPassChance(uk, filled(6, 0.5), filled(6, 1));
    expect(chance.probability).toBeCloseTo(1 / 64, 12);
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

  it('the mistakes rule with unequal points is counted exactly: points do not decide it', () => {
    // Two of three drawn, no mistake allowed: pairs (½·½, ½·1, ½·1) pass (¼ + ½ + ½) / 3 = 5/12.
    const rules: CourseRules = {
      ...DEFAULT_COURSE_RULES,
      question_count: 2,
      pass_rule: 'max_mistakes',
      pass_value: 0,
    };
    const chance = examPassChance(rules, [0.5, 0.5, 1], [1, 2, 3]);
    expect(chance).toEqual({ probability: expect.closeTo(5 / 12, 12), method: 'exact', error: 0 });
  });

  it('a draw larger than the bank, or of no question, is never passed', () => {
    expect(drawnAtMostMistakes([1, 1, 1], 4, 1)).toBe(0);
    expect(drawnAtMostMistakes([1, 1, 1], 0, 1)).toBe(0);
    expect(drawnAtMostMistakes([1, 1, 1], 3, 0)).toBe(1);
  });

  it('the points rule with equal points is the questions rule, counted exactly', () => {
    // Two of three drawn, 2 points each, 50 %: one mistake allowed. Fails only when both drawn
    // are wrong: the pairs (½·½, ½·0, ½·0) fail ¼, 0, 0 of the time, so 1 - (¼)/3 = 11/12.
    const rules: CourseRules = {
      ...DEFAULT_COURSE_RULES,
      question_count: 2,
      pass_rule: 'percent_points',
      pass_value: 50,
    };
    const chance = examPassChance(rules, [0.5, 0.5, 1], [2, 2, 2]);
    expect(chance.method).toBe('exact');
    expect(chance.probability).toBeCloseTo(11 / 12, 12);
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
    expect(three.seenRight).toBeCloseTo(0.995 * 0.995, 12);
    // ... and a first answer decays the first ones before it, as a later answer does.
    const four = withAnswer(three, false, undefined);
    expect(four.firstAnswers).toBeCloseTo(1.995, 12);
    expect(four.firstRight).toBeCloseTo(0.995, 12);
    const five = withAnswer(four, true, 0.9);
    expect(five.firstAnswers).toBeCloseTo(1.995 * 0.995, 12);
    expect(five.firstRight).toBeCloseTo(0.995 * 0.995, 12);
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
    expect(readiness.method).toBe('exact');
    expect(Math.abs(readiness.probability - sum / weights)).toBeLessThan(0.03);
    // A hundred exact programmes: seconds under mutation testing's instrumentation.
  }, 60_000);

  it('is all but 1 when every retrievability is 1: a known question is still missed now and then', () => {
    const model = learnerModel(NO_EVIDENCE, { firstAnswers: 0, firstRight: 0 });
    const readiness = passProbability(DEFAULT_COURSE_RULES, filled(200, 1).map(met), model);
    // Each question at most 97 % likely: 28 of 40 right fails about once in ten million.
    expect(readiness.probability).toBeGreaterThan(0.9999);
    expect(readiness.probability).toBeLessThan(1);
    expect(readiness.low).toBeGreaterThan(0.999);
    // The points rule with unequal points is sampled, and reads each question's points: 90 % of
    // the points, with every question 97 % likely, is passed most times but not every time.
    const weighed = passProbability(
      { ...DEFAULT_COURSE_RULES, pass_rule: 'percent_points', pass_value: 90 },
      Array.from({ length: 60 }, (_, i) => ({ retrievability: 1, points: 1 + (i % 3) })),
      model,
    );
    expect(weighed.method).toBe('monte_carlo');
    expect(weighed.probability).toBeGreaterThan(0.9);
    expect(weighed.probability).toBeLessThan(0.99);
  });

  it('keeps met questions likely right for a learner right on 3 in 4 answers given minutes apart', () => {
    // 40 first answers, 30 right; then 120 answers to the same questions minutes after the last
    // (retrievability about 1), 90 right: as a learner doing the same tickets again in a sitting.
    let evidence = NO_EVIDENCE;
    for (let i = 0; i < 40; i += 1) evidence = withAnswer(evidence, i % 4 !== 0, undefined);
    for (let i = 0; i < 120; i += 1) evidence = withAnswer(evidence, i % 4 !== 0, 0.9999);
    const model = learnerModel(evidence, { firstAnswers: 40, firstRight: 30 });
    // A question met, read a day on at 0.9: about as likely right as the learner's three in four,
    // not near 0 (the shift was some twelve logits down, its chance 0.0002).
    const [chance] = chancesAt([{ retrievability: 0.9, points: 1 }], model, 0);
    expect(chance).toBeGreaterThan(0.6);
    expect(chance).toBeLessThan(0.9);
    // So a 40-question exam at 70 % of such questions is more likely passed than not.
    const readiness = passProbability(DEFAULT_COURSE_RULES, filled(200, 0.9).map(met), model);
    expect(readiness.probability).toBeGreaterThan(0.5);
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

  it('with a mistake allowed, the edge is exactly that many mistakes', () => {
    // Both questions drawn (chances 0.55 and 0.775), one mistake allowed: the verdict turns on a
    // question only when the other one is the mistake, 0.55·0.225 + 0.45·0.775 = 0.4725.
    const gains = questionGains(
      { ...oneQuestionExam, question_count: 2, pass_value: 1 },
      [
        { retrievability: 0, points: 1 },
        { retrievability: 0.5, points: 1 },
      ],
      model,
      5,
    );
    expect(gains[0]!.gain).toBeCloseTo(0.4725 * (0.9 - 0.55), 9);
    expect(gains[1]!.gain).toBeCloseTo(0.4725 * (0.9 - 0.775), 9);
  });

  it('orders questions of equal gain by the seed, not by the bank: the same seed, the same order', () => {
    const bank = Array.from({ length: 12 }, () => ({ retrievability: null, points: 1 }));
    const order = (seed: number) =>
      questionGains(oneQuestionExam, bank, model, 12, seed).map((gain) => gain.index);
    const bankOrder = bank.map((_, index) => index);
    expect(order(7)).toEqual(order(7));
    expect([...order(7)].sort((a, b) => a - b)).toEqual(bankOrder);
    expect(order(7)).not.toEqual(bankOrder);
    expect(order(8)).not.toEqual(order(7));
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
    // One of three drawn, passed when right: the edge is the mean chance.
    const edge = (0.55 + 0.55 + 0.955) / 3;
    expect(byPoints[0]!.gain).toBeCloseTo((1 / 3) * edge * (0.9 - 0.55) * (3 / (5 / 3)), 9);
    expect(questionGains(oneQuestionExam, bank, model, 1)).toHaveLength(1);
    // The mistakes rule counts questions, not points: the two unmet ones gain alike.
    const byQuestions = questionGains(oneQuestionExam, bank, model, 5);
    expect(byQuestions[0]!.gain).toBeCloseTo(byQuestions[1]!.gain, 12);
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
    // The latest three measured days decide: a low day before them does not count.
    expect(isReady([day('2026-02-28', 0.5), ...history], 0.9, '2026-03-05')).toBe(true);
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

describe('the learner model', () => {
  const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));
  const logit = (p: number) => Math.log(p / (1 - p));

  /**
   * The most likely shift of `right` of `answers` from `expected` under a normal prior of
   * `spread` (logit scale), found by bisection on the log-posterior's slope, apart from the
   * code's Newton steps; its standard error is the Laplace approximation's.
   */
  function shiftByBisection(answers: number, right: number, expected: number, spread: number) {
    const base = logit(expected);
    const prior = 1 / (spread * spread);
    const slope = (shift: number) => right - answers * sigmoid(base + shift) - shift * prior;
    let low = -20;
    let high = 20;
    for (let i = 0; i < 200; i += 1) {
      const middle = (low + high) / 2;
      if (slope(middle) > 0) low = middle;
      else high = middle;
    }
    const mean = (low + high) / 2;
    const p = sigmoid(base + mean);
    return { mean, sd: 1 / Math.sqrt(answers * p * (1 - p) + prior) };
  }

  // docs/readiness.md: the course's share of right first answers with a weak prior of 20
  // answers at 55 %; learners spread 0.8 around it on first answers, 0.5 on later ones.
  it('shifts a learner who trails the course on first answers and beats their memory on later ones', () => {
    const course = { firstAnswers: 500, firstRight: 350 };
    const evidence = {
      firstAnswers: 40,
      firstRight: 12,
      seenAnswers: 25,
      seenRetrievability: 15,
      seenRight: 24,
    };
    const model = learnerModel(evidence, course);
    const coursePrior = (350 + 0.55 * 20) / (500 + 20);
    expect(model.coursePrior).toBeCloseTo(coursePrior, 12);
    const unmet = shiftByBisection(40, 12, coursePrior, 0.8);
    expect(unmet.mean).toBeLessThan(-1);
    expect(model.unmet.mean).toBeCloseTo(unmet.mean, 8);
    expect(model.unmet.sd).toBeCloseTo(unmet.sd, 8);
    // A later answer is recalled with chance R, else answered as a question not met.
    const learnerPrior = sigmoid(logit(coursePrior) + unmet.mean);
    const meanR = 15 / 25;
    const met = shiftByBisection(25, 24, meanR + (1 - meanR) * learnerPrior, 0.5);
    expect(met.mean).toBeGreaterThan(0.5);
    expect(model.met.mean).toBeCloseTo(met.mean, 8);
    expect(model.met.sd).toBeCloseTo(met.sd, 8);
  });

  it('without answers, keeps the course prior and the spreads themselves', () => {
    const model = learnerModel(NO_EVIDENCE, { firstAnswers: 0, firstRight: 0 });
    expect(model.coursePrior).toBeCloseTo(0.55, 12);
    expect(model.unmet.mean).toBeCloseTo(0, 12);
    expect(model.unmet.sd).toBeCloseTo(0.8, 12);
    expect(model.met.mean).toBeCloseTo(0, 12);
    expect(model.met.sd).toBeCloseTo(0.5, 12);
  });

  it('gives each question its chance with the shifts taken z standard errors out', () => {
    const model = {
      coursePrior: 0.6,
      unmet: { mean: 0.3, sd: 0.2 },
      met: { mean: -0.4, sd: 0.1 },
    };
    const bank: BankQuestion[] = [
      { retrievability: null, points: 1 },
      { retrievability: 0.5, points: 1 },
      { retrievability: 0, points: 1 },
    ];
    for (const z of [-1, 0, 2]) {
      const unmetChance = sigmoid(logit(0.6) + 0.3 + 0.2 * z);
      const metChance = (r: number) => sigmoid(logit(r + (1 - r) * unmetChance) - 0.4 + 0.1 * z);
      const chances = chancesAt(bank, model, z);
      expect(chances[0]).toBeCloseTo(unmetChance, 12);
      expect(chances[1]).toBeCloseTo(metChance(0.5), 12);
      expect(chances[2]).toBeCloseTo(metChance(0), 12);
    }
  });
});

describe('the sampled exam chance, against every draw counted', () => {
  /**
   * The chance of passing, counted over every ordered draw of the main part and the reserve
   * (each equally likely) and every outcome of the main part: the main part passes by the rule,
   * and the extras its mistakes earn (the first of the reserve) are all right.
   */
  function countedChance(rules: CourseRules, p: number[], points: number[]): number {
    const n = Math.min(rules.question_count, p.length);
    const allowed =
      rules.pass_rule === 'max_mistakes'
        ? Math.min(rules.pass_value, n)
        : Math.max(0, n - Math.ceil((rules.pass_value * n) / 100));
    const reserve = Math.min(rules.extra_questions_per_mistake * allowed, p.length - n);
    let total = 0;
    let draws = 0;
    const walk = (drawn: number[]) => {
      if (drawn.length < n + reserve) {
        for (let q = 0; q < p.length; q += 1) if (!drawn.includes(q)) walk([...drawn, q]);
        return;
      }
      draws += 1;
      const main = drawn.slice(0, n);
      for (let outcome = 0; outcome < 2 ** n; outcome += 1) {
        let chance = 1;
        let mistakes = 0;
        let earned = 0;
        let most = 0;
        main.forEach((q, i) => {
          const right = (outcome >> i) & 1;
          chance *= right ? p[q]! : 1 - p[q]!;
          mistakes += right ? 0 : 1;
          earned += right ? points[q]! : 0;
          most += points[q]!;
        });
        const passed =
          rules.pass_rule === 'max_mistakes'
            ? mistakes <= rules.pass_value
            : rules.pass_rule === 'percent_questions'
              ? (n - mistakes) * 100 >= rules.pass_value * n
              : earned * 100 >= rules.pass_value * most;
        if (!passed) continue;
        const extras = drawn.slice(n, n + rules.extra_questions_per_mistake * mistakes);
        total += extras.reduce((product, q) => product * p[q]!, chance);
      }
    };
    walk([]);
    return total / draws;
  }

  const p = [0.95, 0.6, 0.8, 0.3, 0.7];
  const cases: [string, CourseRules, number[]][] = [
    [
      'at most one mistake, one extra question for it',
      {
        ...DEFAULT_COURSE_RULES,
        question_count: 3,
        pass_rule: 'max_mistakes',
        pass_value: 1,
        extra_questions_per_mistake: 1,
      },
      [1, 1, 1, 1, 1],
    ],
    [
      '60 % of the questions (one mistake of three), two extra questions for it',
      {
        ...DEFAULT_COURSE_RULES,
        question_count: 3,
        pass_rule: 'percent_questions',
        pass_value: 60,
        extra_questions_per_mistake: 2,
      },
      [1, 1, 1, 1, 1],
    ],
    [
      '60 % of the questions with unequal points, one extra question per mistake',
      {
        ...DEFAULT_COURSE_RULES,
        question_count: 3,
        pass_rule: 'percent_questions',
        pass_value: 60,
        extra_questions_per_mistake: 1,
      },
      [1, 3, 1, 2, 5],
    ],
    [
      '60 % of unequal points, no extra questions',
      {
        ...DEFAULT_COURSE_RULES,
        question_count: 3,
        pass_rule: 'percent_points',
        pass_value: 60,
        extra_questions_per_mistake: 0,
      },
      [1, 2, 1, 3, 1],
    ],
  ];
  for (const [name, rules, points] of cases) {
    it(`${name}: within the stated error of the count`, () => {
      const counted = countedChance(rules, p, points);
      const sampled = examPassChance(rules, p, points);
      expect(sampled.method).toBe('monte_carlo');
      expect(sampled.error).toBeGreaterThan(0.005);
      expect(sampled.error).toBeLessThan(0.03);
      expect(Math.abs(sampled.probability - counted)).toBeLessThan(2 * sampled.error);
    });
  }

  it('states the 95 % error of its samples: 1.96 standard errors of a pass or fail', () => {
    // Three of four questions surely right, one surely wrong, two drawn, no mistake allowed:
    // each sample passes or fails, half of the draws pass.
    const rules: CourseRules = {
      ...DEFAULT_COURSE_RULES,
      question_count: 2,
      pass_rule: 'percent_points',
      pass_value: 100,
      extra_questions_per_mistake: 0,
    };
    const sampled = examPassChance(rules, [1, 1, 1, 0], [1, 2, 3, 4], { samples: 2000 });
    expect(Math.abs(sampled.probability - 0.5)).toBeLessThan(0.05);
    const share = sampled.probability;
    expect(sampled.error).toBeCloseTo(1.96 * Math.sqrt((share * (1 - share)) / 2000), 12);
  });

  it('averages the learner’s uncertainty for a sampled rule too, with the range at the 10th and 90th percentiles', () => {
    const model = learnerModel(NO_EVIDENCE, { firstAnswers: 0, firstRight: 0 });
    const bank: BankQuestion[] = Array.from({ length: 60 }, (_, i) => ({
      retrievability: i % 3 === 0 ? null : 0.6 + (i % 5) * 0.08,
      points: 1,
    }));
    const points = bank.map((question) => question.points);
    const rules = { ...russia, question_count: 20 };
    const chanceAt = (z: number) =>
      examPassChance(rules, chancesAt(bank, model, z), points).probability;
    let sum = 0;
    let weights = 0;
    for (let z = -4; z <= 4; z += 0.25) {
      const weight = Math.exp((-z * z) / 2);
      sum += weight * chanceAt(z);
      weights += weight;
    }
    const readiness = passProbability(rules, bank, model);
    expect(readiness.method).toBe('monte_carlo');
    expect(Math.abs(readiness.probability - sum / weights)).toBeLessThan(0.05);
    expect(Math.abs(readiness.low - chanceAt(-1.2815515655446004))).toBeLessThan(0.05);
    expect(Math.abs(readiness.high - chanceAt(1.2815515655446004))).toBeLessThan(0.05);
    expect(readiness.high - readiness.low).toBeGreaterThan(0.1);
  }, 60_000);
});
