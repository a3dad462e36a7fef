import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Data access for one course's tickets; accepts a transaction too. */
export function createTicketsRepository(db: Kysely<Database>, courseId: number) {
  return {
    list: () =>
      db
        .selectFrom('tickets')
        .selectAll()
        .where('course_id', '=', courseId)
        .orderBy('ticket_number')
        .execute(),

    byNumber: (ticketNumber: number) =>
      db
        .selectFrom('tickets')
        .selectAll()
        .where('course_id', '=', courseId)
        .where('ticket_number', '=', ticketNumber)
        .executeTakeFirst(),

    /** The number of tickets deleted. */
    deleteAll: async () =>
      Number(
        (await db.deleteFrom('tickets').where('course_id', '=', courseId).executeTakeFirst())
          .numDeletedRows,
      ),
  };
}

export type TicketsRepository = ReturnType<typeof createTicketsRepository>;
