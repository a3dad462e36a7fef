import { useEffect } from 'react';
import { useAuthActor } from '../../lib/auth';
import { isAuthenticated, isSettled } from '../../lib/session';
import { formDraftStore } from '../../lib/form-drafts';
import { useFormDraft } from '../../lib/use-form-draft';

/** The guest forms: what one of them typed is done with once the learner is signed in by any. */
export type GuestForm = 'login' | 'register';
const GUEST_FORMS: readonly GuestForm[] = ['login', 'register'];

/**
 * A guest form's values, the `kept` ones (never a password) brought back after a reload until
 * the learner is signed in: then they have done their work and are forgotten.
 */
export function useGuestDraft<K extends string>(
  name: GuestForm,
  start: Record<K, string>,
  kept: readonly K[],
) {
  const actor = useAuthActor();
  const draft = useFormDraft(name, start, kept);
  const { forget } = draft;
  useEffect(() => {
    // The user is read before the session counts as open: a failure there leaves the form.
    const subscription = actor.subscribe((snapshot) => {
      if (!isAuthenticated(snapshot) || !isSettled(snapshot)) return;
      forget();
      // Typed on the other guest form and left there: not to be shown after a sign-out.
      for (const other of GUEST_FORMS) if (other !== name) formDraftStore(other).clear();
    });
    return () => subscription.unsubscribe();
  }, [actor, forget, name]);
  return draft;
}
