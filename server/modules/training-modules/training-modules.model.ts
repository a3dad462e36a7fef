import type { QuestionMemoryRow, TrainingSessionRow } from '../../db/schema';
import type { Schema } from '../../http/operations';
import type { TopicQuestions } from '../questions/question-bank';
import { isWeak } from './memory';

export type SessionType = Schema<'SessionType'>;

// Every session type once: the compiler refuses a type missing here or one the contract lacks.
const SESSION_TYPES: Record<SessionType, true> = {
  tickets: true,
  topics: true,
  express: true,
  'weak-spots': true,
  marathon: true,
  'daily-challenge': true,
  review: true,
  'study-plan': true,
  exam: true,
};

export function isSessionType(value: unknown): value is SessionType {
  return typeof value === 'string' && Object.hasOwn(SESSION_TYPES, value);
}
export type TrainingSession = Schema<'TrainingSession'>;
export type WeakSpot = Schema<'WeakSpot'>;
export type QuestionMemory = Schema<'QuestionMemory'>;
export type TopicAccuracy = Schema<'TopicAccuracy'>;
export type TrainingMode = Schema<'TrainingMode'>;

/** `part` of `whole` in whole percent; 0 when nothing was answered yet. */
export function percent(part: number, whole: number): number {
  return whole > 0 ? Math.round((100 * part) / whole) : 0;
}

/** How often a learner answered one question right and wrong. */
export interface AnswerCounts {
  correct_count: number;
  wrong_count: number;
}

/** A learner's accuracy in each topic they answered a question of; the others are left out. */
export function accuracyPerTopic(
  counts: ReadonlyMap<number, AnswerCounts>,
  topics: readonly TopicQuestions[],
): TopicAccuracy[] {
  const accuracy: TopicAccuracy[] = [];
  for (const topic of topics) {
    let correct = 0;
    let answered = 0;
    for (const id of topic.questionIds) {
      const memory = counts.get(id);
      if (!memory) continue;
      correct += memory.correct_count;
      answered += memory.correct_count + memory.wrong_count;
    }
    if (answered > 0) {
      accuracy.push({
        topic_id: topic.id,
        topic_name: topic.name,
        answered,
        correct,
        accuracy: percent(correct, answered),
      });
    }
  }
  return accuracy;
}

/** The API view of a stored training session. */
export function toTrainingSession(row: TrainingSessionRow): TrainingSession {
  return {
    id: row.id,
    // The spec's client reads `session_id` in some places and `id` in others.
    session_id: row.id,
    session_type: row.session_type as SessionType,
    question_ids: parseStoredIds(row.question_ids),
    time_limit_seconds: row.time_limit_seconds,
    questions_answered: row.questions_answered,
    correct_answers: row.correct_answers,
    total_points: row.total_points,
    time_spent_seconds: row.time_spent_seconds,
    is_completed: Boolean(row.is_completed),
    completed_at: row.completed_at,
    created_at: row.created_at,
  };
}

/** The learner's memory of one question, as answered after an update. */
export function toQuestionMemory(row: QuestionMemoryRow): QuestionMemory {
  return {
    question_id: row.question_id,
    correct_count: row.correct_count,
    wrong_count: row.wrong_count,
    is_weak: isWeak(row),
    due_at: row.due_at,
  };
}

/**
 * Each question's first topic (by topic id) in `topics`: a weak spot's topic when its answers
 * named none (only the topics mode names one).
 */
export function firstTopicByQuestion(topics: readonly TopicQuestions[]): Map<number, string> {
  const first = new Map<number, string>();
  for (const topic of [...topics].sort((a, b) => a.id - b.id)) {
    for (const id of topic.questionIds) if (!first.has(id)) first.set(id, topic.name);
  }
  return first;
}

export function toWeakSpot(
  row: Pick<
    QuestionMemoryRow,
    'question_id' | 'topic_name' | 'correct_count' | 'wrong_count' | 'last_answered_at' | 'due_at'
  > & { question_text: string },
): WeakSpot {
  return {
    question_id: row.question_id,
    question_text: row.question_text,
    topic_name: row.topic_name,
    correct_count: row.correct_count,
    wrong_count: row.wrong_count,
    accuracy: percent(row.correct_count, row.correct_count + row.wrong_count),
    last_answered_at: row.last_answered_at,
    due_at: row.due_at,
  };
}

/** Session question ids are written by this module as a JSON array; anything else reads as none. */
export function parseStoredIds(text: string): number[] {
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed.filter((id): id is number => Number.isInteger(id)) : [];
  } catch {
    return [];
  }
}
