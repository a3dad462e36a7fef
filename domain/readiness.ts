import { type CourseRules, mistakesAllowed, reserveSize, rulesForDraw } from './course-rules';
import { mulberry32 } from './daily-challenge';

/**
 * "Am I ready?": the chance that the course's next exam, drawn as the course draws it and graded
 * by its rule, is passed today; what it rests on, and the study that would raise it most.
 *
 * Each question of the bank gets a chance of a right answer. A question the learner has met
 * starts from its FSRS retrievability R (the server computes it with ts-fsrs): recalled with
 * chance R, and otherwise answered as an unmet question would be, so R + (1 - R) * prior. An
 * unmet question gets the prior: the course's share of right first answers, moved toward the
 * learner's own first answers. Both are then shifted on the logit scale by what the learner's
 * results say about how far they beat or trail those figures (normal–normal estimates with a
 * standard error). The pass probability averages the exam's chance over that uncertainty
 * (at the midpoints of its quintiles); its range is the chance at the 10th and 90th percentiles.
 *
 * The exam's chance for given per-question chances is exact where the rule allows: a uniform
 * draw of n from the bank, each question right or wrong independently, counted by a dynamic
 * programme over (questions drawn, mistakes) that visits each question once and drops paths
 * past the allowed mistakes (Poisson-binomial over a random draw). The points rule with
 * unequal points and the extra-questions rule are estimated by Monte Carlo, whose 95 % error
 * is stated.
 */

/** Answers of the learner, summed with a decay per answer so the latest weigh most. */
export interface LearnerEvidence {
  /** First answers to questions (decayed count) and how many of them were right. */
  firstAnswers: number;
  firstRight: number;
  /** Later answers to questions already met, the sum of their retrievability just before, and right ones. */
  seenAnswers: number;
  seenRetrievability: number;
  seenRight: number;
}

export const NO_EVIDENCE: LearnerEvidence = {
  firstAnswers: 0,
  firstRight: 0,
  seenAnswers: 0,
  seenRetrievability: 0,
  seenRight: 0,
};

/** Each new answer weighs 1, earlier ones this much less per answer (about the latest 200 count). */
export const EVIDENCE_DECAY = 0.995;

/** The evidence after one more answer. `retrievability` is undefined for a first answer. */
export function withAnswer(
  evidence: LearnerEvidence,
  isCorrect: boolean,
  retrievability: number | undefined,
): LearnerEvidence {
  const d = EVIDENCE_DECAY;
  const right = isCorrect ? 1 : 0;
  if (retrievability === undefined) {
    return {
      ...scaled(evidence, d),
      firstAnswers: evidence.firstAnswers * d + 1,
      firstRight: evidence.firstRight * d + right,
    };
  }
  return {
    ...scaled(evidence, d),
    seenAnswers: evidence.seenAnswers * d + 1,
    seenRetrievability: evidence.seenRetrievability * d + retrievability,
    seenRight: evidence.seenRight * d + right,
  };
}

function scaled(evidence: LearnerEvidence, by: number): LearnerEvidence {
  return {
    firstAnswers: evidence.firstAnswers * by,
    firstRight: evidence.firstRight * by,
    seenAnswers: evidence.seenAnswers * by,
    seenRetrievability: evidence.seenRetrievability * by,
    seenRight: evidence.seenRight * by,
  };
}

/** The course's first answers, all learners together (the same decayed sums). */
export interface CourseEvidence {
  firstAnswers: number;
  firstRight: number;
}

/** Before any learner answered: a multiple-choice question a newcomer gets right about 55 % of the time. */
const COURSE_PRIOR_RATE = 0.55;
const COURSE_PRIOR_WEIGHT = 20;
/** Spread of learners around the course (logit scale): their first answers, then their memory. */
const UNMET_SPREAD = 0.8;
const MET_SPREAD = 0.5;

/**
 * No answer is surer than this, however well the question is known: a misread word or a wrong
 * key. Without it, answers given minutes after the last (retrievability about 1) were expected
 * right with a chance of 1 − 10⁻⁶, so a learner right on three in four of them was shifted some
 * twelve logits down, and every question they had met fell to a chance near 0 (a learner
 * passing exams read 0 %). Capped alike where the shift is measured and where it is applied.
 */
export const SUREST = 0.98;

const logit = (p: number) => Math.log(p / (1 - p));
const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));
const clampP = (p: number) => Math.min(1 - 1e-6, Math.max(1e-6, p));

