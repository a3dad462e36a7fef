import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../server/db/database';
import { addQuestions, createTestApp, DATABASES, multipartFile, type TestApp } from './helpers';

interface Topic {
  id: number;
  name: string;
  question_ids: string;
  question_count: number;
  created_at: string;
}

/** A multipart body whose only part is a text field, not a file. */
function multipartWithoutFile(): { body: Buffer; headers: Record<string, string> } {
  const boundary = '----trainerNoFile';
  return {
    body: Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n--${boundary}--\r\n`,
    ),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe.each(DATABASES)('training topics on %s', (kind) => {
  let t: TestApp;
  // The app's database: it removes questions behind the API's back, the way a bank edit would, without the question module's own clean-up of topics.
  let database: AppDatabase;
  let admin: string;
  let learner: string;
  let q: number[]; // q[0] and q[9] are removed from the bank half-way

  const listTopics = async (): Promise<Topic[]> =>
    (await t.api('GET', '/training-topics', { token: admin })).body;
  const importCsv = (content: string | Buffer, token = admin, query = '') => {
    const upload = multipartFile(content, 'topics.csv', 'text/csv');
    return t.api('POST', `/training-topics/import-csv${query}`, {
      token,
      body: upload.body,
      headers: upload.headers,
    });
  };
  const exportCsv = (token = admin) => t.api('GET', '/training-topics/export', { token });

  beforeAll(async () => {
    t = await createTestApp(kind);
    database = t.database;
    admin = await t.adminToken();
    learner = (await t.learner('topical')).token;
    q = await addQuestions(t, Array<number>(10).fill(1));
  });
  afterAll(async () => {
    await t.close();
  });

  it('creates topics from an id array, its JSON text or a comma/semicolon/space list, without repeats', async () => {
    const [a, b, c, d, e] = q;
    const fromArray = await t.api('POST', '/training-topics', {
      token: admin,
      body: { name: ' Road signs ', question_ids: [b, a, b] },
    });
    expect(fromArray.status).toBe(201);
    expect(fromArray.body).toMatchObject({
      name: 'Road signs',
      question_ids: `[${b},${a}]`,
      question_count: 2,
    });

    const fromText = await t.api('POST', '/training-topics', {
      token: admin,
      body: { name: 'Priority', question_ids: `${c}; ${d},\t${e}` },
    });
    expect(fromText.status).toBe(201);
    expect(fromText.body.question_ids).toBe(`[${c},${d},${e}]`);

    const fromJsonText = await t.api('POST', '/training-topics', {
      token: admin,
      body: { name: 'Alcohol', question_ids: `[${e}]` },
    });
    expect(fromJsonText.status).toBe(201);
    expect(fromJsonText.body.question_count).toBe(1);
  });

  it('refuses a duplicate name in any case, bad ids and unknown ids, storing nothing', async () => {
    const before = await listTopics();
    const duplicate = await t.api('POST', '/training-topics', {
      token: admin,
      body: { name: 'ROAD SIGNS', question_ids: [q[0]] },
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.field).toBe('name');

    const unparseable = await t.api('POST', '/training-topics', {
      token: admin,
      body: { name: 'New', question_ids: '1, two' },
    });
    expect(unparseable.status).toBe(422);

    const unknown = await t.api('POST', '/training-topics', {
      token: admin,
      body: { name: 'New', question_ids: [q[0], 99999, 88888] },
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.detail).toContain('99999, 88888');
    expect(unknown.body.field).toBe('question_ids');

    for (const body of [
      { name: '', question_ids: [] },
      { name: 'New' },
      { name: 'New', question_ids: [0] },
    ]) {
      expect((await t.api('POST', '/training-topics', { token: admin, body })).status).toBe(400);
    }
    expect(
      (
        await t.api('POST', '/training-topics', {
          token: admin,
          body: { name: '   ', question_ids: [] },
        })
      ).status,
    ).toBe(422);
    expect(await listTopics()).toEqual(before);
  });

  it("says where a package's topics file naming rows belongs when it is brought here alone", async () => {
    const before = await listTopics();
    const res = await importCsv('name,question_rows\nSigns,"1,2"\n');
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([
      {
        line: 1,
        reason:
          "question_rows names rows of a questions CSV, so it is read only beside one: import this file with its questions CSV in the Questions tab's import area, or name the questions by question_ids here",
      },
    ]);
    expect(await listTopics()).toEqual(before);
  });

  it('lets a learner list topics by name and read one with its questions in order', async () => {
    const list = await t.api('GET', '/training-topics', { token: learner });
    expect(list.status).toBe(200);
    expect(list.body.map((topic: Topic) => topic.name)).toEqual([
      'Alcohol',
      'Priority',
      'Road signs',
    ]);

    const signs = list.body[2] as Topic;
    const one = await t.api('GET', `/training-topics/${signs.id}`, { token: learner });
    expect(one.status).toBe(200);
    expect(one.body).toEqual(signs);

    const questions = await t.api('GET', `/training-topics/${signs.id}/questions`, {
      token: learner,
    });
    expect(questions.status).toBe(200);
    expect(questions.body).toMatchObject({ id: signs.id, name: 'Road signs' });
    expect(questions.body.questions.map((question: { id: number }) => question.id)).toEqual([
      q[1],
      q[0],
    ]);

    expect((await t.api('GET', '/training-topics/99999', { token: learner })).status).toBe(404);
    expect(
      (await t.api('GET', '/training-topics/99999/questions', { token: learner })).status,
    ).toBe(404);
    expect((await t.api('GET', '/training-topics/abc', { token: learner })).status).toBe(400);
  });

  it("updates a topic, and refuses another topic's name, bad ids or an unknown topic without changes", async () => {
    const [alcohol, priority] = await listTopics();
    const renamed = await t.api('PUT', `/training-topics/${alcohol?.id}`, {
      token: admin,
      body: { name: 'alcohol and drugs', question_ids: [q[5], q[6]] },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({
      id: alcohol?.id,
      name: 'alcohol and drugs',
      question_ids: `[${q[5]},${q[6]}]`,
    });
    // Its own name in another case is no clash.
    const recased = await t.api('PUT', `/training-topics/${alcohol?.id}`, {
      token: admin,
      body: { name: 'Alcohol and drugs', question_ids: `${q[5]},${q[6]}` },
    });
    expect(recased.status).toBe(200);

    const before = await listTopics();
    const clash = await t.api('PUT', `/training-topics/${alcohol?.id}`, {
      token: admin,
      body: { name: 'PRIORITY', question_ids: [] },
    });
    expect(clash.status).toBe(409);
    const unknown = await t.api('PUT', `/training-topics/${priority?.id}`, {
      token: admin,
      body: { name: 'Priority', question_ids: [77777] },
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.detail).toContain('77777');
    const missing = await t.api('PUT', '/training-topics/99999', {
      token: admin,
      body: { name: 'X', question_ids: [] },
    });
    expect(missing.status).toBe(404);
    expect(await listTopics()).toEqual(before);
  });

  it('counts only questions that still exist, in the list, the questions and the stats', async () => {
    const lonely = await t.api('POST', '/training-topics', {
      token: admin,
      body: { name: 'Lonely', question_ids: [q[9]] },
    });
    const signs = (await listTopics()).find((topic) => topic.name === 'Road signs') as Topic;
    expect((await t.api('GET', '/training-topics/stats/info', { token: learner })).body).toEqual({
      total_topics: 4,
      topics_available: 4,
    });

    await database.db
      .deleteFrom('questions')
      .where('id', 'in', [q[9] as number, q[0] as number])
      .execute();

    const after = await listTopics();
    expect(after.find((topic) => topic.id === signs.id)?.question_count).toBe(1);
    expect(after.find((topic) => topic.id === lonely.body.id)?.question_count).toBe(0);
    const questions = await t.api('GET', `/training-topics/${signs.id}/questions`, {
      token: learner,
    });
    expect(questions.body.questions.map((question: { id: number }) => question.id)).toEqual([q[1]]);
    const stats = await t.api('GET', '/training-topics/stats/info', { token: learner });
    expect(stats.status).toBe(200);
    expect(stats.body).toEqual({ total_topics: 4, topics_available: 3 });

    const deleted = await t.api('DELETE', `/training-topics/${lonely.body.id}`, { token: admin });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: 'Topic deleted successfully' });
    expect(
      (await t.api('DELETE', `/training-topics/${lonely.body.id}`, { token: admin })).status,
    ).toBe(404);
  });

  it("reports each learner's progress on every topic from their last answer to each question", async () => {
    const [right, wrong] = [q[1] as number, q[2] as number];
    for (const [id, selected] of [
      [right, 2],
      [right, 1],
      [wrong, 2],
    ] as const) {
      const res = await t.api('POST', '/training-modules/weak-spots/update', {
        token: learner,
        body: { question_id: id, is_correct: selected === 1, selected_answers: [selected] },
      });
      expect(res.status).toBe(200);
    }
    const topics = await listTopics();
    const expected = (answeredRight: number[], answeredWrong: number[]) =>
      topics.map((topic) => {
        // Removed questions (q[0], q[9]) count nowhere, as in question_count.
        const ids = (JSON.parse(topic.question_ids) as number[]).filter(
          (id) => id !== q[0] && id !== q[9],
        );
        return {
          topic_id: topic.id,
          question_count: ids.length,
          answered: ids.filter((id) => answeredRight.includes(id) || answeredWrong.includes(id))
            .length,
          right: ids.filter((id) => answeredRight.includes(id)).length,
        };
      });
    const mine = await t.api('GET', '/training-topics/progress', { token: learner });
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual(expected([right], [wrong]));
    expect(mine.body.some((entry: { answered: number }) => entry.answered > 0)).toBe(true);
    const theirs = await t.api('GET', '/training-topics/progress', { token: admin });
    expect(theirs.body).toEqual(expected([], []));
    expect((await t.api('GET', '/training-topics/progress')).status).toBe(401);
  });

  it('exports a BOM-prefixed CSV with formula cells escaped, which imports back to the same topics', async () => {
    for (const name of ['=SUM(A1)', '+plus', '-minus', '@at', "'=quoted", 'Say "hi", then; go']) {
      const res = await t.api('POST', '/training-topics', {
        token: admin,
        body: { name, question_ids: [q[2]] },
      });
      expect(res.status).toBe(201);
    }
    const before = await listTopics();
    const res = await exportCsv();
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="training_topics_\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect([...res.raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = res.raw.toString('utf8').slice(1);
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('name,question_ids');
    expect(lines).toContain(`'=SUM(A1),[${q[2]}]`);
    expect(lines).toContain(`'+plus,[${q[2]}]`);
    expect(lines).toContain(`'-minus,[${q[2]}]`);
    expect(lines).toContain(`'@at,[${q[2]}]`);
    expect(lines).toContain(`''=quoted,[${q[2]}]`);
    expect(lines).toContain(`"Say ""hi"", then; go",[${q[2]}]`);
    expect(lines).toContain(`Priority,"[${q[2]},${q[3]},${q[4]}]"`);
    // A question that vanished from the bank is left out, so the file imports again.
    expect(lines).toContain(`Road signs,[${q[1]}]`);
    expect(lines.some((line) => line.startsWith('='))).toBe(false);

    expect((await t.api('DELETE', '/training-topics/all/delete', { token: admin })).status).toBe(
      200,
    );
    const imported = await importCsv(res.raw);
    expect(imported.status).toBe(200);
    expect(imported.body).toEqual({
      message: 'Topics imported successfully',
      imported: before.length,
      replaced: 0,
    });
    const strip = (topics: Topic[]) =>
      topics.map(({ name, question_ids, question_count }) => ({
        name,
        question_ids,
        question_count,
      }));
    const expected = strip(before).map((topic) =>
      topic.name === 'Road signs' ? { ...topic, question_ids: `[${q[1]}]` } : topic,
    );
    expect(strip(await listTopics())).toEqual(expected);
  });

  it('exports a topic whose questions were all deleted as [] and imports it back as it was', async () => {
    const [only] = await addQuestions(t, [1]);
    const created = await t.api('POST', '/training-topics', {
      token: admin,
      body: { name: 'Motorways', question_ids: [only] },
    });
    expect(created.status).toBe(201);
    expect((await t.api('DELETE', `/admin/questions/${only}`, { token: admin })).status).toBe(200);
    const exported = await exportCsv();
    expect(exported.raw.toString('utf8').split('\r\n')).toContain('Motorways,[]');
    const before = await listTopics();

    const again = await importCsv(exported.raw);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({
      message: 'Topics imported successfully',
      imported: before.length,
      replaced: before.length,
    });
    expect(await listTopics()).toEqual(before);

    // Into a course without it, too: the emptied topic comes back with no questions.
    expect((await t.api('DELETE', '/training-topics/all/delete', { token: admin })).status).toBe(
      200,
    );
    expect((await importCsv(exported.raw)).status).toBe(200);
    expect((await listTopics()).find((topic) => topic.name === 'Motorways')).toMatchObject({
      question_ids: '[]',
      question_count: 0,
    });
  });

  it('asks before a file takes questions away from a topic, and imports nothing until told to', async () => {
    const [, a, b, c] = q;
    const created = await t.api<Topic>('POST', '/training-topics', {
      token: admin,
      body: { name: 'Lights', question_ids: [a, b, c] },
    });
    expect(created.status).toBe(201);
    const before = await listTopics();
    // Written to add a name in Russian, with one of its three questions only.
    const file = `name,question_ids,name@ru\nLights,${a},Огни\nNew one,${b},\n`;
    const asked = await importCsv(file);
    expect(asked.status).toBe(409);
    expect(asked.body).toMatchObject({
      detail:
        'The file lists fewer questions for the topic "Lights" than it has; import it with replace to take them out',
      shrinking_topics: [{ name: 'Lights', questions: 3, removed: 2 }],
    });
    expect(await listTopics()).toEqual(before);

    // A file that keeps every question of the topic (adding one or not) is not asked about.
    const keeping = await importCsv(`name,question_ids,name@ru\nlights,"${c},${a},${b}",Огни\n`);
    expect(keeping.status, JSON.stringify(keeping.body)).toBe(200);
    const told = await importCsv(file, admin, '?replace=true');
    expect(told.status).toBe(200);
    expect(told.body).toMatchObject({ imported: 2, replaced: 1 });
    expect((await listTopics()).find((topic) => topic.name === 'Lights')).toMatchObject({
      id: created.body.id,
      question_ids: `[${a}]`,
    });
  });

  it("imports a file with a BOM, ';' delimiter, quoted fields and any header case, replacing by name", async () => {
    const [, a, b, c] = q;
    const existing = (await listTopics()).find((topic) => topic.name === 'Priority') as Topic;
    const file =
      '\uFEFFQuestion_IDS;Name\r\n' +
      `"${a};${b}";"Night; fog"\r\n` +
      `[${c}];"Multi\nline"\r\n` +
      '\r\n' +
      `${c},${a};priority\r\n` +
      `"[${b}]";"Quoted ""name"""\r\n`;
    // 'Priority' had other questions: taking them away is asked for.
    const res = await importCsv(Buffer.from(file, 'utf8'), admin, '?replace=true');
    expect(res.status).toBe(200);
    // One of the four replaced the stored 'Priority'.
    expect(res.body).toEqual({ message: 'Topics imported successfully', imported: 4, replaced: 1 });

    const byName = new Map((await listTopics()).map((topic) => [topic.name, topic]));
    expect(byName.get('Night; fog')?.question_ids).toBe(`[${a},${b}]`);
    expect(byName.get('Multi\nline')?.question_ids).toBe(`[${c}]`);
    expect(byName.get('Quoted "name"')?.question_ids).toBe(`[${b}]`);
    // The existing topic keeps its id and name; only its questions change.
    expect(byName.get('Priority')).toMatchObject({ id: existing.id, question_ids: `[${c},${a}]` });
    expect(byName.has('priority')).toBe(false);
  });

  it('refuses a file with bad rows, naming each line, and imports nothing', async () => {
    const before = await listTopics();
    const file =
      'name,question_ids\n' +
      `Good one,${q[1]}\n` +
      `"Spans\ntwo lines",not-a-number\n` +
      `,${q[1]}\n` +
      `Unknown ids,"[${q[1]},424242]"\n` +
      `GOOD ONE,${q[2]}\n` +
      `Too,many,cells\n` +
      `No questions,\n` +
      `Left empty,[]\n`;
    const res = await importCsv(file);
    expect(res.status).toBe(422);
    expect(res.body.detail).toBe('The file has 6 bad rows; nothing was imported');
    // Line 10's `[]` is a topic with no questions, as the export writes one: not a bad row.
    expect(res.body.errors.map((error: { line: number }) => error.line)).toEqual([
      3, 5, 6, 7, 8, 9,
    ]);
    // The separators named are the ones read (a tab or space too: 'Priority' above).
    expect(res.body.errors[0].reason).toBe(
      'question_ids must be a JSON array or numbers separated by commas, semicolons, spaces or |',
    );
    expect(res.body.errors[2].reason).toContain('424242');
    expect(res.body.errors[3].reason).toContain('line 2');
    // A blank cell is refused as the topic form refuses a new topic without questions.
    expect(res.body.errors[5].reason).toBe(
      'question_ids is empty: a topic needs at least one question',
    );
    expect(await listTopics()).toEqual(before);
  });

  it('refuses a missing file, a missing header, a broken quote and non-UTF-8 text', async () => {
    const before = await listTopics();
    const noFile = multipartWithoutFile();
    const missing = await t.api('POST', '/training-topics/import-csv', {
      token: admin,
      body: noFile.body,
      headers: noFile.headers,
    });
    expect(missing.status).toBe(400);
    expect(missing.body.detail).toBe('No file uploaded');

    // An empty file is said to be empty, as the questions' import says it.
    for (const empty of ['', '\n\n']) {
      const res = await importCsv(empty);
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ detail: 'The file is empty', errors: [] });
    }

    const noHeader = await importCsv(`title,ids\nX,${q[1]}\n`);
    expect(noHeader.status).toBe(422);
    expect(noHeader.body.errors).toEqual([{ line: 1, reason: expect.any(String) }]);

    const brokenQuote = await importCsv(`name,question_ids\n"Open,${q[1]}\n`);
    expect(brokenQuote.status).toBe(422);
    expect(brokenQuote.body.errors[0]).toEqual({
      line: expect.any(Number),
      reason: expect.stringMatching(/quote that opens a cell is never closed/),
    });

    const latin1 = await importCsv(Buffer.from(`name,question_ids\nStra\xdfe,${q[1]}\n`, 'latin1'));
    expect(latin1.status).toBe(422);
    expect(await listTopics()).toEqual(before);
  });

  it('keeps guests out and learners away from every topic change', async () => {
    const before = await listTopics();
    const id = before[0]?.id;
    for (const [method, url] of [
      ['GET', '/training-topics'],
      ['POST', '/training-topics'],
      ['GET', `/training-topics/${id}`],
      ['PUT', `/training-topics/${id}`],
      ['DELETE', `/training-topics/${id}`],
      ['GET', `/training-topics/${id}/questions`],
      ['DELETE', '/training-topics/all/delete'],
      ['POST', '/training-topics/import-csv'],
      ['GET', '/training-topics/export'],
      ['GET', '/training-topics/stats/info'],
    ] as const) {
      expect((await t.api(method, url)).status).toBe(401);
    }
    const body = { name: 'Sneaky', question_ids: [] };
    expect((await t.api('POST', '/training-topics', { token: learner, body })).status).toBe(403);
    expect((await t.api('PUT', `/training-topics/${id}`, { token: learner, body })).status).toBe(
      403,
    );
    expect((await t.api('DELETE', `/training-topics/${id}`, { token: learner })).status).toBe(403);
    expect((await t.api('DELETE', '/training-topics/all/delete', { token: learner })).status).toBe(
      403,
    );
    expect((await importCsv('name,question_ids\nSneaky,\n', learner)).status).toBe(403);
    expect((await exportCsv(learner)).status).toBe(403);
    expect(await listTopics()).toEqual(before);
  });

  it('deletes every topic and writes each administrator change to the audit log', async () => {
    const res = await t.api('DELETE', '/training-topics/all/delete', { token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'All topics deleted successfully' });
    expect(await listTopics()).toEqual([]);
    expect((await t.api('GET', '/training-topics/stats/info', { token: admin })).body).toEqual({
      total_topics: 0,
      topics_available: 0,
    });
    const exported = await exportCsv();
    expect(exported.raw.toString('utf8')).toBe('\uFEFFname,question_ids\r\n');

    const actions = new Set(
      (
        await database.db
          .selectFrom('audit_log')
          .select('action')
          .where('action', 'like', 'topic.%')
          .execute()
      ).map((entry) => entry.action),
    );
    expect(actions).toEqual(
      new Set(['topic.create', 'topic.update', 'topic.delete', 'topic.delete_all', 'topic.import']),
    );
  });
});
