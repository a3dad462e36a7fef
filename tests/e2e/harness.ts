import { execSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { components } from '../../openapi/schema';

type User = components['schemas']['User'];
type Token = components['schemas']['Token'];

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const ADMIN_PASSWORD = 'e2e-admin-password';
export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  // Chromium's headless mode opens a browser window per context, and each window loads the
  // address bar's suggestion popups (chrome://omnibox-popup.top-chrome/, in a renderer of their
  // own) that no test ever opens: measured here, a context with /login cost 5.0 s of CPU with
  // them and 2.6 s without, a later navigation 0.8 s and 0.4 s. (Chromium merges this list with
  // the features Playwright disables.)
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup',
];

let built = false;

/** `npm test` builds before vitest; run alone, the suite builds dist/ once if it is missing. */
export function ensureBuilt(): void {
  if (built || existsSync(path.join(ROOT, 'dist', 'index.html'))) {
    built = true;
    return;
  }
  execSync('npx vite build', { cwd: ROOT, stdio: 'inherit' });
  built = true;
}

export interface Learner {
  username: string;
  password: string;
  email: string;
  first_name: string;
  last_name: string;
  token: string;
  user: User;
}

export interface Harness {
  baseURL: string;
  app: FastifyInstance;
  browser: Browser;
  /**
   * A fresh browser context (own storage) and page; closed after the test that opened it (see
   * `sharedHarness`), or with the harness.
   */
  newPage(options?: {
    viewport?: { width: number; height: number };
    colorScheme?: 'light' | 'dark';
    /** Language stored before the first page load (localStorage i18nextLng). */
    language?: string;
    /**
     * The app's service worker (dist/sw.js) runs only when allowed: Playwright's page.route
     * does not see the calls a service worker makes, and most tests stub calls that way.
     */
    serviceWorkers?: 'allow' | 'block';
  }): Promise<Page>;
  /** Calls the API under /api/v1. */
  api<T>(
    method: string,
    url: string,
    init?: { token?: string; body?: unknown },
  ): Promise<{ status: number; body: T }>;
  /** Registers a new learner through the API. */
  registerLearner(prefix?: string): Promise<Learner>;
  /** Submits one exam for the learner, so the dashboard and statistics have something to show. */
  submitExam(learner: Learner): Promise<void>;
  adminToken(): Promise<string>;
  /** Signs in through the login form and waits for /dashboard. */
  loginThroughForm(page: Page, username: string, password: string): Promise<void>;
  /** Signs in by storing a token, as the app does after login, then opens `path` (once). */
  loginWithToken(page: Page, token: string, path?: string): Promise<void>;
  /** Closes every page opened so far: a page left open keeps its renderer and the app's timers. */
  closePages(): Promise<void>;
  close(): Promise<void>;
}

let counter = 0;

