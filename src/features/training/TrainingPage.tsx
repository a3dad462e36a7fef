import { useActorRef } from '@xstate/react';
import { useEffect, useState } from 'react';
import type { Subscription } from 'xstate';
import { selectPracticeRef, selectStep } from '../../../machines/training.selectors';
import type { TrainingStep } from '../../../machines/training.types';
import type { ApiClient } from '../../api';
import { useApi } from '../../lib/api-context';
import { useAuth } from '../../lib/auth';
import { useBankSize } from '../../lib/bank-size';
import { usePublicSettings } from '../../lib/public-settings';
import { inspectOptions } from '../../lib/inspector';
import { usePendingResultSync } from '../../lib/pending-results';
import { savedSnapshot } from '../../lib/saved-snapshot';
import { LoadingScreen } from '../../ui/layout/screens';
import { createTrainingLogic, type TrainingLogic } from './training.actors';
import { modeFactsFrom } from './mode-facts';
import { TrainingView } from './TrainingView';
import { useTrainingUrl } from './use-training-url';

/** One run in practice per learner and browser, with the list or intro it was started from. */
const savedRun = savedSnapshot<TrainingLogic>(
  'training.run',
  (snapshot) => snapshot.hasTag('screen:practice') && selectPracticeRef(snapshot) !== undefined,
);

/**
 * /training: the mode cards, each mode's intro or list, and practice, resumed after a reload.
 * `step` is where the URL says the learner is; `stray`: the URL also held what names no step.
 */
export function TrainingPage({ step, stray }: { step: TrainingStep; stray: boolean }) {
  const api = useApi();
  const { user } = useAuth();
  const userId = user?.id ?? null;
  usePendingResultSync(api, userId);
  if (userId === null) return <LoadingScreen />;
  return <TrainingSession key={userId} api={api} userId={userId} step={step} stray={stray} />;
}

function TrainingSession({
  api,
  userId,
  step,
  stray,
}: {
  api: ApiClient;
  userId: number;
  step: TrainingStep;
  stray: boolean;
}) {
  const [{ logic, snapshot }] = useState(() => {
    const created = createTrainingLogic(api, { userId });
    return { logic: created, snapshot: savedRun.load(created, userId) };
  });
  const actor = useActorRef(logic, { ...(snapshot ? { snapshot } : {}), ...inspectOptions() });
  // Where a run resumed from the browser's storage is: the URL may name it, nothing or elsewhere.
  const [resumedAt] = useState(() => (snapshot ? selectStep(actor.getSnapshot()) : null));
  const { navigation, dialog, cameBack, dismissCameBack } = useTrainingUrl(
    actor,
    step,
    resumedAt,
    stray,
  );
  const publicSettings = usePublicSettings();
  const bankSize = useBankSize(api, true);

  // Kept on every change of the run (each answer, each tick of a countdown) so a reload or a
  // visit elsewhere returns to the same question; dropped on any other screen. The run lives in
  // the `practice` child, whose changes the training actor does not report: both are watched.
  useEffect(() => {
    let watchedRun: ReturnType<typeof selectPracticeRef> = undefined;
    let runSubscription: Subscription | null = null;
    const keep = () => {
      const state = actor.getSnapshot();
      if (state.hasTag('screen:practice')) savedRun.save(userId, actor.getPersistedSnapshot());
      else savedRun.clear(userId);
    };
    const watch = () => {
      const run = selectPracticeRef(actor.getSnapshot());
      if (run !== watchedRun) {
        runSubscription?.unsubscribe();
        watchedRun = run;
        runSubscription = run ? run.subscribe(keep) : null;
      }
      keep();
    };
    const subscription = actor.subscribe(watch);
    watch();
    return () => {
      subscription.unsubscribe();
      runSubscription?.unsubscribe();
    };
  }, [actor, userId]);

  return (
    <>
      <TrainingView
        actor={actor}
        navigation={navigation}
        userId={userId}
        facts={modeFactsFrom(publicSettings, bankSize)}
        cameBack={cameBack ? dismissCameBack : null}
      />
      {dialog}
    </>
  );
}
