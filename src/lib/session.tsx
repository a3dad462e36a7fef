import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { ApiClient, User } from '../api';
import type { AuthActor, AuthSnapshot, TokenStore } from './auth';

/**
 * The session as the app's frame holds it: the auth machine's actor, whose code (the machine
 * and XState) is loaded only once something needs it. A stored session is restored at start
 * (src/main.tsx), and every page that signs in or needs a user asks for it in its guard; a
 * guest reading a public page (the landing page, help, the legal pages) goes without it.
 */
export interface Session {
  /** The started auth actor, or null while none has been needed. */
  readonly actor: AuthActor | null;
  /**
   * The token this tab's session holds: the actor's, or before it starts the one stored when
   * the tab opened (which the actor starts from).
   */
  readonly token: string | null;
  /** Starts the auth actor, loading its code the first time; the same actor ever after. */
  load(): Promise<AuthActor>;
  /** The actor's state once a stored session is restored (or found invalid). */
  settled(): Promise<AuthSnapshot>;
  /** Calls `listener` when the actor starts and at each of its changes; answers a stop. */
  subscribe(listener: () => void): () => void;
}

export const isAuthenticated = (snapshot: AuthSnapshot) => snapshot.hasTag('session:authenticated');
export const isSettled = (snapshot: AuthSnapshot) => !snapshot.hasTag('status:restoring');

// XState's own waitFor would bring XState into the entry, which this module is part of.
function settledSnapshot(actor: AuthActor): Promise<AuthSnapshot> {
  return new Promise((resolve) => {
    const now = actor.getSnapshot();
    if (isSettled(now)) {
      resolve(now);
      return;
    }
    const subscription = actor.subscribe((snapshot) => {
      if (!isSettled(snapshot)) return;
      subscription.unsubscribe();
      resolve(snapshot);
    });
  });
}

function sessionFrom(
  createActor: () => Promise<AuthActor>,
  started: AuthActor | null,
  storedToken: string | null,
): Session {
  let actor = started;
  let starting: Promise<AuthActor> | null = started ? Promise.resolve(started) : null;
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());
  started?.subscribe(notify);
  const session: Session = {
    get actor() {
      return actor;
    },
    get token() {
      return actor ? actor.getSnapshot().context.token : storedToken;
    },
    load() {
      starting ??= createActor().then(
        (created) => {
          actor = created;
          created.subscribe(notify);
          created.start();
          notify();
          return created;
        },
        (error: unknown) => {
          // The code did not come (offline, or a new version replaced it): the next page asks again.
          starting = null;
          throw error;
        },
      );
      return starting;
    },
    settled: async () => settledSnapshot(await session.load()),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return session;
}

/**
 * A session whose actor `createActor` makes (unstarted, from the token then stored) when first
 * needed; `storedToken` is the token stored now.
 */
export function createSession(
  createActor: () => Promise<AuthActor>,
  storedToken: string | null,
): Session {
  return sessionFrom(createActor, null, storedToken);
}

/**
 * The app's session: the auth machine's code is fetched at once when a session is stored (to
 * restore it), else when a page first asks for it.
 */
export function appSession(api: ApiClient, storage: TokenStore): Session {
  const session = createSession(async () => {
    const { createAuthActor } = await import('./auth');
    return createAuthActor(api, storage);
  }, storage.get());
  if (session.token !== null) session.load().catch(console.error);
  return session;
}

/** A session holding an actor already started: a component's test renders with it. */
export function sessionWith(actor: AuthActor): Session {
  return sessionFrom(() => Promise.resolve(actor), actor, null);
}

const SessionContext = createContext<Session | null>(null);

export function SessionProvider({ session, children }: { session: Session; children: ReactNode }) {
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

/** The session, or null outside a <SessionProvider> (a component shown on its own in a test). */
export function useOptionalSession(): Session | null {
  return useContext(SessionContext);
}

const noChange = () => () => undefined;

/** The actor as the session holds it now, drawn again when it starts; null before. */
export function useSessionActor(session: Session | null): AuthActor | null {
  return useSyncExternalStore(session?.subscribe ?? noChange, () => session?.actor ?? null);
}

export interface SignedIn {
  /** Null for a guest, and while a stored session is restored. */
  user: User | null;
  /**
   * True from the start of a stored session's restoring on, as the auth machine has it; before
   * the machine's code has come, true for a tab opened with a stored session.
   */
  isAuthenticated: boolean;
  isAdmin: boolean;
}

/**
 * The session as the app's frame reads it (the header, the landing page, the status banner),
 * without loading the auth code (see `SignedIn` for a tab whose actor has not started).
 */
export function useSignedIn(): SignedIn {
  const session = useOptionalSession();
  const subscribe = session?.subscribe ?? noChange;
  const snapshotOf = () => session?.actor?.getSnapshot();
  const user = useSyncExternalStore(subscribe, () => snapshotOf()?.context.user ?? null);
  const authenticated = useSyncExternalStore(subscribe, () => {
    const snapshot = snapshotOf();
    return snapshot ? isAuthenticated(snapshot) : (session?.token ?? null) !== null;
  });
  return { user, isAuthenticated: authenticated, isAdmin: user?.is_admin === true };
}
