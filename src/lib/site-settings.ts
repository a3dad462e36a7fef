import { useTranslation } from 'react-i18next';
import { usePublicSetting } from './public-settings';

/**
 * The value `site_name` has on a new installation (server/modules/settings/settings.defaults.ts;
 * a unit test keeps the two equal). The client cannot ask whether a setting was changed, only
 * read its value, so this value means "not chosen": every language then shows its own
 * translated app name. Any other name is the school's own and is shown as written everywhere.
 */
export const DEFAULT_SITE_NAME = 'Theory Trainer';

/** The name for the header, footer and tab: the administrator's `site_name`, else the translated app name. */
export function siteNameFrom(value: string | null, translatedName: string): string {
  const name = value?.trim() ?? '';
  return name === '' || name === DEFAULT_SITE_NAME ? translatedName : name;
}

export function useSiteName(): string {
  const { t } = useTranslation('common');
  return siteNameFrom(usePublicSetting('site_name'), t('appName'));
}

/**
 * Whether visitors may register. Open while unknown (loading or unavailable): that is the
 * default, and the server refuses a registration anyway when it is closed.
 */
export function useRegistrationOpen(): boolean {
  return usePublicSetting('registration_open') !== 'false';
}

/** The maintenance notice as the banner reads it: `{"enabled": boolean, "message": string}`. */
export interface Notice {
  enabled: boolean;
  message: string;
}

/**
 * A stored `maintenance_notice`; a value of another shape (stored before values were checked, or
 * edited in a SQL shell) reads as an empty notice, off: an administrator's typo must not break
 * every page.
 */
export function readNotice(value: string): Notice {
  try {
    // Any other JSON (a number, a string, an array) has neither key, and reads as off.
    const { enabled, message } = (JSON.parse(value) ?? {}) as Record<string, unknown>;
    return { enabled: enabled === true, message: typeof message === 'string' ? message : '' };
  } catch {
    return { enabled: false, message: '' };
  }
}

/** The notice's message when it is on and says something; null otherwise. */
export function maintenanceMessageFrom(value: string | null): string | null {
  const { enabled, message } = readNotice(value ?? '');
  return enabled && message.trim() !== '' ? message.trim() : null;
}

export function useMaintenanceMessage(): string | null {
  return maintenanceMessageFrom(usePublicSetting('maintenance_notice'));
}
