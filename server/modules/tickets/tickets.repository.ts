import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Data access for tickets; accepts a transaction too. */
export function createTicketsRepository(db: Kysely<Database>) {
  return {
    list: () => db.selectFrom('tickets').selectAll().orderBy('ticket_number').execute(),

    byNumber: (ticketNumber: number) =>
      db
        .selectFrom('tickets')
        .selectAll()
        .where('ticket_number', '=', ticketNumber)
        .executeTakeFirst(),

    /** The number of tickets deleted. */
    deleteAll: async () =>
      Number((await db.deleteFrom('tickets').executeTakeFirst()).numDeletedRows),
  };
}

export type TicketsRepository = ReturnType<typeof createTicketsRepository>;
