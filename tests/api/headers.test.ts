import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPA_DIR } from '../../server/app';
import { acceptedEncoding } from '../../server/http/compress-json';
import { PUBLIC_SETTINGS_ELEMENT } from '../../server/http/spa-page';
import { createTestApp, type TestApp } from './helpers';

describe('security headers and the SPA fallback', () => {
  let t: TestApp;
  beforeAll(async () => {
    // With the demo bank: a page of questions is a JSON answer worth compressing.
    t = await createTestApp('sqlite', { seedDemo: true });
  });
  afterAll(() => t.close());

  it('keep every API answer, errors included, from being run, framed or sniffed', async () => {
    const learner = await t.learner('headers');
    const answers = [
      await t.api('GET', '/health'),
      await t.api('GET', '/questions', { token: learner.token }),
      await t.api('GET', '/questions'),
      await t.api('GET', '/no-such-operation'),
    ];
    for (const answer of answers) {
      expect(answer.headers['content-security-policy']).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['referrer-policy']).toBe('no-referrer');
      expect(answer.headers['x-powered-by']).toBeUndefined();
    }
  });

  it("give the pages helmet's whole set, with scripts from this origin only", async () => {
    for (const url of ['/login', '/locales/en/common.json', '/no-such-page']) {
      const answer = await t.app.inject({ url });
      const policy = answer.headers['content-security-policy'];
      expect(policy).toContain("script-src 'self'");
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).not.toContain('unsafe-eval');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(answer.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
  });

  it('compresses JSON answers of a kilobyte or more for clients that accept it', async () => {
    const learner = await t.learner('compressed');
    const url = '/api/v1/questions?mode=all-questions&page=1&limit=40';
    const get = (acceptEncoding?: string) =>
      t.app.inject({
        url,
        headers: {
          authorization: `Bearer ${learner.token}`,
          ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
        },
      });
    const plain = await get();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('accept-encoding');
    const page = plain.json<{ questions: unknown[] }>();
    expect(page.questions).toHaveLength(40);

    const gzip = await get('gzip, deflate');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(page);

    const br = await get('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(page);

    // A refused encoding is not used; a small answer is sent as it is.
    expect((await get('br;q=0, identity')).headers['content-encoding']).toBeUndefined();
    const health = await t.app.inject({
      url: '/api/v1/health',
      headers: { 'accept-encoding': 'br' },
    });
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toMatchObject({ status: 'ok' });
  });

  it('reads Accept-Encoding with its weights', () => {
    expect(acceptedEncoding(undefined)).toBeUndefined();
    expect(acceptedEncoding('identity')).toBeUndefined();
    expect(acceptedEncoding('gzip;q=0.5, br;q=0')).toBe('gzip');
    expect(acceptedEncoding('GZIP, BR;Q=1.0')).toBe('br');
    expect(acceptedEncoding('gzip;q=0, br;q=0')).toBeUndefined();
  });

  it('serves the page for app routes but 404 for a missing asset', async () => {
    const page = await t.app.inject({ url: '/dashboard' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const asset = await t.app.inject({ url: '/assets/index-gone.js' });
    expect(asset.statusCode).toBe(404);
    expect(asset.json()).toEqual({ detail: 'Not found' });
  });

  it('serves an asset a rebuild wrote after the server started, for good, and nothing outside', async () => {
    const name = `late-${process.pid}-${Date.now()}.js`;
    const file = path.join(SPA_DIR, 'assets', name);
    writeFileSync(file, 'export {};\n');
    try {
      const asset = await t.app.inject({ url: `/assets/${name}` });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(asset.body).toBe('export {};\n');
    } finally {
      rmSync(file);
    }
    // Whatever a path climbing out of the assets becomes, the project's files are not sent.
    for (const url of ['/assets/../../package.json', '/assets/..%2f..%2fpackage.json']) {
      const outside = await t.app.inject({ url });
      expect(outside.body, url).not.toContain('"devDependencies"');
    }
  });

  it("carries the public settings in the page, in the reader's language, as they are now", async () => {
    const admin = await t.adminToken();
    const embedded = async (language: string) => {
      const page = await t.app.inject({ url: '/help', headers: { cookie: `i18next=${language}` } });
      const block = new RegExp(
        `<script type="application/json" id="${PUBLIC_SETTINGS_ELEMENT}">(.*?)</script>`,
      ).exec(page.body);
      expect(block, 'the settings block').not.toBeNull();
      return { html: page.body, settings: JSON.parse(block?.[1] ?? 'null') as unknown };
    };
    const { settings } = await embedded('en');
    expect(settings).toEqual((await t.api('GET', '/settings?public_only=true')).body);
    expect(JSON.stringify(settings)).not.toContain('jwt');
    const russian = await embedded('ru');
    expect(russian.settings).toEqual(
      (await t.api('GET', '/settings?public_only=true', { headers: { 'accept-language': 'ru' } }))
        .body,
    );
    expect(russian.settings).not.toEqual(settings);

    // The next page has a changed setting.
    const name = 'Vienna Driving School';
    const saved = await t.api('PUT', '/settings/key/site_name', {
      token: admin,
      body: { value: name },
    });
    expect(saved.status).toBe(200);
    try {
      const changed = await embedded('en');
      expect(changed.settings).toContainEqual(
        expect.objectContaining({ key: 'site_name', value: name }),
      );
    } finally {
      await t.api('PUT', '/settings/key/site_name', {
        token: admin,
        body: { value: 'Theory Trainer' },
      });
    }
  });
});
