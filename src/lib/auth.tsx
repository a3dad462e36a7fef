import { useSelector } from '@xstate/react';
import { createActor, fromPromise, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { authMachine } from '../../machines/auth.machine';
import type { LoginRequest, RegisterRequest } from '../../machines/auth.types';
import { unwrap, type ApiClient } from '../api';
import { forgetAllDrafts } from './draft-keys';
import { inspectOptions } from './inspector';
import { forgetKeptUser, readCurrentUser } from './kept-user';
import { useOptionalSession, useSessionActor, useSignedIn, type SignedIn } from './session';

export type AuthActor = ActorRefFrom<typeof authMachine>;
export type AuthSnapshot = SnapshotFrom<typeof authMachine>;

export interface TokenStore {
  get(): string | null;
  set(token: string): void;
  remove(): void;
}

/** The auth machine with its real API calls and storage; started by the caller. */
export function createAuthActor(api: ApiClient, storage: TokenStore): AuthActor {
  const machine = authMachine.provide({
    actors: {
      fetchCurrentUser: fromPromise(({ signal }) => readCurrentUser(api, storage.get(), signal)),
      login: fromPromise(({ input }: { input: LoginRequest }) =>
        unwrap(api.POST('/auth/login', { body: input })),
      ),
      register: fromPromise(({ input }: { input: RegisterRequest }) =>
        unwrap(api.POST('/auth/register', { body: input })),
      ),
    },
    actions: {
      persistToken: (_, params) => storage.set(params.token),
      forgetToken: () => {
        storage.remove();
        forgetKeptUser();
      },
      forgetDrafts: forgetAllDrafts,
      revokeToken: (_, { token }) => {
        if (!token) return;
        // The token named here, not the stored one (already forgotten, or another session's);
        // kept alive should the page be closed right after. Failing changes nothing here: the
        // session has ended in this browser, and the token expires in time.
        void api
          .POST('/auth/logout', { headers: { Authorization: `Bearer ${token}` }, keepalive: true })
          .catch(() => undefined);
      },
      reportRestoreFailure: (_, params) => {
        console.warn('Session restore failed; signed out.', params.error);
      },
    },
  });
  return createActor(machine, { input: { storedToken: storage.get() }, ...inspectOptions() });
}

/** The auth actor of a page whose guard started it (requireUser, requireGuest). */
export function useAuthActor(): AuthActor {
  const actor = useSessionActor(useOptionalSession());
  if (!actor) throw new Error('useAuthActor needs a <SessionProvider> whose actor has started');
  return actor;
}

export interface AuthView extends SignedIn {
  loading: boolean;
  error: AuthSnapshot['context']['error'];
}

/** The auth state as screens read it. */
export function useAuth(): AuthView & { actor: AuthActor } {
  const actor = useAuthActor();
  const signedIn = useSignedIn();
  const loading = useSelector(actor, (s) => s.hasTag('status:loading'));
  const error = useSelector(actor, (s) => s.context.error);
  return { actor, ...signedIn, loading, error };
}
