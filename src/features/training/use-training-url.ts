import { useBlocker, useNavigate, useRouter, type ShouldBlockFn } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/react';
import {
  selectHasRunInProgress,
  selectIsSummary,
  selectIsTimeUp,
  selectProgress,
  selectScore,
  type PracticeSnapshot,
} from '../../../machines/practice.selectors';
import {
  parentStep,
  sameStep,
  selectEventToward,
  selectPracticeRef,
  selectStep,
} from '../../../machines/training.selectors';
import type { TrainingStep } from '../../../machines/training.types';
import { useConfirm } from '../../ui/confirm/ConfirmDialog';
import { pageHeading } from '../../ui/modal/Modal';
import { validateTrainingSearch } from './training-search';
import { trainingStepOf } from './training-step';
import type { TrainingActor } from './training.actors';

declare module '@tanstack/history' {
  interface HistoryState {
    /** On an entry of /training opened from the step above it: Back returns there. */
    trainingOpenedFromAbove?: true;
  }
}

/** How the screens move between the steps of /training; each is an entry in the history. */
export interface TrainingNavigation {
  /** A mode from the cards, a ticket or topic from its list: one more entry. */
  open: (step: TrainingStep) => void;
  /** The in-page back: the step above, as the browser's Back goes when it came from there. */
  up: () => void;
}

/**
 * Keeps the training actor on the step the URL names (the URL decides which screen shows; the
 * actor follows through its events) and moves the URL for the screens. Leaving a run part-way
 * for another step of /training, by the page's back or the browser's, asks first, as the page
 * always has; another page keeps the run for the return. `arrival` is the step of a run resumed
 * from the browser's storage: an address naming no mode follows the run, unless it is finished
 * (its summary shows) or
 * its time ran out, which the mode cards replace; an address naming another step opens that
 * step, dropping the run when nothing in it is answered and asking first when something is
 * (staying replaces the address with the run's). `stray`: the address held what names no step,
 * and loses it. This hook alone replaces the address for either.
 * `cameBack` is set while the run shown is one an address naming no step (the header's link)
 * came back to, so the page can say why it shows a run instead of the modes.
 */
export function useTrainingUrl(
  actor: TrainingActor,
  step: TrainingStep,
  arrival: TrainingStep | null,
  stray: boolean,
): {
  navigation: TrainingNavigation;
  dialog: ReactNode;
  cameBack: boolean;
  dismissCameBack: () => void;
} {
  const { t } = useTranslation('training');
  const navigate = useNavigate();
  const { history } = useRouter();
  const { confirm, dialog } = useConfirm();

  const go = useCallback(
    (to: TrainingStep, how: { replace: boolean; fromAbove: boolean }) =>
      void navigate({
        to: '/training',
        search: to,
        replace: how.replace,
        state: how.fromAbove ? { trainingOpenedFromAbove: true } : {},
      }),
    [navigate],
  );
  /** To the step above: back through the history when this entry was opened from there. */
  const goUp = useCallback(
    (from: TrainingStep) => {
      if (history.location.state.trainingOpenedFromAbove) history.back();
      else go(parentStep(from), { replace: true, fromAbove: false });
    },
    [go, history],
  );
  /** The address put right without a new entry; the run's question was asked already. */
  const settle = useCallback(
    (to: TrainingStep) =>
      void navigate({ to: '/training', search: to, replace: true, ignoreBlocker: true }),
    [navigate],
  );
  const askToLeave = useCallback(
    (run: PracticeSnapshot) =>
      confirm({
        title: t('practice.leave.title'),
        message: t('practice.leave.text', {
          answered: selectScore(run).answered,
          total: selectProgress(run).total,
        }),
        confirmLabel: t('practice.leave.confirm'),
        cancelLabel: t('practice.leave.cancel'),
        focusOnCancel: pageHeading,
      }),
    [confirm, t],
  );

  const pendingArrival = useRef(arrival);
  const [cameBackTo, setCameBackTo] = useState<TrainingStep | null>(null);
  const { mode, ticket, topic } = step;
  useEffect(() => {
    const target: TrainingStep = { mode, ticket, topic };
    let stopFollowing = () => {};
    let gone = false;
    const cleanup = () => {
      gone = true;
      stopFollowing();
    };
    const resumed = pendingArrival.current;
    if (resumed && !sameStep(resumed, target)) {
      const run = selectPracticeRef(actor.getSnapshot())?.getSnapshot();
      if (target.mode === undefined) {
        // The nav link and addresses naming no step come back to a run not yet over. A finished
        // one's summary was seen (its result saved or kept to send), and one whose time ran out
        // has nothing left to answer: the modes show.
        if (run === undefined || !(selectIsSummary(run) || selectIsTimeUp(run))) {
          setCameBackTo(resumed);
          settle(resumed);
          return cleanup;
        }
      } else if (run !== undefined && selectHasRunInProgress(run)) {
        void askToLeave(run).then((leave) => {
          if (gone) return;
          if (leave) stopFollowing = followTarget();
          else settle(resumed);
        });
        return cleanup;
      }
    }
    stopFollowing = followTarget();
    return cleanup;

    /** From here on the address leads; the actor follows it toward `target`. */
    function followTarget(): () => void {
      pendingArrival.current = null;
      setCameBackTo((shown) => (shown && sameStep(shown, target) ? shown : null));
      if (stray) settle(target);
      // Each event is sent once from each step for this URL: met again, the machine went
      // elsewhere by itself (a load failed, nothing to practise, no such ticket), and the URL
      // follows it instead.
      const sent = new Set<string>();
      let givenWay = false;
      const follow = () => {
        if (givenWay) return;
        const snapshot = actor.getSnapshot();
        const event = selectEventToward(snapshot, target);
        if (event === null) return;
        const here = selectStep(snapshot);
        const key = JSON.stringify([here, event]);
        if (!sent.has(key)) {
          sent.add(key);
          actor.send(event);
          return;
        }
        givenWay = true;
        if (sameStep(here, parentStep(target))) goUp(target);
        else go(here, { replace: true, fromAbove: false });
      };
      const subscription = actor.subscribe(follow);
      follow();
      return () => subscription.unsubscribe();
    }
  }, [actor, askToLeave, go, goUp, settle, mode, ticket, topic, stray]);

  const shouldBlockFn = useCallback<ShouldBlockFn>(
    async ({ next }) => {
      if (next.fullPath !== '/training') return false;
      const snapshot = actor.getSnapshot();
      const run = selectPracticeRef(snapshot)?.getSnapshot();
      if (run === undefined || !selectHasRunInProgress(run)) return false;
      if (
        sameStep(trainingStepOf(validateTrainingSearch({ ...next.search })), selectStep(snapshot))
      )
        return false;
      const leave = await askToLeave(run);
      return !leave;
    },
    [actor, askToLeave],
  );
  // A reload keeps the run: nothing to ask then.
  useBlocker({ shouldBlockFn, enableBeforeUnload: false });

  const navigation = useMemo<TrainingNavigation>(
    () => ({
      open: (to) => go(to, { replace: false, fromAbove: true }),
      up: () => goUp({ mode, ticket, topic }),
    }),
    [go, goUp, mode, ticket, topic],
  );
  const dismissCameBack = useCallback(() => setCameBackTo(null), []);
  return {
    navigation,
    dialog,
    cameBack: cameBackTo !== null && sameStep(cameBackTo, step),
    dismissCameBack,
  };
}
