import type { UserUpdate } from '../../db/schema';
import { ValidationError } from '../../http/errors';
import { text } from '../../i18n/text';
import { DEFAULT_COURSE_ID } from '../courses/courses.model';
import type { QuestionBank } from '../questions/question-bank';

/**
 * A course a user may be put in: one that exists (422 at the field otherwise). The one rule for
 * registration, the profile and an administrator's user form alike.
 */
async function knownCourse(bank: QuestionBank, id: number): Promise<number> {
  const snapshot = await bank.snapshot();
  if (!snapshot.course(id)) {
    throw new ValidationError(text('unknownCourse'), { field: 'course_id' });
  }
  return id;
}

/** The course of a new user: the one asked for, else the default course. */
export async function newUserCourse(
  bank: QuestionBank,
  requested: number | undefined,
): Promise<{ course_id: number }> {
  return { course_id: await knownCourse(bank, requested ?? DEFAULT_COURSE_ID) };
}

/**
 * The columns that move a user to `requested` (none when no course is asked for), from the
 * profile or the admin panel alike. Nothing else is written on a move: each request reads its
 * caller's course with them (server/http/authenticate.ts), and what is kept per learner (exam
 * statistics) is kept per course, so their next request acts on the new course; each course's
 * results and memory stay for a return.
 */
export async function courseMove(
  bank: QuestionBank,
  requested: number | undefined,
): Promise<Pick<UserUpdate, 'course_id'>> {
  return requested === undefined ? {} : { course_id: await knownCourse(bank, requested) };
}
