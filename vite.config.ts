import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { availableParallelism } from 'node:os';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
// With its extension, so Vite can one day load this config natively, without bundling it.
import { routePreloads } from './scripts/route-preloads-plugin.js';
import { serviceWorker } from './scripts/service-worker-plugin.js';

const API_TARGET = 'http://127.0.0.1:3001';

/** Production builds carry none of @statelyai/inspect, not even an unreachable chunk. */
function dropInspectorFromBuild(): Plugin {
  const stub = '\0inspect-stub';
  return {
    name: 'drop-inspector-from-build',
    apply: 'build',
    enforce: 'pre',
    resolveId: (id) => (id === '@statelyai/inspect' ? stub : null),
    load: (id) =>
      id === stub
        ? 'export function createBrowserInspector() { return { inspect: undefined }; }'
        : null,
  };
}

/**
 * Production builds drop the states' `description`s from the machines (machines/README.md asks
 * every state for one): they are for people reading the machine and for the inspector, which
 * production builds do not carry either. About 0.3 KB compressed off the entry.
 */
function dropMachineDescriptionsFromBuild(): Plugin {
  const description = /\bdescription:\s*'(?:[^'\\\n]|\\.)*',/g;
  return {
    name: 'drop-machine-descriptions-from-build',
    apply: 'build',
    enforce: 'pre',
    transform: (code, id) =>
      /[\\/]machines[\\/][\w-]+\.machine\.ts$/.test(id)
        ? { code: code.replace(description, ''), map: null }
        : null,
  };
}

/**
 * The entry's stylesheet (about 3 KB compressed) goes into index.html: the first paint then waits
 * for the HTML and the script only, not for one more request that blocks rendering.
 *
 * Lazy chunks still list the file among their dependencies, and Vite's preload helper adds a
 * stylesheet link for any it cannot find as `link[rel=stylesheet]` in the page: that would fetch
 * the rules again and apply them after the route's own. A `disabled` link names the file without
 * fetching or applying it, so the helper finds it and leaves it alone.
 */
function inlineEntryStylesheet(): Plugin {
  return {
    name: 'inline-entry-stylesheet',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        return html.replace(
          /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g,
          (tag, file: string) => {
            const asset = context.bundle?.[file];
            if (asset?.type !== 'asset') return tag;
            const css =
              typeof asset.source === 'string'
                ? asset.source
                : Buffer.from(asset.source).toString('utf8');
            return `<style>${css}</style><link rel="stylesheet" href="/${file}" disabled>`;
          },
        );
      },
    },
  };
}

