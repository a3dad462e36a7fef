import { TOKEN_KEY } from '../api/token-storage';
import type { AuthActor, TokenStore } from './auth';

/**
 * Follows sign-ins and sign-outs made in the browser's other tabs, so no tab goes on sending
 * one learner's work under another's session. A sign-out ends this tab's session too (the
 * guards then send it to /login, which returns here); a different token (another sign-in) starts
 * this tab over under it. Answers a function that stops following.
 */
export function followOtherTabs(
  auth: AuthActor,
  storage: TokenStore,
  startOver: () => void = () => window.location.reload(),
): () => void {
  const onStorage = (event: StorageEvent) => {
    // A null key: the other tab cleared all of storage.
    if (event.key !== TOKEN_KEY && event.key !== null) return;
    const stored = storage.get();
    if (stored === auth.getSnapshot().context.token) return;
    if (stored === null) auth.send({ type: 'session.endedElsewhere' });
    else startOver();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
