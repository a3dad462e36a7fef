import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DATABASES, multipartFile, type TestApp } from './helpers';

describe.each(DATABASES)('refusals in the caller’s language on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const login = (language?: string) =>
    t.api('POST', '/auth/login', {
      body: { username: 'nobody', password: 'wrong' },
      headers: language ? { 'accept-language': language } : {},
    });

  it('words a refusal in Russian or Korean when asked, in English otherwise', async () => {
    expect((await login()).body).toEqual({ detail: 'Incorrect username or password' });
    expect((await login('ru')).body).toEqual({ detail: 'Неверное имя пользователя или пароль' });
    expect((await login('ko-KR,ko;q=0.9,en;q=0.5')).body).toEqual({
      detail: '사용자 이름 또는 비밀번호가 올바르지 않습니다',
    });
    expect((await login('de-DE,fr;q=0.8')).body.detail).toBe('Incorrect username or password');
    expect((await login('en;q=0.9,zh;q=0.4,ru;q=0.7')).body.detail).toBe(
      'Incorrect username or password',
    );
  });

  it('changes only the words: the status, the fields and their values stay', async () => {
    const taken = (language?: string) =>
      t.api('POST', '/auth/register', {
        body: {
          username: 'admin',
          email: `someone-${language ?? 'none'}@example.com`,
          password: 'password123',
          first_name: 'A',
          last_name: 'B',
        },
        headers: language ? { 'accept-language': language } : {},
      });
    const english = await taken();
    const korean = await taken('ko');
    expect(english.status).toBe(409);
    expect(korean.status).toBe(409);
    expect(english.body).toEqual({ detail: 'This username is already taken', field: 'username' });
    expect(korean.body).toEqual({ detail: '이미 사용 중인 사용자 이름입니다', field: 'username' });
    expect(korean.headers['content-type']).toBe(english.headers['content-type']);
    const unknown = await t.api('GET', '/no-such-thing', { headers: { 'accept-language': 'ru' } });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ detail: 'Не найдено' });
  });

  it("words a field's schema refusal, keeping the field's name", async () => {
    const res = await t.api('POST', '/auth/login', {
      body: { username: 'x'.repeat(300), password: 'p' },
      headers: { 'accept-language': 'ru' },
    });
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/^"username": допускается не больше \d+ символов$/);
  });

  it('words a CSV refusal and each line’s reason, with Russian plural forms', async () => {
    const admin = await t.adminToken();
    const importCsv = (content: string, language: string) => {
      const upload = multipartFile(content, 'topics.csv', 'text/csv');
      return t.api('POST', '/training-topics/import-csv', {
        token: admin,
        body: upload.body,
        headers: { ...upload.headers, 'accept-language': language },
      });
    };
    const oneBad = await importCsv('name,question_ids\nA,"1",x,y\n', 'ru');
    expect(oneBad.status).toBe(422);
    expect(oneBad.body).toEqual({
      detail: 'В файле 1 ошибочная строка; ничего не импортировано',
      // The topics import counts cells as every CSV import does (readCsvRecords).
      errors: [
        { line: 2, reason: 'В строке 4 ячейки, а в заголовке 2; проверьте кавычки и разделитель' },
      ],
    });
    const twoBad = await importCsv('name,question_ids\nA,"1",x\n,"1"\n', 'ru');
    expect(twoBad.body.detail).toBe('В файле 2 ошибочные строки; ничего не импортировано');
    const english = await importCsv('name,question_ids\nA,"1",x,y\n', 'en');
    expect(english.body.detail).toBe('The file has 1 bad row; nothing was imported');
  });
});
