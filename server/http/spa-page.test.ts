import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PUBLIC_SETTINGS_ELEMENT, spaPage } from './spa-page';

const PAGE = '<!doctype html><html><head><style>body{margin:0}</style></head><body></body></html>';
const ROUTES = {
  '/login': {
    scripts: ['/assets/login-1.js', '/assets/TextField-2.js'],
    styles: ['/assets/TextField-3.css'],
    namespaces: ['auth'],
  },
};

/** The public settings a page carries, parsed as the SPA parses them; undefined without. */
function settingsOf(html: string): unknown {
  const block = new RegExp(
    `<script type="application/json" id="${PUBLIC_SETTINGS_ELEMENT}">(.*?)</script>`,
  ).exec(html);
  return block ? (JSON.parse(block[1] ?? '') as unknown) : undefined;
}

/** The head links of a page, in order. */
const linksOf = (html: string) => html.match(/<link [^>]*>/g) ?? [];

describe('spaPage', () => {
  let dir: string;
  let app: FastifyInstance;
  /** What the settings reader answers next: settings by language, or a failure. */
  let settings: (language: string) => unknown[];
  /** What the page answered for each request: whether it sent the page. */
  let answers: boolean[];

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'spa-page-'));
    settings = () => [];
    app = Fastify();
    const send = spaPage(dir, async (language) => settings(language));
    answers = [];
    app.get('/*', async (request, reply) => {
      const sent = await send(request, reply);
      answers.push(sent);
      return sent ? reply : reply.code(404).send({ detail: 'x' });
    });
  });
  afterEach(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const writeBuild = (page = PAGE) => {
    writeFileSync(path.join(dir, 'index.html'), page);
    writeFileSync(path.join(dir, 'route-preloads.json'), JSON.stringify(ROUTES));
  };

  it('names what the route needs in the head: its strings, styles and lazy code', async () => {
    writeBuild();
    const response = await app.inject({ url: '/login?redirect=%2Fexam' });
    expect(response.statusCode).toBe(200);
    expect(
      response.body.startsWith('<!doctype html><html><head><style>body{margin:0}</style>'),
    ).toBe(true);
    expect(linksOf(response.body)).toEqual([
      '<link rel="preload" href="/locales/en/common.json" as="fetch" crossorigin="anonymous">',
      '<link rel="preload" href="/locales/en/auth.json" as="fetch" crossorigin="anonymous">',
      '<link rel="preload" as="style" crossorigin href="/assets/TextField-3.css">',
      '<link rel="modulepreload" crossorigin href="/assets/login-1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/TextField-2.js">',
    ]);
    expect(response.body.endsWith('</head><body></body></html>')).toBe(true);
  });

  it("fetches the strings in the language the reader chose, kept in the SPA's cookie", async () => {
    writeBuild();
    const russian = await app.inject({
      url: '/login/',
      headers: { cookie: 'theme=dark; i18next=ru-RU' },
    });
    expect(linksOf(russian.body).slice(0, 2)).toEqual([
      '<link rel="preload" href="/locales/ru/common.json" as="fetch" crossorigin="anonymous">',
      '<link rel="preload" href="/locales/ru/auth.json" as="fetch" crossorigin="anonymous">',
    ]);
    for (const cookie of ['i18next=de', 'i18next=%E0%A4%A', 'i18next="><script>']) {
      const other = await app.inject({ url: '/login', headers: { cookie } });
      expect(linksOf(other.body)[0], cookie).toContain('/locales/en/common.json');
    }
  });

  it("opens the page in the reader's language and chosen theme, the no-script note in their words", async () => {
    const BOOT =
      '<!doctype html><html lang="en"><head></head><body><div id="root">' +
      '<noscript><p class="boot-note">Theory Trainer needs JavaScript.</p></noscript></div></body></html>';
    writeBuild(BOOT);
    const page = async (cookie?: string) =>
      (await app.inject({ url: '/login', headers: cookie ? { cookie } : {} })).body;

    const chosen = await page('theme=dark; i18next=ru');
    expect(chosen).toContain('<html lang="ru" data-theme="dark">');
    expect(chosen).toContain('<p class="boot-note">Для работы Theory Trainer нужен JavaScript.');
    expect(await page('i18next=ko; theme=light')).toContain('<html lang="ko" data-theme="light">');
    // No choice, or one the SPA never makes: the system's theme, in English.
    for (const cookie of [undefined, 'theme=purple', 'theme=%E0%A4%A']) {
      const plain = await page(cookie);
      expect(plain, cookie).toContain('<html lang="en"><head>');
      expect(plain, cookie).toContain(
        "Theory Trainer needs JavaScript. Turn it on in your browser's settings",
      );
    }
    // Each variant is its own page: the dark one is not served to the next reader.
    expect(await page('theme=light')).not.toContain('data-theme="dark"');
  });

  it("draws the landing and login pages' first words in the reader's language, and no other page's", async () => {
    writeBuild(
      '<!doctype html><html lang="en"><head></head><body><div id="root"><!--boot-page--></div></body></html>',
    );
    const locale = (language: string, namespace: string, strings: unknown) => {
      mkdirSync(path.join(dir, 'locales', language), { recursive: true });
      writeFileSync(
        path.join(dir, 'locales', language, `${namespace}.json`),
        JSON.stringify(strings),
      );
    };
    locale('en', 'landing', {
      eyebrow: 'Theory, made simple',
      title: 'Pass <first> time & again',
      subtitle: 'Practise.',
    });
    locale('ru', 'landing', {
      eyebrow: 'Просто',
      title: 'Сдайте с первого раза',
      subtitle: 'Учитесь.',
    });
    locale('en', 'auth', { login: { title: 'Welcome back', subtitle: 'Log in to go on.' } });
    // A language whose file lacks a string: no first words rather than half of them.
    locale('ko', 'auth', { login: { title: '다시 오신 것을 환영합니다' } });
    const rootOf = async (url: string, cookie?: string) => {
      const body = (await app.inject({ url, headers: cookie ? { cookie } : {} })).body;
      return /<div id="root">(.*)<\/div><\/body>/.exec(body)?.[1];
    };

    expect(await rootOf('/')).toBe(
      '<div class="boot-main boot-landing" aria-hidden="true"><span class="boot-eyebrow">Theory, made simple</span>' +
        '<h1 class="boot-hero-title">Pass &lt;first&gt; time &amp; again</h1>' +
        '<p class="boot-hero-text">Practise.</p></div>',
    );
    expect(await rootOf('/', 'i18next=ru')).toContain(
      '<h1 class="boot-hero-title">Сдайте с первого раза</h1>',
    );
    expect(await rootOf('/login?redirect=%2Fexam')).toBe(
      '<div class="boot-main boot-login" aria-hidden="true"><div class="boot-panel">' +
        '<h1 class="boot-panel-title">Welcome back</h1>' +
        '<p class="boot-panel-text">Log in to go on.</p></div></div>',
    );
    expect(await rootOf('/login', 'i18next=ko')).toBe('');
    // The English login page is not served for / (each has a variant of its own), and a page
    // whose words depend on the learner gets none.
    expect(await rootOf('/')).toContain('boot-landing');
    for (const url of ['/dashboard', '/register', '/no-such-page'])
      expect(await rootOf(url)).toBe('');
  });

  it('gives a page no route of the build knows only the common strings', async () => {
    writeBuild();
    for (const url of ['/', '/no-such-page', '/login/extra']) {
      const response = await app.inject({ url });
      expect(linksOf(response.body), url).toEqual([
        '<link rel="preload" href="/locales/en/common.json" as="fetch" crossorigin="anonymous">',
      ]);
    }
  });

  it('sends the page brotli- or gzip-encoded, saying so, to browsers that accept it', async () => {
    writeBuild();
    const plain = (await app.inject({ url: '/login' })).body;
    const br = await app.inject({ url: '/login', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain);
    const gzip = await app.inject({ url: '/login', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain);
    for (const response of [br, gzip]) {
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers.vary).toBe('accept-encoding, cookie');
    }
  });

  it('sends the plain page to a client that accepts no encoding', async () => {
    writeBuild();
    const response = await app.inject({ url: '/exam' });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toContain('<style>body{margin:0}</style>');
  });

  it('sends nothing until there is a build, and the page once there is one, saying which', async () => {
    expect((await app.inject({ url: '/' })).statusCode).toBe(404);
    expect(answers).toEqual([false]);
    writeFileSync(path.join(dir, 'index.html'), PAGE);
    const response = await app.inject({ url: '/login' });
    expect(response.statusCode).toBe(200);
    // Sent, and said so: the caller must not answer the request a second time.
    expect(answers).toEqual([false, true]);
    // Without the build's list of routes, every page gets the common strings only.
    expect(linksOf(response.body)).toHaveLength(1);
  });

  it('sends the new page after a rebuild while the server runs', async () => {
    writeBuild();
    await app.inject({ url: '/login', headers: { 'accept-encoding': 'br' } });
    writeBuild(PAGE.replace('margin:0', 'margin:1px'));
    writeFileSync(
      path.join(dir, 'route-preloads.json'),
      JSON.stringify({ '/login': { ...ROUTES['/login'], scripts: ['/assets/login-9.js'] } }),
    );
    const later = new Date(Date.now() + 5_000);
    for (const name of ['index.html', 'route-preloads.json']) {
      utimesSync(path.join(dir, name), later, later);
    }
    const response = await app.inject({ url: '/login', headers: { 'accept-encoding': 'br' } });
    const html = brotliDecompressSync(response.rawPayload).toString();
    expect(html).toContain('margin:1px');
    expect(html).toContain('/assets/login-9.js');
    expect(html).not.toContain('/assets/login-1.js');
  });

  it("carries the public settings as they are now, in the reader's language", async () => {
    writeBuild();
    settings = (language) => [{ key: 'site_name', value: 'Vienna', description: language }];
    expect(settingsOf((await app.inject({ url: '/help' })).body)).toEqual([
      { key: 'site_name', value: 'Vienna', description: 'en' },
    ]);
    const russian = await app.inject({ url: '/help', headers: { cookie: 'i18next=ru' } });
    expect(settingsOf(russian.body)).toEqual([
      { key: 'site_name', value: 'Vienna', description: 'ru' },
    ]);
    // A change is on the next page sent, in every encoding.
    settings = () => [{ key: 'site_name', value: 'Graz' }];
    const br = await app.inject({ url: '/help', headers: { 'accept-encoding': 'br' } });
    expect(settingsOf(brotliDecompressSync(br.rawPayload).toString())).toEqual([
      { key: 'site_name', value: 'Graz' },
    ]);
  });

  it('keeps a value that reads as markup inside the settings block', async () => {
    writeBuild();
    const value = '</script><script>alert(1)</script><!--';
    settings = () => [{ key: 'site_name', value }];
    const html = (await app.inject({ url: '/' })).body;
    expect(html).not.toContain('<script>alert(1)');
    expect(settingsOf(html)).toEqual([{ key: 'site_name', value }]);
  });

  it('still sends the page, without settings, when they cannot be read', async () => {
    writeBuild();
    settings = () => {
      throw new Error('database unavailable');
    };
    const response = await app.inject({ url: '/login' });
    expect(response.statusCode).toBe(200);
    expect(settingsOf(response.body)).toBeUndefined();
    expect(linksOf(response.body)).toHaveLength(5);
  });
});
