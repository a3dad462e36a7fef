import { useEffect } from 'react';
import { isAuthenticated, isSettled, useAuthActor } from '../../lib/auth';
import { useFormDraft } from '../../lib/use-form-draft';

/**
 * A guest form's values, the `kept` ones (never a password) brought back after a reload until
 * the learner is signed in: then they have done their work and are forgotten.
 */
export function useGuestDraft<K extends string>(
  name: string,
  start: Record<K, string>,
  kept: readonly K[],
) {
  const actor = useAuthActor();
  const draft = useFormDraft(name, start, kept);
  const { forget } = draft;
  useEffect(() => {
    // The user is read before the session counts as open: a failure there leaves the form.
    const subscription = actor.subscribe((snapshot) => {
      if (isAuthenticated(snapshot) && isSettled(snapshot)) forget();
    });
    return () => subscription.unsubscribe();
  }, [actor, forget]);
  return draft;
}