/** The share of right first answers in the course, with a weak prior for a course just begun. */
export function coursePrior(course: CourseEvidence): number {
  return (
    (course.firstRight + COURSE_PRIOR_RATE * COURSE_PRIOR_WEIGHT) /
    (course.firstAnswers + COURSE_PRIOR_WEIGHT)
  );
}

/** A normal estimate on the logit scale. */
export interface Shift {
  mean: number;
  sd: number;
}

/**
 * How far the learner's answers (`right` of `answers`) lie from `expected` on the logit scale:
 * the most likely shift under a normal prior of spread `spread` (a few Newton steps on the
 * log-posterior), with the standard error of the Laplace approximation.
 */
function shiftFrom(answers: number, right: number, expected: number, spread: number): Shift {
  const base = logit(clampP(expected));
  const prior = 1 / (spread * spread);
  let shift = 0;
  let curvature = prior;
  for (let step = 0; step < 20; step += 1) {
    const p = sigmoid(base + shift);
    curvature = answers * p * (1 - p) + prior;
    const slope = right - answers * p - shift * prior;
    const move = slope / curvature;
    shift += move;
    if (Math.abs(move) < 1e-9) break;
  }
  const p = sigmoid(base + shift);
  return { mean: shift, sd: 1 / Math.sqrt(answers * p * (1 - p) + prior) };
}

/** What the learner's results say: the unmet questions' chance and the shift of met ones. */
export interface LearnerModel {
  /** The course's unmet-question chance before the learner's own shift. */
  coursePrior: number;
  unmet: Shift;
  met: Shift;
}

export function learnerModel(evidence: LearnerEvidence, course: CourseEvidence): LearnerModel {
  const prior = coursePrior(course);
  const unmet = shiftFrom(evidence.firstAnswers, evidence.firstRight, prior, UNMET_SPREAD);
  const learnerPrior = sigmoid(logit(prior) + unmet.mean);
  // A met question is recalled with chance R, else answered as an unmet one: the mean
  // prediction of the answers seen is linear in R, so the decayed sums give it exactly.
  const meanR = evidence.seenAnswers > 0 ? evidence.seenRetrievability / evidence.seenAnswers : 0;
  const expected = Math.min(SUREST, meanR + (1 - meanR) * learnerPrior);
  const met = shiftFrom(evidence.seenAnswers, evidence.seenRight, expected, MET_SPREAD);
  return { coursePrior: prior, unmet, met };
}

/**
 * One question of the bank for readiness: its FSRS retrievability now when the learner has met
 * it (null when not) and its points.
 */
export interface BankQuestion {
  retrievability: number | null;
  points: number;
}

/** Each question's chance of a right answer with the learner's shifts taken `z` standard errors out. */
export function chancesAt(
  questions: readonly BankQuestion[],
  model: LearnerModel,
  z: number,
): Float64Array {
  const unmetLogit = logit(model.coursePrior) + model.unmet.mean + z * model.unmet.sd;
  const unmetP = sigmoid(unmetLogit);
  const metShift = model.met.mean + z * model.met.sd;
  const chances = new Float64Array(questions.length);
  for (let i = 0; i < questions.length; i += 1) {
    const r = (questions[i] as BankQuestion).retrievability;
    chances[i] =
      r === null
        ? unmetP
        : sigmoid(logit(clampP(Math.min(SUREST, r + (1 - r) * unmetP))) + metShift);
  }
  return chances;
}

export interface ExamChance {
  probability: number;
  /** 'exact' by dynamic programming; 'monte_carlo' with `error` its 95 % half-width. */
  method: 'exact' | 'monte_carlo';
  error: number;
}

/** Whether every question weighs the same, so the points rule is the questions rule. */
function equalPoints(points: ArrayLike<number>): boolean {
  for (let i = 1; i < points.length; i += 1) if (points[i] !== points[0]) return false;
  return true;
}

/**
 * How many questions the main part has, the rules that hold for an exam of that many (a bank
 * smaller than the exam draws fewer) and how many mistakes in it still pass; null when it never
 * passes.
 */
function mainPart(
  courseRules: CourseRules,
  bankSize: number,
): { n: number; allowed: number; rules: CourseRules } | null {
  const n = Math.min(courseRules.question_count, bankSize);
  if (n === 0) return null;
  const rules = rulesForDraw(courseRules, n);
  return { n, allowed: mistakesAllowed(rules, n), rules };
}

/**
 * The chance that a uniform draw of `n` of the questions (chances `p`) has at most `allowed`
 * mistakes. Questions are visited once; a path that has drawn j of n with i questions left
 * takes the next one with chance (n - j) / left, which draws every n-subset equally often.
 */
