/**
 * Requests Node's HTTP parser cannot read, sent as raw bytes over a socket: each is answered
 * with a 4xx and `{detail}`, as every other error is, and the server goes on serving.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';

/** Sends `raw` and reads one whole answer (or what came before the connection closed). */
function exchange(port: number, raw: string): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    const finish = () => {
      socket.destroy();
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), body: body ? JSON.parse(body) : undefined });
    };
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => {
      answer += chunk;
      const length = /content-length: (\d+)/i.exec(answer)?.[1];
      const end = answer.indexOf('\r\n\r\n');
      if (length && end >= 0 && Buffer.byteLength(answer.slice(end + 4)) >= Number(length))
        finish();
    });
    socket.on('close', finish);
    socket.on('error', (error) => (answer ? finish() : reject(error)));
    socket.setTimeout(5000, finish);
    socket.write(raw);
  });
}

const HOST = 'Host: localhost\r\n';
const MALFORMED = [
  {
    what: 'a header line without a colon',
    raw: `GET /api/v1/health HTTP/1.1\r\n${HOST}Broken\r\n\r\n`,
    status: 400,
  },
  {
    what: 'a space before the colon',
    raw: `GET /api/v1/health HTTP/1.1\r\n${HOST}X-A : 1\r\n\r\n`,
    status: 400,
  },
  { what: 'an unknown method', raw: `FOO /api/v1/health HTTP/1.1\r\n${HOST}\r\n`, status: 400 },
  { what: 'a lower-case method', raw: `get /api/v1/health HTTP/1.1\r\n${HOST}\r\n`, status: 400 },
  {
    what: 'chunked and Content-Length at once',
    raw: `POST /api/v1/auth/login HTTP/1.1\r\n${HOST}Content-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n`,
    status: 400,
  },
  {
    what: 'a bad chunk size',
    raw: `POST /api/v1/auth/login HTTP/1.1\r\n${HOST}Transfer-Encoding: chunked\r\nContent-Type: application/json\r\n\r\nzz\r\n{}\r\n0\r\n\r\n`,
    status: 400,
  },
  {
    what: 'a URL past the header limit',
    raw: `GET /api/v1/health?${'a'.repeat(20_000)} HTTP/1.1\r\n${HOST}\r\n`,
    status: 431,
  },
  {
    what: 'HTTP/1.1 without a Host header',
    raw: 'GET /api/v1/health HTTP/1.1\r\n\r\n',
    status: 400,
  },
  {
    what: 'an Expect the server cannot meet',
    raw: `GET /api/v1/health HTTP/1.1\r\n${HOST}Expect: 200-ok\r\n\r\n`,
    status: 417,
  },
];

describe('malformed HTTP', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(() => t.close());

  it.each(MALFORMED)('$what is a $status with {detail}', async ({ raw, status }) => {
    const answer = await exchange(port, raw);
    expect(answer.status).toBe(status);
    expect(answer.body).toEqual({ detail: expect.stringMatching(/\w/) });
    // The server is still there for the next client.
    expect((await fetch(`http://127.0.0.1:${port}/api/v1/health`)).status).toBe(200);
  });

  it("words a missing Host and an unmet Expect in the request's language", async () => {
    const noHost = await exchange(
      port,
      'GET /api/v1/health HTTP/1.1\r\nAccept-Language: ru\r\n\r\n',
    );
    expect(noHost.body).toEqual({ detail: 'Запрос HTTP/1.1 должен содержать заголовок Host' });
    const expectation = await exchange(
      port,
      `GET /api/v1/health HTTP/1.1\r\n${HOST}Accept-Language: ko\r\nExpect: 200-ok\r\n\r\n`,
    );
    expect(expectation).toEqual({
      status: 417,
      body: { detail: "서버가 '200-ok' 기대를 충족할 수 없습니다" },
    });
  });

  it('still answers HTTP/1.0, which needs no Host header', async () => {
    expect((await exchange(port, 'GET /api/v1/health HTTP/1.0\r\n\r\n')).status).toBe(200);
  });
});
