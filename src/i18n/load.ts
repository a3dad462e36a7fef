import type { i18n as I18n } from 'i18next';
import type { Namespace } from './config';

/**
 * Loads namespaces in the user's language; waits for the instance to know that language first
 * (a route loader can run while the first namespace is still on its way).
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
  await i18n.loadNamespaces([...namespaces]);
}
