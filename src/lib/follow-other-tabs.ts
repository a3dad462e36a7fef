import type { i18n as I18n } from 'i18next';
import { TOKEN_KEY } from '../api/token-storage';
import { LANGUAGES } from '../i18n/config';
import { LANGUAGE_STORAGE_KEY } from '../i18n/browser';
import { setTheme, THEME_STORAGE_KEY } from '../theme/theme';
import type { TokenStore } from './auth';
import type { Session } from './session';

/**
 * Follows sign-ins and sign-outs made in the browser's other tabs, so no tab goes on sending
 * one learner's work under another's session. A sign-out ends this tab's session too (the
 * guards then send it to /login, which returns here); a different token (another sign-in) starts
 * this tab over under it. Answers a function that stops following.
 */
export function followOtherTabs(
  session: Session,
  storage: TokenStore,
  startOver: () => void = () => window.location.reload(),
): () => void {
  const onStorage = (event: StorageEvent) => {
    // A null key: the other tab cleared all of storage.
    if (event.key !== TOKEN_KEY && event.key !== null) return;
    const stored = storage.get();
    if (stored === session.token) return;
    if (stored === null) session.actor?.send({ type: 'session.endedElsewhere' });
    else startOver();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}

/**
 * Follows the theme and language picked in the browser's other tabs, so every open tab of the
 * app looks and speaks alike. Answers a function that stops following.
 */
export function followOtherTabsChoices(i18n: I18n): () => void {
  const onStorage = (event: StorageEvent) => {
    const picked = event.newValue;
    // Stored again as it is: an unchanged value tells no other tab.
    if (event.key === THEME_STORAGE_KEY && (picked === 'light' || picked === 'dark')) {
      setTheme(picked);
    }
    const language = picked;
    if (
      event.key === LANGUAGE_STORAGE_KEY &&
      language !== null &&
      (LANGUAGES as readonly string[]).includes(language) &&
      language !== i18n.resolvedLanguage
    ) {
      void i18n.changeLanguage(language);
    }
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
