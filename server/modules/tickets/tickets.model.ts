import type { TicketRow } from '../../db/schema';
import type { Schema } from '../../http/operations';
import { existingSummary, storedQuestionIds } from '../questions/questions.model';

export type Ticket = Schema<'Ticket'>;

/**
 * The API view of a ticket. `question_count` and `max_points` count only the questions that
 * still exist, so they match what getTicketQuestions hands the learner.
 */
export function toTicket(row: TicketRow, points: ReadonlyMap<number, number>): Ticket {
  const { count, maxPoints } = existingSummary(storedQuestionIds(row.question_ids), points);
  return {
    id: row.id,
    ticket_number: row.ticket_number,
    question_ids: row.question_ids,
    question_count: count,
    max_points: maxPoints,
    created_at: row.created_at,
  };
}

/** A ticket can be taken as generated only while every one of its questions exists. */
export function isComplete(row: TicketRow, points: ReadonlyMap<number, number>): boolean {
  const ids = storedQuestionIds(row.question_ids);
  return ids.length > 0 && ids.every((id) => points.has(id));
}
