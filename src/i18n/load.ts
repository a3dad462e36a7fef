import type { i18n as I18n } from 'i18next';
import type { Namespace } from './config';

/**
 * A page's strings could not be fetched (offline before they were kept, or the server failing):
 * the page shows an error with Try again rather than its raw keys.
 */
export class StringsUnavailableError extends Error {
  constructor(readonly namespaces: readonly Namespace[]) {
    super(`The strings of ${namespaces.join(', ')} could not be loaded`);
    this.name = 'StringsUnavailableError';
  }
}

/**
 * The namespaces i18next is done with that came in neither the user's language nor the fallback
 * (i18next counts a failed fetch as loaded, and would draw the keys). Only once initialized.
 */
export function unavailableNamespaces(i18n: I18n, namespaces: readonly Namespace[]): Namespace[] {
  return namespaces.filter(
    (namespace) =>
      i18n.hasLoadedNamespace(namespace) &&
      !i18n.languages.some((language) => i18n.hasResourceBundle(language, namespace)),
  );
}

/**
 * Loads namespaces in the user's language; waits for the instance to know that language first
 * (a route loader can run while the first namespace is still on its way). Rejects with
 * StringsUnavailableError when one could not be fetched; called again, it fetches that one again.
 */
export async function loadNamespaces(i18n: I18n, namespaces: readonly Namespace[]): Promise<void> {
  if (!i18n.isInitialized) {
    await new Promise<void>((resolve) => {
      const initialized = () => {
        i18n.off('initialized', initialized);
        resolve();
      };
      i18n.on('initialized', initialized);
    });
  }
  // i18next never asks again for a namespace whose fetch failed: a retry has to reload it.
  const failed = unavailableNamespaces(i18n, namespaces);
  if (failed.length > 0) await i18n.reloadResources([...i18n.languages], failed);
  await i18n.loadNamespaces([...namespaces]);
  const missing = unavailableNamespaces(i18n, namespaces);
  if (missing.length > 0) throw new StringsUnavailableError(missing);
}
