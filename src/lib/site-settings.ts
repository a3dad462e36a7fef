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

/**
 * The message of `maintenance_notice` (`{"enabled": true, "message": "..."}`) when it is on and
 * says something; null otherwise, and for a value that is not such JSON (an administrator's typo
 * must not break every page).
 */
export function maintenanceMessageFrom(value: string | null): string | null {
  if (value === null) return null;
  let notice: unknown;
  try {
    notice = JSON.parse(value);
  } catch {
    return null;
  }
  if (typeof notice !== 'object' || notice === null) return null;
  const { enabled, message } = notice as { enabled?: unknown; message?: unknown };
  if (enabled !== true || typeof message !== 'string' || message.trim() === '') return null;
  return message.trim();
}

export function useMaintenanceMessage(): string | null {
  return maintenanceMessageFrom(usePublicSetting('maintenance_notice'));
}