export function drawnAtMostMistakes(p: ArrayLike<number>, n: number, allowed: number): number {
  const total = p.length;
  if (n > total || n <= 0) return 0;
  const width = allowed + 1;
  // f[j * width + m]: chance of having drawn j questions with m mistakes so far.
  const f = new Float64Array((n + 1) * width);
  f[0] = 1;
  for (let i = 0; i < total; i += 1) {
    const left = total - i;
    const pi = p[i] as number;
    const top = Math.min(i, n - 1);
    const bottom = Math.max(0, n - left);
    for (let j = top; j >= bottom; j -= 1) {
      const take = (n - j) / left;
      const row = j * width;
      const next = row + width;
      for (let m = Math.min(allowed, j); m >= 0; m -= 1) {
        const mass = f[row + m] as number;
        if (mass === 0) continue;
        const taken = mass * take;
        f[next + m] = (f[next + m] as number) + taken * pi;
        if (m + 1 <= allowed) f[next + m + 1] = (f[next + m + 1] as number) + taken * (1 - pi);
        f[row + m] = mass - taken;
      }
    }
  }
  let passed = 0;
  for (let m = 0; m <= allowed; m += 1) passed += f[n * width + m] as number;
  return Math.min(1, Math.max(0, passed));
}

export const MONTE_CARLO_SAMPLES = 4000;

/**
 * The exam's chance by Monte Carlo: each sample draws the main part and the reserve as the
 * server does (distinct questions at random), answers the main part at the given chances and
 * grades it by the rule as `decideExam` does; the extras a passing main part earns then count
 * by the exact chance that all of them are right (fewer samples are needed that way).
 * `chances(sample)` gives the chances a sample uses, so the learner's uncertainty can be drawn
 * per sample.
 */
function monteCarlo(
  courseRules: CourseRules,
  points: ArrayLike<number>,
  chances: (random: () => number) => ArrayLike<number>,
  samples: number,
  seed: number,
): ExamChance {
  const total = points.length;
  const main = mainPart(courseRules, total);
  if (!main) return { probability: 0, method: 'monte_carlo', error: 0 };
  const { rules } = main;
  const reserve = Math.min(reserveSize(rules, main.n), total - main.n);
  const drawn = main.n + reserve;
  const random = mulberry32(seed);
  const order = new Int32Array(total);
  for (let i = 0; i < total; i += 1) order[i] = i;
  let sum = 0;
  let sumSquares = 0;
  for (let s = 0; s < samples; s += 1) {
    const p = chances(random);
    // A partial Fisher–Yates shuffle: the first `drawn` places are a uniform ordered draw.
    for (let i = 0; i < drawn; i += 1) {
      const j = i + Math.floor(random() * (total - i));
      const swap = order[i] as number;
      order[i] = order[j] as number;
      order[j] = swap;
    }
    let mistakes = 0;
    let earned = 0;
    let most = 0;
    for (let i = 0; i < main.n; i += 1) {
      const q = order[i] as number;
      const pts = points[q] as number;
      most += pts;
      if (random() < (p[q] as number)) earned += pts;
      else mistakes += 1;
    }
    let passed: boolean;
    switch (rules.pass_rule) {
      case 'percent_questions':
        passed = (main.n - mistakes) * 100 >= rules.pass_value * main.n;
        break;
      case 'percent_points':
        passed = most > 0 && earned * 100 >= rules.pass_value * most;
        break;
      case 'max_mistakes':
        passed = mistakes <= main.allowed;
        break;
    }
    let value = 0;
    if (passed) {
      value = 1;
      const extras = Math.min(
        rules.extra_questions_per_mistake * Math.min(mistakes, main.allowed),
        reserve,
      );
      for (let i = 0; i < extras; i += 1) value *= p[order[main.n + i] as number] as number;
    }
    sum += value;
    sumSquares += value * value;
  }
  const mean = sum / samples;
  const variance = Math.max(0, sumSquares / samples - mean * mean);
  return {
    probability: mean,
    method: 'monte_carlo',
    error: 1.96 * Math.sqrt(variance / samples),
  };
}

/** Whether the rule can be counted exactly: no extras, and points equal when points decide. */
function isExact(rules: CourseRules, points: ArrayLike<number>): boolean {
  return (
    rules.extra_questions_per_mistake === 0 &&
    (rules.pass_rule !== 'percent_points' || equalPoints(points))
  );
}

/**
 * The chance of passing an exam of the course with per-question chances `p` (the bank's
 * questions in any order, `points` beside them): exact where the rule allows, else Monte Carlo.
 */
