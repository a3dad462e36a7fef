import { loadNamespaces, type Namespace } from '../../i18n';
import type { RouterContext } from './router-context';

/**
 * A route loader that fetches the page's namespaces while the page's code chunk downloads, so
 * the page renders in one go instead of suspending on its strings afterwards.
 */
export function translations(...namespaces: Namespace[]) {
  return ({ context }: { context: RouterContext }): Promise<void> =>
    loadNamespaces(context.i18n, namespaces);
}
