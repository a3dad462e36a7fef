import { useEffect, useSyncExternalStore } from 'react';
import { unwrap, type ApiClient, type Setting } from '../api';
import { useApi } from './api-context';

/**
 * The settings the server put in the page (server/http/spa-page.ts), so the first render has
 * the school's name and notices; null without them (a failed read, or no page at all in tests).
 */
function settingsInPage(): Setting[] | null {
  // The server writes the block with JSON.stringify: it parses, or is not there (nor is a
  // document, where this module is read outside a browser).
  const block = typeof document === 'undefined' ? null : document.getElementById('public-settings');
  const settings: unknown = JSON.parse(block?.textContent ?? 'null');
  return Array.isArray(settings) ? (settings as Setting[]) : null;
}

/** The settings as last loaded, so a page rendered after the load has them at once. */
let loaded: Setting[] | null = settingsInPage();
let cache: Promise<Setting[]> | null = loaded ? Promise.resolve(loaded) : null;
/** Bumped by each reset: a load started before it must not publish its older answer. */
let generation = 0;
const listeners = new Set<() => void>();

function publish(settings: Setting[] | null): void {
  loaded = settings;
  for (const listener of listeners) listener();
}

/** The public settings (GET /settings?public_only=true), fetched once per page load. */
export function loadPublicSettings(api: ApiClient): Promise<Setting[]> {
  if (cache) return cache;
  const started = generation;
  cache = unwrap(api.GET('/settings', { params: { query: { public_only: true } } })).then(
    (settings) => {
      if (started === generation) publish(settings);
      return settings;
    },
    (error: unknown) => {
      if (started === generation) cache = null;
      throw error;
    },
  );
  return cache;
}

/**
 * Forgets the cached settings (tests, or after an administrator changes them); the header,
 * footer and banner on screen fetch them again, so a change shows without a reload.
 */
export function resetPublicSettings(): void {
  generation += 1;
  cache = null;
  publish(null);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** All public settings, or null while loading or when unavailable. */
export function usePublicSettings(): Setting[] | null {
  const api = useApi();
  const settings = useSyncExternalStore(subscribe, () => loaded);
  useEffect(() => {
    // A failed load leaves null and is tried again by the next page that asks.
    if (settings === null) loadPublicSettings(api).catch(() => undefined);
  }, [api, settings]);
  return settings;
}

/** The value of one public setting, or null while loading or when unavailable. */
export function usePublicSetting(key: string): string | null {
  return usePublicSettings()?.find((setting) => setting.key === key)?.value ?? null;
}

/** The support e-mail address (public setting `support_email`). */
export function useSupportEmail(): string | null {
  return usePublicSetting('support_email');
}
