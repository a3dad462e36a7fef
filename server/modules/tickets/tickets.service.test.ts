import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mulberry32 } from '../../../domain/daily-challenge';
import { type AppDatabase, migrateToLatest, openDatabase } from '../../db/database';
import { generateTickets, type TicketPlan } from './tickets.service';

const COURSE_ID = 1;
const SEEDS = [1, 2, 3, 42, 2026];

// Each case brings the same course's bank to `bank` questions (adding or deleting), so the cases
// hold in any order. Among them banks that divide the slots, banks that do not, a bank as large
// as one ticket and one a question larger.
const CASES: { bank: number; plan: TicketPlan }[] = [
  { bank: 20, plan: { totalTickets: 25, questionsPerTicket: 20 } },
  { bank: 21, plan: { totalTickets: 25, questionsPerTicket: 20 } },
  { bank: 30, plan: { totalTickets: 25, questionsPerTicket: 20 } },
  { bank: 30, plan: { totalTickets: 25, questionsPerTicket: 29 } },
  { bank: 40, plan: { totalTickets: 25, questionsPerTicket: 40 } },
  { bank: 41, plan: { totalTickets: 25, questionsPerTicket: 40 } },
  { bank: 41, plan: { totalTickets: 7, questionsPerTicket: 13 } },
  { bank: 200, plan: { totalTickets: 25, questionsPerTicket: 40 } },
  { bank: 200, plan: { totalTickets: 25, questionsPerTicket: 39 } },
];

describe('generateTickets', () => {
  let dataDir: string;
  let database: AppDatabase;
  const deps = () => ({ db: database.db, now: () => new Date(0) });

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'tickets-service-'));
    database = openDatabase({ dataDir });
    await migrateToLatest(database.db);
  });
  afterAll(async () => {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const bankIds = async (): Promise<number[]> =>
    (
      await database.db
        .selectFrom('questions')
        .select('id')
        .where('course_id', '=', COURSE_ID)
        .execute()
    ).map((row) => Number(row.id));

  const bankOfSize = async (size: number): Promise<number[]> => {
    const held = await bankIds();
    const surplus = held.sort((a, b) => a - b).slice(size);
    if (surplus.length > 0)
      await database.db.deleteFrom('questions').where('id', 'in', surplus).execute();
    const missing = size - held.length;
    if (missing > 0) {
      await database.db
        .insertInto('questions')
        .values(
          Array.from({ length: missing }, (_, i) => ({
            question_text: `Question ${i + 1}`,
            answer_1: 'Yes',
            answer_2: 'No',
            right_answers: '1',
            points: 1,
            created_at: new Date(0).toISOString(),
            course_id: COURSE_ID,
          })),
        )
        .execute();
    }
    return bankIds();
  };

  const storedTickets = async (): Promise<number[][]> =>
    (
      await database.db
        .selectFrom('tickets')
        .select(['ticket_number', 'question_ids'])
        .where('course_id', '=', COURSE_ID)
        .orderBy('ticket_number')
        .execute()
    ).map((row) => JSON.parse(row.question_ids) as number[]);

  describe.each(CASES)(
    'a bank of $bank in $plan.totalTickets tickets of $plan.questionsPerTicket',
    ({ bank, plan }) => {
      it.each(SEEDS)(
        'deals every question floor or ceil of slots / bank times (seed %i)',
        async (seed) => {
          const ids = await bankOfSize(bank);
          expect(ids).toHaveLength(bank);
          await generateTickets(deps(), plan, COURSE_ID, mulberry32(seed));

          const tickets = await storedTickets();
          expect(tickets).toHaveLength(plan.totalTickets);
          for (const ticket of tickets) {
            expect(ticket).toHaveLength(plan.questionsPerTicket);
            expect(new Set(ticket).size).toBe(plan.questionsPerTicket);
          }

          const slots = plan.totalTickets * plan.questionsPerTicket;
          const low = Math.floor(slots / bank);
          const high = Math.ceil(slots / bank);
          const counts = new Map<number, number>(ids.map((id) => [id, 0]));
          for (const id of tickets.flat()) {
            expect(counts.has(id)).toBe(true);
            counts.set(id, (counts.get(id) ?? 0) + 1);
          }
          const outside = [...counts].filter(([, count]) => count < low || count > high);
          expect(outside, `counts outside ${low}..${high}`).toEqual([]);
        },
      );
    },
  );
});