// The SPA build (plugins, code splitting) is configured by the web layer; the test projects
// below are shared by every layer: keep them when changing the build.
export default defineConfig({
  plugins: [
    dropInspectorFromBuild(),
    dropMachineDescriptionsFromBuild(),
    // Generates src/routeTree.gen.ts and splits each route's component into its own chunk.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // A route's error screen comes with its page: a load that fails offline after the page
      // has shown (the next page of questions) then shows it, instead of fetching a chunk of its
      // own, failing, and reloading the whole page onto the browser's offline screen.
      codeSplittingOptions: {
        defaultBehavior: [['component', 'errorComponent', 'notFoundComponent']],
      },
    }),
    vanillaExtractPlugin(),
    react(),
    inlineEntryStylesheet(),
    routePreloads(),
    // dist/sw.js, which keeps the app and the learner's course for offline use.
    serviceWorker(),
  ],
  resolve: {
    // React 19 has useSyncExternalStore itself: the shims the router's store and @xstate/react
    // import for React 17 (their fallback code and a second copy of the selector) leave the entry.
    alias: [
      {
        find: /^use-sync-external-store\/shim\/with-selector$/,
        replacement: 'use-sync-external-store/with-selector',
      },
      { find: /^use-sync-external-store\/shim$/, replacement: 'react' },
    ],
  },
  server: {
    port: 3000,
    strictPort: true,
    proxy: {
      '/api': API_TARGET,
      '/locales': API_TARGET,
      '/images': API_TARGET,
    },
  },
  preview: { port: 3000 },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // Every browser the app supports reads <link rel="modulepreload"> itself (an older Safari
    // only fetches such a chunk when it is imported): no polyfill in the entry.
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        // Everything the entry imports statically goes into the entry chunk: left to itself,
        // Rolldown cuts the modules it shares with route chunks into a dozen small files that
        // every page fetches anyway (more requests, and more bytes once each is gzipped alone).
        codeSplitting: {
          groups: [
            { name: 'index', tags: ['$initial'] },
            // A question's parts (answers, photo, the reviewed card with the exam's styles) in
            // one chunk for every page that shows questions: a chunk of its own for the review,
            // which the exam and the dashboard share, would add its name to the entry's list.
            // The small parts every page shows (cards, page headers), with the landing's icons,
            // the count words, the default exam and its wording and the public pages' class
            // names: the landing page needs these and none of a question's parts, dialogs or
            // other icons, and fetches them as one file instead of five (each small file gzipped
            // alone costs its own header and import lines: about 1.3 KB over the five).
            {
              name: 'page-parts',
              test: /src\/ui\/(card\/Card|page\/|icons\/landing-paths)|src\/i18n\/counts|src\/lib\/exam-rule-texts|src\/features\/pages\/pages\.css|domain\/course-defaults/,
            },
            // The other pages' icons, a chunk of their own: left to itself Rolldown put them with
            // a question's parts, which the help page would then load for its three icons.
            { name: 'icons', test: /src\/ui\/icons\/paths/ },
            // The form fields, a chunk of their own: left to the group below, which needs them
            // for the question filters, sign-in and registration fetched a question's parts and
            // the dialogs (21 KB) for two text fields. The number formats, which the fields'
            // character counts share with the help page and others, in one more.
            { name: 'numbers', test: /src\/i18n\/numbers/ },
            { name: 'form', test: /src\/ui\/form\/(?!CourseSelectField)/ },
            // How a failed call is told apart, which the kept work (loaded on every page after
            // the first) shares with the machines and the signed-in user kept for a reload with
            // no network (src/lib/kept-user.ts, in the session's chunk): apart, so that work
            // does not fetch XState.
            { name: 'call-failure', test: /machines\/call-failure|src\/lib\/server-back/ },
            // XState and the auth machine: not in the entry, so a guest's public page goes
            // without them (src/lib/session.tsx); one chunk for every page that signs in or
            // runs a machine, which left to the group below would also be a question's parts.
            {
              name: 'session',
              test: /node_modules\/(xstate|@xstate\/react)\/|src\/lib\/(auth\.tsx|kept-user)|machines\/auth\.machine/,
            },
            {
              name: 'AnswerOptions',
              test: /src\/ui\/question\/|src\/features\/exam\/(ReviewCard\.tsx|exam\.css\.ts)/,
            },
          ],
        },
      },
    },
  },
  test: {
    // Left to itself, Vitest ran one test file at a time on this two-core machine. Every API
    // test app has its own SQLite file and PostgreSQL schema, so files may run side by side.
    maxWorkers: availableParallelism(),
    projects: [
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'server/**/*.test.ts',
            'domain/**/*.test.ts',
            'machines/**/*.test.ts',
            'tests/unit/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'model',
          include: ['tests/model/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          testTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // Each file in a VM context of its own, in workers kept between files: as isolated as
          // a fresh process per file (storage, module state), without starting one for each of
          // the 60-odd files (50 s against 72 s for the project here).
          pool: 'vmThreads',
          // Above Testing Library's 10 s wait (src/test/render-app.tsx), which a whole page
          // rendered in jsdom may need on a loaded two-core machine.
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          // Two files at a time (`--maxWorkers=2` in package.json; each file has its own server,
          // data and Chromium). On two cores each file then takes about twice as long: the suite
          // took 815 s against 843 s one at a time (2026-12-05; 593 s two at a time since the
          // harness turned Chromium's address-bar popups off, tests/README.md).
          fileParallelism: true,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // As long as a page's own waits (harness.ts): Vitest's 1 s default failed a poll for an
          // admin list that a loaded machine drew later than that.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