export function examPassChance(
  rules: CourseRules,
  p: ArrayLike<number>,
  points: ArrayLike<number>,
  options: { samples?: number; seed?: number } = {},
): ExamChance {
  const main = mainPart(rules, p.length);
  if (!main) return { probability: 0, method: 'exact', error: 0 };
  if (isExact(rules, points)) {
    return { probability: drawnAtMostMistakes(p, main.n, main.allowed), method: 'exact', error: 0 };
  }
  return monteCarlo(
    rules,
    points,
    () => p,
    options.samples ?? MONTE_CARLO_SAMPLES,
    options.seed ?? 1,
  );
}

/** The range shown: the 10th and 90th percentiles of the learner's uncertainty. */
const RANGE_Z = 1.2815515655446004;
/**
 * Where the exact programmes average the learner's uncertainty: the midpoints of its quintiles
 * (10th, 30th, 50th, 70th and 90th percentiles), a fifth each. Near the pass mark the exam's
 * chance is steep in the shift, and three Gauss–Hermite nodes (used before) missed a fine
 * quadrature by up to 0.13; these miss it by at most 0.03 (docs/readiness.md), and the outer two
 * are the range's own, so it costs no more.
 */
const QUINTILE_MIDPOINTS = [-RANGE_Z, -0.5244005127080407, 0, 0.5244005127080407, RANGE_Z];

export interface Readiness extends ExamChance {
  /** The chance with the learner's shifts at their 10th and at their 90th percentile. */
  low: number;
  high: number;
}

/**
 * The pass probability of the learner's next exam: the exam's chance averaged over what is not
 * known about the learner (their shifts), with the 80 % range of it.
 */
export function passProbability(
  rules: CourseRules,
  questions: readonly BankQuestion[],
  model: LearnerModel,
  options: { samples?: number; seed?: number } = {},
): Readiness {
  const points = questions.map((question) => question.points);
  const main = mainPart(rules, questions.length);
  if (!main) return { probability: 0, low: 0, high: 0, method: 'exact', error: 0 };
  const at = (z: number) => chancesAt(questions, model, z);
  if (isExact(rules, points)) {
    const chances = QUINTILE_MIDPOINTS.map((z) => drawnAtMostMistakes(at(z), main.n, main.allowed));
    const probability = chances.reduce((sum, chance) => sum + chance, 0) / chances.length;
    return withRange(
      { probability: Math.min(1, Math.max(0, probability)), method: 'exact', error: 0 },
      chances[0] as number,
      chances[chances.length - 1] as number,
    );
  }
  // The learner's uncertainty drawn per sample: a handful of precomputed z values, each used
  // equally often, stand in for the normal (stratified by its deciles).
  const strata = [-1.64, -1.04, -0.67, -0.39, -0.13, 0.13, 0.39, 0.67, 1.04, 1.64].map(at);
  let next = 0;
  const samples = options.samples ?? MONTE_CARLO_SAMPLES;
  const seed = options.seed ?? 1;
  const result = monteCarlo(
    rules,
    points,
    () => strata[next++ % strata.length] as Float64Array,
    samples,
    seed,
  );
  const [lowChances, highChances] = [at(-RANGE_Z), at(RANGE_Z)];
  const low = monteCarlo(rules, points, () => lowChances, samples / 2, seed + 1);
  const high = monteCarlo(rules, points, () => highChances, samples / 2, seed + 2);
  return withRange(result, low.probability, high.probability);
}

/** The range around the probability; a skewed uncertainty can put the mean past a percentile. */
function withRange(chance: ExamChance, low: number, high: number): Readiness {
  return {
    ...chance,
    low: Math.min(low, chance.probability),
    high: Math.max(high, chance.probability),
  };
}

/** A question's chance now and how much one study of it would raise the pass probability. */
export interface QuestionGain {
  index: number;
  chance: number;
  gain: number;
}

/** A question just studied is answered right about this often (FSRS's aim for a review). */
export const STUDIED_CHANCE = 0.9;

/**
 * The questions whose study would raise the pass probability most, best first. A question
 * changes the verdict only when it is drawn (n of N) and the rest of the exam sits exactly at
 * the edge of passing; that edge is the same for every question, so the gain of raising one
 * from its chance to STUDIED_CHANCE is (n / N) x P(at the edge) x (STUDIED_CHANCE - chance),
 * points weighing in for the points rule.
 */
