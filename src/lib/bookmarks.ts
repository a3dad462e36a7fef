import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from '../i18n/react';
import { unwrap, type ApiClient } from '../api';
import { useNotify } from '../ui/notifications/Notifications';
import { useOptionalApi } from './api-context';
import { useSignedIn } from './session';
import { useFailureReason } from './failure-message';
import { joinSentences } from '../i18n/sentences';

/**
 * The learner's bookmarks (the questions they starred), kept on the server per learner and
 * read once per learner and page: every star on screen (training, an exam's review, the
 * question list) shows and changes the same set. A star changes at once and goes back, with a
 * notice, when the server does not take it.
 */
interface Store {
  userId: number;
  ids: Set<number>;
  /** Asked of the server and answered (or failed): until then a star's state is not known. */
  settled: boolean;
}

let store: Store | null = null;
const listeners = new Set<() => void>();

function publish(next: Store): void {
  store = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function load(api: ApiClient, userId: number): void {
  publish({ userId, ids: new Set(), settled: false });
  unwrap(api.GET('/bookmarks')).then(
    (list) => {
      if (store?.userId === userId)
        publish({ userId, ids: new Set([...store.ids, ...list.question_ids]), settled: true });
    },
    // Unread, no star shows as set; starring still works, and the next page load asks again.
    () => {
      if (store?.userId === userId) publish({ ...store, settled: true });
    },
  );
}

function withId(ids: Set<number>, id: number, on: boolean): Set<number> {
  const next = new Set(ids);
  if (on) next.add(id);
  else next.delete(id);
  return next;
}

/**
 * Whether `questionId` is starred, and the toggle that stars or unstars it; `available` is
 * false with no signed-in learner (or outside the app's providers): no star is offered then.
 * `known` is false while the learner's bookmarks are still being read: a star shown then would
 * say "not starred" of a starred question.
 */
export function useBookmark(questionId: number): {
  available: boolean;
  known: boolean;
  bookmarked: boolean;
  toggle: () => void;
} {
  const api = useOptionalApi();
  const notify = useNotify();
  const { t, i18n } = useTranslation('parts');
  const failureReason = useFailureReason();
  const userId = useSignedIn().user?.id ?? null;
  const current = useSyncExternalStore(subscribe, () => store);
  useEffect(() => {
    if (api && userId !== null && store?.userId !== userId) load(api, userId);
  }, [api, userId]);
  const mine = current?.userId === userId ? current : null;
  const bookmarked = mine?.ids.has(questionId) ?? false;
  const toggle = useCallback(() => {
    if (!api || userId === null || store?.userId !== userId) return;
    const on = !store.ids.has(questionId);
    publish({ ...store, ids: withId(store.ids, questionId, on) });
    const call = on
      ? api.PUT('/bookmarks/{question_id}', { params: { path: { question_id: questionId } } })
      : api.DELETE('/bookmarks/{question_id}', { params: { path: { question_id: questionId } } });
    unwrap(call).catch((error: unknown) => {
      if (store?.userId === userId) publish({ ...store, ids: withId(store.ids, questionId, !on) });
      // Why, where it is known: offline, the learner is told so rather than to try again now.
      const reason = failureReason(error);
      notify.error(
        reason
          ? joinSentences(i18n.language, [t('bookmark.notSaved'), reason])
          : t('bookmark.failed'),
        'bookmark',
      );
    });
  }, [api, failureReason, i18n, notify, questionId, t, userId]);
  return {
    available: api !== null && userId !== null,
    known: mine?.settled ?? false,
    bookmarked,
    toggle,
  };
}
