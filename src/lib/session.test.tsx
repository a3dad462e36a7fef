import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { authMachine } from '../../machines/auth.machine';
import { userFixture } from '../test/fixtures';
import type { AuthActor } from './auth';
import { createSession, SessionProvider, useSignedIn, type Session } from './session';

afterEach(cleanup);

const ada = userFixture({ first_name: 'Ada' });

/** An auth actor (unstarted) whose restore answers `ada`, or waits for `restored` when given. */
function authActor(storedToken: string | null, restored?: Promise<typeof ada>): AuthActor {
  const machine = authMachine.provide({
    actors: { fetchCurrentUser: fromPromise(() => restored ?? Promise.resolve(ada)) },
  });
  return createActor(machine, { input: { storedToken } });
}

function SignedInLine() {
  const { user, isAuthenticated } = useSignedIn();
  return <p>{isAuthenticated ? `signed in: ${user?.first_name ?? '…'}` : 'guest'}</p>;
}

describe('the session', () => {
  it('makes no auth actor until a page asks for one, and holds the token stored at start', () => {
    const createAuth = vi.fn(async () => authActor('stored'));
    const session = createSession(createAuth, 'stored');
    expect(session.actor).toBeNull();
    expect(session.token).toBe('stored');
    expect(createAuth).not.toHaveBeenCalled();
  });

  it('makes and starts one actor however often it is asked, and tells its listeners', async () => {
    const actor = authActor(null);
    const createAuth = vi.fn(async () => actor);
    const session = createSession(createAuth, null);
    const listener = vi.fn();
    session.subscribe(listener);
    const [first, second] = await Promise.all([session.load(), session.load()]);
    expect(first).toBe(actor);
    expect(second).toBe(actor);
    expect(await session.load()).toBe(actor);
    expect(createAuth).toHaveBeenCalledTimes(1);
    expect(session.actor).toBe(actor);
    expect(actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(listener).toHaveBeenCalled();
  });

  it('asks for the code again after a load that failed', async () => {
    const actor = authActor(null);
    const createAuth = vi
      .fn<() => Promise<AuthActor>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce(actor);
    const session = createSession(createAuth, null);
    await expect(session.load()).rejects.toThrow('Failed to fetch');
    expect(session.actor).toBeNull();
    expect(await session.load()).toBe(actor);
    expect(createAuth).toHaveBeenCalledTimes(2);
  });

  it('settles once a stored session is restored, and then holds the actor’s token', async () => {
    let restore: (user: typeof ada) => void = () => undefined;
    const restored = new Promise<typeof ada>((resolve) => (restore = resolve));
    const session = createSession(async () => authActor('stored', restored), 'stored');
    let settled = false;
    const settling = session.settled().then((snapshot) => {
      settled = true;
      return snapshot;
    });
    await session.load();
    await Promise.resolve();
    expect(settled).toBe(false);
    restore(ada);
    const snapshot = await settling;
    expect(snapshot.context.user?.first_name).toBe('Ada');
    expect(session.token).toBe('stored');
    session.actor?.send({ type: 'session.renewed', token: 'renewed' });
    expect(session.token).toBe('renewed');
  });

  it('counts a tab opened with a stored session as signed in while the auth code comes', () => {
    const never = () => new Promise<AuthActor>(() => undefined);
    render(
      <SessionProvider session={createSession(never, 'stored')}>
        <SignedInLine />
      </SessionProvider>,
    );
    expect(screen.getByText('signed in: …')).toBeTruthy();
    cleanup();
    render(
      <SessionProvider session={createSession(never, null)}>
        <SignedInLine />
      </SessionProvider>,
    );
    expect(screen.getByText('guest')).toBeTruthy();
  });

  it('names the learner once the actor has restored a stored session, and a guest after sign-out', async () => {
    const session: Session = createSession(async () => authActor('stored'), 'stored');
    render(
      <SessionProvider session={session}>
        <SignedInLine />
      </SessionProvider>,
    );
    expect(screen.getByText('signed in: …')).toBeTruthy();
    await act(async () => {
      await session.settled();
    });
    expect(screen.getByText('signed in: Ada')).toBeTruthy();
    act(() => session.actor?.send({ type: 'user.logout' }));
    expect(screen.getByText('guest')).toBeTruthy();
  });
});
