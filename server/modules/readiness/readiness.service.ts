import {
  type BankQuestion,
  chancesAt,
  isReady,
  learnerModel,
  MIN_QUESTIONS_MET,
  passProbability,
  type QuestionGain,
  questionGains,
  type ReadinessDay,
  streakDays,
  topicReadiness,
} from '../../../domain/readiness';
import type { AppDeps } from '../../deps';
import type { QuestionMemoryRow } from '../../db/schema';
import type { Caller, Schema } from '../../http/operations';
import { courseOf, rulesOf } from '../courses/courses.model';
import type { CourseBank, TopicQuestions } from '../questions/question-bank';
import { topicsIn } from '../topics/topics.model';
import type { ContentLanguage } from '../../../domain/question-languages';
import { questionsByIds, toQuestion } from '../questions/questions.model';
import { createTrainingRepository } from '../training-modules/training-modules.repository';
import { ConflictError } from '../../http/errors';
import { text } from '../../i18n/text';
import { numberSettingOf } from '../settings/settings.defaults';
import { recallOnExamDay } from '../training-modules/memory';

type Readiness = Schema<'Readiness'>;
type Learner = Pick<Caller, 'id' | 'courseId'>;

/** How far back the history goes. */
const HISTORY_DAYS = 90;
/** Questions the dashboard lists as the study plan's first. */
const FOCUS_SHOWN = 20;

const utcDay = (time: Date) => time.toISOString().slice(0, 10);
const daysBefore = (time: Date, days: number) =>
  utcDay(new Date(time.getTime() - days * 86_400_000));

/** What readiness is computed from, read once per request. */
interface Inputs {
  course: CourseBank;
  questions: BankQuestion[];
  met: number;
  topics: TopicQuestions[];
  model: ReturnType<typeof learnerModel>;
}

