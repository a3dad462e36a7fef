import { useEffect, useState } from 'react';
import { unwrap, type ApiClient, type Setting } from '../api';
import { useApi } from './api-context';

let cache: Promise<Setting[]> | null = null;

/** The public settings (GET /settings?public_only=true), fetched once per page load. */
export function loadPublicSettings(api: ApiClient): Promise<Setting[]> {
  cache ??= unwrap(api.GET('/settings', { params: { query: { public_only: true } } })).catch(
    (error: unknown) => {
      cache = null;
      throw error;
    },
  );
  return cache;
}

/** Forgets the cached settings (tests, or after an administrator changes them). */
export function resetPublicSettings(): void {
  cache = null;
}

/** The value of one public setting, or null while loading or when unavailable. */
export function usePublicSetting(key: string): string | null {
  const api = useApi();
  const [value, setValue] = useState<string | null>(null);
  useEffect(() => {
    let active = true;
    loadPublicSettings(api).then(
      (settings) => {
        if (active) setValue(settings.find((setting) => setting.key === key)?.value ?? null);
      },
      () => {
        if (active) setValue(null);
      },
    );
    return () => {
      active = false;
    };
  }, [api, key]);
  return value;
}

/** The support e-mail address (public setting `support_email`). */
export function useSupportEmail(): string | null {
  return usePublicSetting('support_email');
}
