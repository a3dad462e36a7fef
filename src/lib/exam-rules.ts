import { type CourseRules, rulesForDraw } from '../../domain/course-rules';
import { drawnFromBank } from './bank-size';
import { countedBankOf, type Course } from './learner-course';

/**
 * The exam a learner's course sets: how many questions its main part will have (the rule's
 * count, or the whole bank when it holds fewer) and the rules it is held to, as the server draws
 * it (`rulesForDraw`: a smaller exam keeps the rule's share of mistakes).
 */
export interface ExamPlan {
  rules: CourseRules;
  questionCount: number;
}

/**
 * The exam of `course`: none from an empty bank. A bank not counted (the courses could not be
 * read) leaves the rule's count: the start then says what is wrong.
 */
export function examPlanOf(course: Pick<Course, 'id' | 'rules' | 'question_total'>): ExamPlan {
  const questionCount = drawnFromBank(course.rules.question_count, countedBankOf(course));
  return { rules: rulesForDraw(course.rules, questionCount), questionCount };
}

/**
 * The percent of questions right a result needs, for the charts' pass line: the percent rules'
 * mark, or for at most N mistakes the share right that N mistakes leave in a full exam. Only a
 * line to read scores against; whether an exam passed is `decideExam`'s (domain/).
 */
export function scorePassMark(rules: CourseRules): number {
  if (rules.pass_rule !== 'max_mistakes') return rules.pass_value;
  const count = Math.max(rules.question_count, 1);
  return (Math.max(0, count - rules.pass_value) * 100) / count;
}
