import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse, { type Flags } from 'lighthouse';
import { chromium } from 'playwright-core';
import { freePort } from './server-process';

export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export interface LighthouseFigures {
  page: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  /** Audits that cost points, for finding out why a score misses its target. */
  failing: string[];
  /** Set when Lighthouse could not audit the page at all (scores are then 0). */
  runtimeError?: string;
  /** The performance score of every run of the page; the figures above are the median run's. */
  performanceRuns: number[];
  /** Why each run that could not audit the page failed (its score counts as 0). */
  failedRuns: string[];
}

/** Runs per page: Lighthouse's own guidance is to report the median of several runs. */
export const LIGHTHOUSE_RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));

/** The run with the median performance score, carrying every run's score. */
function medianRun(
  runs: Omit<LighthouseFigures, 'performanceRuns' | 'failedRuns'>[],
): LighthouseFigures {
  const sorted = [...runs].sort((a, b) => a.performance - b.performance);
  const median = sorted[Math.floor((sorted.length - 1) / 2)];
  if (!median) throw new Error('no Lighthouse run to take the median of');
  return {
    ...median,
    performanceRuns: runs.map((run) => run.performance),
    failedRuns: runs.flatMap((run) => (run.runtimeError ? [run.runtimeError] : [])),
  };
}

const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;

/**
 * Lighthouse's default (mobile, simulated throttling) runs on /, /login and a signed-in
 * /dashboard, LIGHTHOUSE_RUNS times each (scores on one machine vary by a few points between
 * runs of the same build). Chromium is launched by Playwright with a persistent profile and a
 * debugging port; the token goes into the origin's localStorage (where the SPA keeps it) before
 * the dashboard run, which is told not to reset storage.
 */
export async function runLighthouse(origin: string, token: string): Promise<LighthouseFigures[]> {
  const port = await freePort();
  const profile = mkdtempSync(path.join(tmpdir(), 'trainer-lh-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROME_PATH,
    headless: true,
    args: [`--remote-debugging-port=${port}`, '--headless', '--no-sandbox', '--disable-gpu'],
  });
  const results: LighthouseFigures[] = [];
  try {
    const auditOnce = async (page: string, keepStorage: boolean) => {
      const flags: Flags = {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
        disableStorageReset: keepStorage,
      };
      const run = await lighthouse(origin + page, flags);
      if (!run) throw new Error(`Lighthouse gave no result for ${page}`);
      const { categories, audits, runtimeError } = run.lhr;
      const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
      // Metrics and opportunities that scored under 0.9, with their figure where there is one.
      const failing = CATEGORIES.flatMap((id) =>
        (categories[id]?.auditRefs ?? []).flatMap((ref) => {
          const audit = audits[ref.id];
          if (!audit || audit.score === null || audit.score >= 0.9) return [];
          return [`${id}:${ref.id}${audit.displayValue ? ` (${audit.displayValue})` : ''}`];
        }),
      );
      return {
        page,
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        failing,
        ...(runtimeError ? { runtimeError: `${runtimeError.code}: ${runtimeError.message}` } : {}),
      };
    };
    const audit = async (page: string, keepStorage: boolean) => {
      const runs = [];
      for (let run = 0; run < LIGHTHOUSE_RUNS; run += 1)
        runs.push(await auditOnce(page, keepStorage));
      results.push(medianRun(runs));
    };
    await audit('/', false);
    await audit('/login', false);
    const tab = context.pages()[0] ?? (await context.newPage());
    await tab.goto(origin + '/login');
    await tab.evaluate((value) => window.localStorage.setItem('token', value), token);
    await audit('/dashboard', true);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
  return results;
}

/**
 * Lighthouse 12 dropped its PWA category and installability audit; the check it ran is
 * Chromium's own (DevTools' Page.getInstallabilityErrors), asked here on the home page once its
 * service worker controls it, in a profile on disk (an incognito-like one is never installable).
 * Answers the errors' ids and the manifest's errors: none means the app can be installed.
 */
export async function installabilityErrors(origin: string): Promise<string[]> {
  const profile = mkdtempSync(path.join(tmpdir(), 'trainer-install-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROME_PATH,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const tab = context.pages()[0] ?? (await context.newPage());
    await tab.goto(`${origin}/`);
    await tab.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 30_000,
    });
    const cdp = await context.newCDPSession(tab);
    const installability = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    const manifest = (await cdp.send('Page.getAppManifest')) as {
      errors: { message: string }[];
    };
    return [
      ...installability.installabilityErrors.map((error) => error.errorId),
      ...manifest.errors.map((error) => `manifest: ${error.message}`),
    ];
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}
