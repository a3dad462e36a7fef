import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';

describe('the server log', () => {
  const lines: Record<string, unknown>[] = [];
  let startup: Record<string, unknown>[] = [];
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', {
      logger: {
        level: 'info',
        stream: { write: (line: string) => void lines.push(JSON.parse(line)) },
      },
    });
    startup = [...lines];
  });
  afterAll(() => t.close());

  const answered = () => lines.filter((line) => line.msg === 'request answered');

  it('writes one line per answered request, with its method, address, status and time', async () => {
    const learner = await t.learner('logged');
    lines.length = 0;
    await t.api('GET', '/exams/stats', { token: learner.token });
    await t.api('PATCH', '/questions');
    await t.app.inject({ url: '/assets/no-such-chunk.js' });

    expect(answered().map(({ method, url, statusCode }) => ({ method, url, statusCode }))).toEqual([
      { method: 'GET', url: '/api/v1/exams/stats', statusCode: 200 },
      { method: 'PATCH', url: '/api/v1/questions', statusCode: 405 },
      { method: 'GET', url: '/assets/no-such-chunk.js', statusCode: 404 },
    ]);
    for (const line of answered()) expect(line.responseTime).toEqual(expect.any(Number));
    expect(lines).toHaveLength(3);
  });

  it('starts without warnings', () => {
    // Lines from buildApp come before the first test's requests.
    expect(startup.filter((line) => Number(line.level) >= 40)).toEqual([]);
  });

  it('never writes the bearer token', async () => {
    const learner = await t.learner('secretive');
    await t.api('GET', '/auth/me', { token: learner.token });
    expect(JSON.stringify(lines)).not.toContain(learner.token);
  });
});