export function questionGains(
  rules: CourseRules,
  questions: readonly BankQuestion[],
  model: LearnerModel,
  limit: number,
  /** Orders questions of equal gain (the unmet ones): the same seed, the same order. */
  seed = 0,
): QuestionGain[] {
  const main = mainPart(rules, questions.length);
  if (!main) return [];
  const p = chancesAt(questions, model, 0);
  // P(exactly `allowed` mistakes) = P(at most allowed) - P(at most allowed - 1).
  const atMost = drawnAtMostMistakes(p, main.n, main.allowed);
  const below = main.allowed > 0 ? drawnAtMostMistakes(p, main.n, main.allowed - 1) : 0;
  const edge = Math.max(0, atMost - below);
  const share = main.n / questions.length;
  const meanPoints = questions.reduce((sum, q) => sum + q.points, 0) / questions.length;
  const gains: QuestionGain[] = [];
  for (let i = 0; i < questions.length; i += 1) {
    const chance = p[i] as number;
    if (chance >= STUDIED_CHANCE) continue;
    const weight =
      rules.pass_rule === 'percent_points' ? (questions[i] as BankQuestion).points / meanPoints : 1;
    gains.push({ index: i, chance, gain: share * edge * (STUDIED_CHANCE - chance) * weight });
  }
  // Equal gains in a shuffled order rather than the bank's, so a plan of unmet questions spans
  // the topics instead of taking the first ones.
  const tie = (index: number) => Math.imul(index ^ seed, 0x9e3779b1) >>> 0;
  gains.sort(
    (a, b) =>
      b.gain - a.gain || a.chance - b.chance || tie(a.index) - tie(b.index) || a.index - b.index,
  );
  return gains.slice(0, limit);
}

/** A question at most this likely to be answered right counts as "likely to miss". */
export const LIKELY_MISS = 0.5;

export interface TopicReadiness {
  /** Mean chance of a right answer over the topic's questions. */
  chance: number;
  questions: number;
  likelyMissed: number;
  unmet: number;
}

/** Per topic: the mean chance of its questions, how many are likely missed and how many unmet. */
export function topicReadiness(
  chances: ArrayLike<number>,
  met: ArrayLike<boolean>,
  members: readonly number[],
): TopicReadiness {
  let sum = 0;
  let likelyMissed = 0;
  let unmet = 0;
  for (const i of members) {
    const chance = chances[i] as number;
    sum += chance;
    if (chance <= LIKELY_MISS) likelyMissed += 1;
    if (!met[i]) unmet += 1;
  }
  return {
    chance: members.length > 0 ? sum / members.length : 0,
    questions: members.length,
    likelyMissed,
    unmet,
  };
}

/** Fewer distinct questions answered than this: "not enough data yet". */
export const MIN_QUESTIONS_MET = 10;

/** A learner is "ready" when the day's probability stayed at or above the threshold this many days. */
export const READY_DAYS = 3;
/** ...all of them within this many days up to today. */
export const READY_WINDOW_DAYS = 7;

/** One day of a learner's readiness history (UTC day `YYYY-MM-DD`). */
export interface ReadinessDay {
  day: string;
  answers: number;
  probability: number | null;
}

function dayNumber(day: string): number {
  return Math.floor(Date.parse(`${day}T00:00:00Z`) / 86_400_000);
}

/**
 * Ready: the last READY_DAYS days with a probability, all within READY_WINDOW_DAYS up to
 * `today`, are each at or above `threshold` (a share, 0.9 for 90 %).
 */
export function isReady(
  history: readonly ReadinessDay[],
  threshold: number,
  today: string,
): boolean {
  const recent = history
    .filter((entry) => entry.probability !== null)
    .filter((entry) => dayNumber(today) - dayNumber(entry.day) < READY_WINDOW_DAYS)
    .filter((entry) => dayNumber(entry.day) <= dayNumber(today))
    .sort((a, b) => dayNumber(b.day) - dayNumber(a.day))
    .slice(0, READY_DAYS);
  return (
    recent.length === READY_DAYS &&
    recent.every((entry) => (entry.probability as number) >= threshold)
  );
}

/**
 * Days in a row, up to today, on which the learner answered at least `goal` questions; a today
 * that has not reached the goal yet does not break the streak.
 */
export function streakDays(history: readonly ReadinessDay[], goal: number, today: string): number {
  const met = new Set(
    history.filter((entry) => entry.answers >= goal).map((entry) => dayNumber(entry.day)),
  );
  let day = dayNumber(today);
  if (!met.has(day)) day -= 1;
  let streak = 0;
  while (met.has(day)) {
    streak += 1;
    day -= 1;
  }
  return streak;
}
