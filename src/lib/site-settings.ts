import { useTranslation } from '../i18n/react';
import { usePublicSetting, usePublicSettings } from './public-settings';
import { LANGUAGES, type Language, toLanguage } from '../i18n/config';

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
 * The maintenance notice as the banner reads it: `{"enabled": boolean, "message": string}`, and
 * optionally `messages`, a text per interface language shown instead of `message` to readers
 * of that language (a notice saved before there were such texts has none).
 */
export interface Notice {
  enabled: boolean;
  message: string;
  messages: Partial<Record<Language, string>>;
}

/**
 * A stored `maintenance_notice`; a value of another shape (stored before values were checked, or
 * edited in a SQL shell) reads as an empty notice, off: an administrator's typo must not break
 * every page.
 */
export function readNotice(value: string): Notice {
  try {
    // Any other JSON (a number, a string, an array) has neither key, and reads as off.
    const { enabled, message, messages } = (JSON.parse(value) ?? {}) as Record<string, unknown>;
    const texts: Partial<Record<Language, string>> = {};
    if (typeof messages === 'object' && messages !== null)
      for (const language of LANGUAGES) {
        const text = (messages as Record<string, unknown>)[language];
        if (typeof text === 'string') texts[language] = text;
      }
    return {
      enabled: enabled === true,
      message: typeof message === 'string' ? message : '',
      messages: texts,
    };
  } catch {
    return { enabled: false, message: '', messages: {} };
  }
}

/**
 * The notice's text for a reader of `language` when it is on: that language's own text, else
 * the general `message`; null when off or with nothing to say.
 */
export function maintenanceMessageFrom(value: string | null, language: Language): string | null {
  const { enabled, message, messages } = readNotice(value ?? '');
  const text = messages[language]?.trim() || message.trim();
  return enabled && text !== '' ? text : null;
}

export function useMaintenanceMessage(): string | null {
  const { i18n } = useTranslation();
  return maintenanceMessageFrom(
    usePublicSetting('maintenance_notice'),
    toLanguage(i18n.resolvedLanguage ?? i18n.language),
  );
}

/** One line of the donation details: what it is ("Bank transfer") and its details. */
export interface DonationLine {
  label: string;
  details: string;
}

/**
 * The `donation_details` lines for a reader of `language`: that language's text, else the
 * English one, else any; a line `label: details` splits at its first colon and space (so a link's
 * `https://` stays whole). No text: no lines, and no page.
 */
export function donationLinesFrom(value: string | null, language: Language): DonationLine[] {
  let texts: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(value ?? '{}');
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed))
      texts = parsed as Record<string, unknown>;
  } catch {
    // A value of another shape offers nothing rather than breaking the page.
  }
  const textIn = (code: string) => {
    const text = texts[code];
    return typeof text === 'string' && text.trim() !== '' ? text : undefined;
  };
  const text = textIn(language) ?? textIn('en') ?? LANGUAGES.map(textIn).find(Boolean) ?? '';
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => {
      const at = line.indexOf(': ');
      return at > 0
        ? { label: line.slice(0, at).trim(), details: line.slice(at + 2).trim() }
        : { label: '', details: line };
    });
}

/** The donation lines in the reader's language; null while the settings load. */
export function useDonationLines(): DonationLine[] | null {
  const { i18n } = useTranslation();
  const value = usePublicSetting('donation_details');
  const settings = usePublicSettings();
  if (settings === null) return null;
  return donationLinesFrom(value, toLanguage(i18n.resolvedLanguage ?? i18n.language));
}

/** Whether the school takes donations: links lead to the page only then. */
export function useOffersDonations(): boolean {
  return (useDonationLines()?.length ?? 0) > 0;
}