/** The learner's pass probability, its reasons, history and streak, and the study plan's draw. */
export function createReadinessService(deps: AppDeps) {
  async function inputsOf(learner: Learner, now: Date): Promise<Inputs> {
    const bank = await deps.bank.snapshot();
    const course = courseOf(bank, learner);
    const courseId = course.course.id;
    const [memory, evidence, courseSums, topics] = await Promise.all([
      deps.db
        .selectFrom('question_memory')
        .innerJoin('questions', 'questions.id', 'question_memory.question_id')
        .selectAll('question_memory')
        .where('question_memory.user_id', '=', learner.id)
        .where('questions.course_id', '=', courseId)
        .execute(),
      deps.db
        .selectFrom('readiness_evidence')
        .selectAll()
        .where('user_id', '=', learner.id)
        .where('course_id', '=', courseId)
        .executeTakeFirst(),
      deps.db
        .selectFrom('readiness_evidence')
        .select((eb) => [
          eb.fn.sum<number | null>('first_answers').as('answers'),
          eb.fn.sum<number | null>('first_right').as('right'),
        ])
        .where('course_id', '=', courseId)
        .executeTakeFirstOrThrow(),
      course.topics(),
    ]);
    const byQuestion = new Map<number, QuestionMemoryRow>(
      memory.map((row) => [row.question_id, row]),
    );
    const questions: BankQuestion[] = Array.from(course.ids, (id) => {
      const row = byQuestion.get(id);
      return {
        retrievability: row ? recallOnExamDay(row, now) : null,
        points: bank.answerKey(id)?.points ?? 1,
      };
    });
    const model = learnerModel(
      {
        firstAnswers: evidence?.first_answers ?? 0,
        firstRight: evidence?.first_right ?? 0,
        seenAnswers: evidence?.seen_answers ?? 0,
        seenRetrievability: evidence?.seen_retrievability ?? 0,
        seenRight: evidence?.seen_right ?? 0,
      },
      { firstAnswers: Number(courseSums.answers ?? 0), firstRight: Number(courseSums.right ?? 0) },
    );
    return { course, questions, met: byQuestion.size, topics, model };
  }

  /** The questions whose study would raise the probability most, as bank ids, best first. */
  function focusOf(
    inputs: Inputs,
    learner: Learner,
    limit: number,
  ): (QuestionGain & { id: number })[] {
    const rules = rulesOf(inputs.course.course);
    return questionGains(rules, inputs.questions, inputs.model, limit, learner.id).map((gain) => ({
      ...gain,
      id: inputs.course.ids[gain.index] as number,
    }));
  }

  async function historyOf(learner: Learner, courseId: number, now: Date) {
    const rows = await deps.db
      .selectFrom('readiness_days')
      .select(['day', 'answers', 'probability'])
      .where('user_id', '=', learner.id)
      .where('course_id', '=', courseId)
      .where('day', '>', daysBefore(now, HISTORY_DAYS))
      .orderBy('day')
      .execute();
    return rows.map((row): ReadinessDay => ({
      day: row.day,
      answers: Number(row.answers),
      probability: row.probability === null ? null : Number(row.probability),
    }));
  }

  /** Keeps today's probability in the history (the answers count is the memory's to move). */
  async function recordToday(learner: Learner, courseId: number, day: string, value: number) {
    await deps.db
      .insertInto('readiness_days')
      .values({ user_id: learner.id, course_id: courseId, day, answers: 0, probability: value })
      .onConflict((oc) =>
        oc.columns(['user_id', 'course_id', 'day']).doUpdateSet({ probability: value }),
      )
      .execute();
  }

  return {
    /** `language`: the learner's content language, which the topics are named in. */
    async readiness(learner: Learner, language: ContentLanguage): Promise<Readiness> {
      const now = deps.now();
      const today = utcDay(now);
      const inputs = await inputsOf(learner, now);
      const courseId = inputs.course.course.id;
      const bank = await deps.bank.snapshot();
      const [thresholdPercent, dailyGoal] = await Promise.all([
        numberSettingOf(bank, 'ready_threshold_percent'),
        numberSettingOf(bank, 'daily_goal'),
      ]);
      const threshold = thresholdPercent / 100;
      const bankSize = inputs.questions.length;
      const enough = bankSize > 0 && inputs.met >= Math.min(MIN_QUESTIONS_MET, bankSize);
      const rules = rulesOf(inputs.course.course);

      let figures: Pick<Readiness, 'probability' | 'low' | 'high' | 'method' | 'error'> = {
        probability: null,
        low: null,
        high: null,
        method: 'exact',
        error: 0,
      };
      let topics: Readiness['topics'] = [];
      let focus: Readiness['focus'] = [];
      let reasons: Readiness['reasons'] = [];
      if (enough) {
        const chance = passProbability(rules, inputs.questions, inputs.model);
        figures = chance;
        const chances = chancesAt(inputs.questions, inputs.model, 0);
        const met = inputs.questions.map((question) => question.retrievability !== null);
        const indexOf = new Map(Array.from(inputs.course.ids, (id, index) => [id, index]));
        const topicOf = new Map<number, TopicQuestions>();
        topics = topicsIn(inputs.topics, language).map((topic) => {
          const members = topic.questionIds.flatMap((id) => indexOf.get(id) ?? []);
          for (const id of topic.questionIds) if (!topicOf.has(id)) topicOf.set(id, topic);
          const figure = topicReadiness(chances, met, members);
          return {
            topic_id: topic.id,
            topic_name: topic.name,
            chance: figure.chance,
            questions: figure.questions,
            likely_missed: figure.likelyMissed,
            unmet: figure.unmet,
          };
        });
        const best = focusOf(inputs, learner, FOCUS_SHOWN);
        // Today's figure is written while the focus questions' texts are read (on PostgreSQL one
        // round to the database less); the history, read after both, holds it.
        const [, rows] = await Promise.all([
          recordToday(learner, courseId, today, chance.probability),
          questionsByIds(
            deps.db,
            best.map((gain) => gain.id),
          ),
        ]);
        const texts = new Map(rows.map((row) => [row.id, row.question_text]));
        focus = best.map((gain) => ({
          question_id: gain.id,
          question_text: texts.get(gain.id) ?? '',
          topic_name: topicOf.get(gain.id)?.name ?? null,
          chance: gain.chance,
          gain: gain.gain,
        }));
        const byTopic = new Map<number | null, Readiness['reasons'][number]>();
        for (const gain of best) {
          const topic = topicOf.get(gain.id);
          const key = topic?.id ?? null;
          const reason = byTopic.get(key) ?? {
            topic_id: key,
            topic_name: topic?.name ?? null,
            questions: 0,
            gain: 0,
          };
          reason.questions += 1;
          reason.gain += gain.gain;
          byTopic.set(key, reason);
        }
        reasons = [...byTopic.values()].sort(
          (a, b) => b.gain - a.gain || b.questions - a.questions,
        );
      }

      const history = await historyOf(learner, courseId, now);
      return {
        enough_data: enough,
        questions_met: inputs.met,
        questions_needed: Math.min(MIN_QUESTIONS_MET, bankSize),
        bank_size: bankSize,
        ...figures,
        threshold,
        ready: enough && isReady(history, threshold, today),
        topics,
        focus,
        reasons,
        history,
        streak_days: streakDays(history, dailyGoal, today),
        daily_goal: dailyGoal,
        answered_today: history.find((entry) => entry.day === today)?.answers ?? 0,
      };
    },

    /**
     * A study plan run: a training session of the questions whose study would raise the pass
     * probability most, best first (empty when none would); 409 for a course without questions.
     */
    async startStudyPlan(learner: Learner, count: number): Promise<Schema<'StartedSession'>> {
      const now = deps.now();
      const inputs = await inputsOf(learner, now);
      if (inputs.questions.length === 0) throw new ConflictError(text('noQuestionsAvailable'));
      const ids = focusOf(inputs, learner, count).map((gain) => gain.id);
      const questions = (await questionsByIds(deps.db, ids)).map(toQuestion);
      const session = await createTrainingRepository(
        deps.db,
        inputs.course.course.id,
      ).insertSession({
        userId: learner.id,
        sessionType: 'study-plan',
        questionIds: questions.map((question) => question.id),
        timeLimitSeconds: null,
        createdAt: now.toISOString(),
      });
      return {
        session_id: session.id,
        session_type: 'study-plan',
        questions,
        time_limit_seconds: null,
      };
    },
  };
}
