import type { Kysely } from 'kysely';
import {
  QUESTION_FIELDS,
  type QuestionDraft,
  type QuestionFields,
  type QuestionProblem,
  readQuestion,
} from '../../../domain/question-fields';
import type { Database } from '../../db/schema';
import { entityTagOf } from '../../http/entity-tags';
import { text, type Text } from '../../i18n/text';

// The rules live in domain/; the question module's other files read them through here.
export {
  isPhotoName,
  photoNameOf,
  pointsOfText,
  QUESTION_FIELDS,
  QUESTION_LIMITS,
  type QuestionDraft,
  type QuestionFields,
} from '../../../domain/question-fields';

/** The entity tag of a question as stored. */
export function questionTagOf(question: QuestionFields): string {
  return entityTagOf(QUESTION_FIELDS.map((field) => question[field]));
}

export type QuestionCheck = { ok: true; question: QuestionFields } | { ok: false; reason: Text };

/** A problem the question rules found (domain/question-fields.ts), in the catalog's words. */
export function questionProblemText(problem: QuestionProblem): Text {
  switch (problem.code) {
    case 'fieldEmpty':
      return text('fieldEmpty', problem);
    case 'fieldTooLong':
      return text('fieldTooLong', problem);
    case 'answerNeeded':
      return text('answerNeeded', problem);
    case 'answersInOrder':
      return text('answersInOrder', problem);
    case 'rightAnswersEmpty':
      return text('rightAnswersEmpty');
    case 'rightAnswersFormat':
      return text('rightAnswersFormat', problem);
    case 'rightAnswerEmpty':
      return text('rightAnswerEmpty', problem);
    case 'pointsRange':
      return text('pointsRange', problem);
    case 'photoName':
      return text('photoName', problem);
  }
}

/**
 * Checks a question by the rules both sides share (readQuestion) and returns it as it is
 * stored, or its first problem worded.
 */
export function checkQuestion(draft: QuestionDraft): QuestionCheck {
  const read = readQuestion(draft);
  if (read.ok) return read;
  return { ok: false, reason: questionProblemText(read.problems[0] as QuestionProblem) };
}

/** The names among `names` that no stored image carries. */
export async function unknownPhotos(
  db: Kysely<Database>,
  names: Iterable<string>,
): Promise<Set<string>> {
  const wanted = [...new Set(names)];
  const missing = new Set(wanted);
  // Chunks keep each statement under SQLite's bound-parameter limit.
  for (let i = 0; i < wanted.length; i += 500) {
    const rows = await db
      .selectFrom('images')
      .select('name')
      .where('name', 'in', wanted.slice(i, i + 500))
      .execute();
    for (const row of rows) missing.delete(row.name);
  }
  return missing;
}
