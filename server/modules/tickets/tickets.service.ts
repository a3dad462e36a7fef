import type { AppDeps } from '../../deps';
import { ConflictError } from '../../http/errors';
import { shuffle } from '../../../domain/draw';
import { text } from '../../i18n/text';

export interface TicketPlan {
  questionsPerTicket: number;
  totalTickets: number;
}

/**
 * Replaces every ticket of a course with `totalTickets` new ones of distinct questions each,
 * dealing its whole bank out evenly (a question repeats only once every other question has
 * been used).
 */
export async function generateTickets(
  deps: Pick<AppDeps, 'db' | 'now'>,
  plan: TicketPlan,
  courseId: number,
  random: () => number = Math.random,
): Promise<void> {
  const ids = (
    await deps.db.selectFrom('questions').select('id').where('course_id', '=', courseId).execute()
  ).map((r) => r.id);
  if (ids.length < plan.questionsPerTicket) {
    throw new ConflictError(
      text('bankTooSmall', { count: ids.length, needed: plan.questionsPerTicket }),
    );
  }
  // Dealt from shuffled decks of the whole bank, one card per slot: every card of a deck is
  // placed before the next deck is shuffled, so the counts differ by at most one.
  let deck = shuffle(ids, random);
  let next = 0;
  const tickets: number[][] = [];
  for (let t = 0; t < plan.totalTickets; t++) {
    const ticket = new Set<number>();
    while (ticket.size < plan.questionsPerTicket) {
      if (next === deck.length) {
        deck = shuffle(ids, random);
        next = 0;
      }
      // A ticket begun at the end of one deck may meet its own questions again in the next.
      // Such a card is not dropped (its question would miss a round) but swapped with the
      // first later card the ticket lacks, so it stays in the deck for a later ticket. There
      // is one: everything dealt from this deck went into this ticket, so each of the
      // bank - ticket.size >= 1 questions it lacks is still ahead in the deck.
      if (ticket.has(deck[next] as number)) {
        let other = next + 1;
        while (ticket.has(deck[other] as number)) other++;
        [deck[next], deck[other]] = [deck[other] as number, deck[next] as number];
      }
      ticket.add(deck[next++] as number);
    }
    tickets.push([...ticket]);
  }
  const createdAt = deps.now().toISOString();
  await deps.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('tickets').where('course_id', '=', courseId).execute();
    await trx
      .insertInto('tickets')
      .values(
        tickets.map((questionIds, index) => ({
          ticket_number: index + 1,
          question_ids: JSON.stringify(questionIds),
          created_at: createdAt,
          course_id: courseId,
        })),
      )
      .execute();
  });
}