/** Starts the real app (SQLite in a temp DATA_DIR, demo bank, known admin password) and Chromium. */
export async function startHarness(): Promise<Harness> {
  ensureBuilt();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'trainer-e2e-'));
  // Imported after the build: the server registers dist/ only when it exists.
  const { buildApp } = await import('../../server/app');
  const app = await buildApp({
    dataDir,
    jwtSecret: 'e2e-secret-that-is-long-enough-0123456789abcdef',
    adminPassword: ADMIN_PASSWORD,
    seedDemo: true,
    authRateLimit: 10_000,
    logger: false,
  });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const baseURL = address.replace('[::1]', '127.0.0.1');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const contexts: BrowserContext[] = [];

  const api: Harness['api'] = async (method, url, init = {}) => {
    const response = await fetch(`${baseURL}/api/v1${url}`, {
      method,
      headers: {
        ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      },
      body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as never };
  };

  const harness: Harness = {
    baseURL,
    app,
    browser,
    async newPage(options = {}) {
      const context = await browser.newContext({
        baseURL,
        viewport: options.viewport ?? { width: 1280, height: 800 },
        colorScheme: options.colorScheme ?? 'light',
        locale: 'en-US',
        serviceWorkers: options.serviceWorkers ?? 'block',
      });
      if (options.language) {
        await context.addInitScript((language) => {
          if (!window.localStorage.getItem('i18nextLng'))
            window.localStorage.setItem('i18nextLng', language);
        }, options.language);
      }
      contexts.push(context);
      const page = await context.newPage();
      page.setDefaultTimeout(10_000);
      return page;
    },
    api,
    async registerLearner(prefix = 'learner') {
      counter += 1;
      const username = `${prefix}${Date.now().toString(36)}${counter}`;
      const details = {
        username,
        password: 'learner-password',
        email: `${username}@example.com`,
        first_name: 'Lena',
        last_name: 'Learner',
      };
      const { status, body } = await api<Token>('POST', '/auth/register', { body: details });
      if (status !== 201) throw new Error(`register failed: ${status} ${JSON.stringify(body)}`);
      return { ...details, token: body.access_token, user: body.user };
    },
    async submitExam(learner) {
      // As the exam page does: the server draws the exam in a session, which the result names.
      const session = await api<{
        session_id: number;
        main_count: number;
        questions: { id: number }[];
      }>('POST', '/exams/sessions', { token: learner.token, body: { exam_type: 'exam' } });
      if (session.status !== 201) throw new Error(`exam start failed: ${session.status}`);
      const { status } = await api('POST', '/exams/submit', {
        token: learner.token,
        body: {
          exam_type: 'exam',
          session_id: session.body.session_id,
          answers: session.body.questions
            .slice(0, session.body.main_count)
            .map((q) => ({ question_id: q.id, selected_answers: [1] })),
        },
      });
      if (status !== 201) throw new Error(`exam submission failed: ${status}`);
    },
    async adminToken() {
      const { status, body } = await api<Token>('POST', '/auth/login', {
        body: { username: 'admin', password: ADMIN_PASSWORD },
      });
      if (status !== 200) throw new Error(`admin login failed: ${status}`);
      return body.access_token;
    },
    async loginThroughForm(page, username, password) {
      await page.goto('/login');
      await page.getByLabel(/Username or e-mail/).fill(username);
      await page.getByLabel(/^Password/).fill(password);
      await page.getByRole('button', { name: 'Log in', exact: true }).click();
      await page.waitForURL('**/dashboard');
    },
    async loginWithToken(page, token, target = '/dashboard') {
      // Stored before any script of the first page runs, and only then: a sign-out later on
      // stays signed out. (Stored on a page already starting, the token could be dropped again
      // by that page's session restore, and the extra page cost a whole load.)
      counter += 1;
      const marker = `e2e-signed-in-${counter}`;
      await page.addInitScript(
        ({ value, marker }) => {
          if (window.localStorage.getItem(marker) !== null) return;
          window.localStorage.setItem(marker, 'yes');
          window.localStorage.setItem('token', value);
        },
        { value: token, marker },
      );
      await page.goto(target);
    },
    async closePages() {
      const open = contexts.splice(0);
      await Promise.all(open.map((context) => context.close().catch(() => {})));
    },
    async close() {
      await harness.closePages();
      await browser.close();
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return harness;
}

/**
 * One app and one browser per test file: `const h = sharedHarness();` then `h().newPage()`. The
 * pages a test opens are closed after it (each left open kept a renderer busy with the app's
 * timers while the file's later tests ran), unless the file's tests share pages
 * (`{ keepPagesBetweenTests: true }`).
 */
export function sharedHarness(options: { keepPagesBetweenTests?: boolean } = {}): () => Harness {
  let harness: Harness | undefined;
  beforeAll(async () => {
    harness = await startHarness();
  });
  if (!options.keepPagesBetweenTests) {
    afterEach(async () => {
      await harness?.closePages();
    });
  }
  afterAll(async () => {
    await harness?.close();
  });
  return () => {
    if (!harness) throw new Error('the harness starts in beforeAll');
    return harness;
  };
}

/** The path of the page's current URL. */
export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

/**
 * Gives answer button `answer` the focus and presses each key in turn; returns its
 * aria-pressed after each press (Space on a focused answer picks or drops it; Enter goes on).
 */
export async function pressOnAnswer(
  page: Page,
  answer: number,
  keys: string[],
): Promise<(string | null)[]> {
  const option = page.locator(`button[data-answer="${answer}"]`);
  await option.focus();
  const pressed: (string | null)[] = [];
  for (const key of keys) {
    await page.keyboard.press(key);
    pressed.push(await option.getAttribute('aria-pressed'));
  }
  return pressed;
}

/** `target` shows whole within the screen's height. */
export async function expectOnScreen(page: Page, target: Locator): Promise<void> {
  const box = await target.boundingBox();
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height).toBeLessThanOrEqual(page.viewportSize()!.height);
}

/** Saves a full-page PNG as `name` under $E2E_SHOTS, when it is set. */
export async function shoot(page: Page, name: string): Promise<void> {
  const folder = process.env.E2E_SHOTS ?? '';
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  await page.screenshot({ path: `${folder}/${name}.png`, fullPage: true });
}
