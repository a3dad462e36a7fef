import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppDatabase, migrateToLatest, openDatabase } from '../../db/database';
import { createQuestionBank } from './question-bank';

const QUESTIONS = 60;

describe('question bank', () => {
  let dataDir: string;
  let database: AppDatabase;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'question-bank-'));
    database = openDatabase({ dataDir });
    await migrateToLatest(database.db);
    await database.db
      .insertInto('questions')
      .values(
        Array.from({ length: QUESTIONS }, (_, i) => ({
          question_text: `Question ${i + 1} — «ünïcode» 标志`,
          answer_1: 'Yes',
          answer_2: 'No',
          right_answers: '1',
          points: 1,
          created_at: new Date(0).toISOString(),
        })),
      )
      .execute();
  });
  afterAll(async () => {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const parse = (json: Buffer) =>
    JSON.parse(json.toString('utf8')) as { id: number; question_text: string }[];

  it('answers every question right, in the order asked, however small its memory', async () => {
    // About two questions' JSON fits: nearly every read evicts what the previous one kept.
    const bank = createQuestionBank(database.db, { jsonBudgetBytes: 400 });
    const snapshot = await bank.snapshot();
    const ids = Array.from(snapshot.ids);
    expect(ids).toHaveLength(QUESTIONS);
    for (let round = 0; round < 3; round += 1) {
      const wanted = [...ids].reverse().slice(round * 7, round * 7 + 25);
      const questions = parse(await snapshot.questionsJson([...wanted, 999_999]));
      expect(questions.map((q) => q.id)).toEqual(wanted);
      for (const question of questions) {
        expect(question.question_text).toBe(
          `Question ${question.id - (ids[0] as number) + 1} — «ünïcode» 标志`,
        );
      }
    }
  });

  it('answers an empty array for no known question', async () => {
    const snapshot = await createQuestionBank(database.db).snapshot();
    expect(parse(await snapshot.questionsJson([]))).toEqual([]);
    expect(parse(await snapshot.questionsJson([999_999]))).toEqual([]);
  });

  it('sees an edit on the next snapshot', async () => {
    const bank = createQuestionBank(database.db);
    const first = await bank.snapshot();
    const id = first.ids[0] as number;
    expect(parse(await first.questionsJson([id]))[0]?.question_text).toMatch(/^Question 1 /);
    await database.db
      .updateTable('questions')
      .set({ question_text: 'Edited' })
      .where('id', '=', id)
      .execute();
    const next = await bank.snapshot();
    expect(parse(await next.questionsJson([id]))[0]?.question_text).toBe('Edited');
  });
});
