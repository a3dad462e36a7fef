import { useActorRef } from '@xstate/react';
import { useEffect, useState } from 'react';
import type { SnapshotFrom, Subscription } from 'xstate';
import { selectPracticeRef, selectStep } from '../../../machines/training.selectors';
import type { TrainingStep } from '../../../machines/training.types';
import type { ApiClient } from '../../api';
import { useApi } from '../../lib/api-context';
import { useAuth } from '../../lib/auth';
import { useBankSize } from '../../lib/bank-size';
import { usePublicSettings } from '../../lib/public-settings';
import { useContentLanguage } from '../../lib/question-languages';
import { inspectOptions } from '../../lib/inspector';
import { usePendingResultSync } from '../../lib/pending-results';
import { savedSnapshot, type SavedSnapshot } from '../../lib/saved-snapshot';
import { useLearnerCourse, type Course } from '../../lib/learner-course';
import { LoadingScreen } from '../../ui/layout/screens';
import { createTrainingLogic, type TrainingLogic } from './training.actors';
import { modeFactsFrom } from './mode-facts';
import { TrainingView } from './TrainingView';
import { useTrainingUrl } from './use-training-url';

const isRunInPractice = (snapshot: SnapshotFrom<TrainingLogic>) =>
  snapshot.hasTag('screen:practice') && selectPracticeRef(snapshot) !== undefined;

/** The default course's runs keep the name they had before courses (a run kept then resumes). */
const defaultCourseRun = savedSnapshot<TrainingLogic>('training.run', isRunInPractice);
const courseRuns = new Map<number, SavedSnapshot<TrainingLogic>>();

/**
 * One run in practice per learner, course and browser, with the list or intro it was started
 * from: a learner who changes course finds that course's run, and the other one on return.
 */
function savedRunOf(course: Course): SavedSnapshot<TrainingLogic> {
  if (course.is_default) return defaultCourseRun;
  let saved = courseRuns.get(course.id);
  if (!saved) {
    saved = savedSnapshot<TrainingLogic>(`training.run.course${course.id}`, isRunInPractice);
    courseRuns.set(course.id, saved);
  }
  return saved;
}

/**
 * /training: the mode cards, each mode's intro or list, and practice, resumed after a reload.
 * `step` is where the URL says the learner is; `stray`: the URL also held what names no step.
 */
export function TrainingPage({ step, stray }: { step: TrainingStep; stray: boolean }) {
  const api = useApi();
  const { user } = useAuth();
  const userId = user?.id ?? null;
  // The run kept in the browser is the learner's course's: known once the courses are read.
  const course = useLearnerCourse();
  usePendingResultSync(api, userId);
  if (userId === null || course === null) return <LoadingScreen />;
  return (
    <TrainingSession
      // Another account or another course is another session, with its own kept run.
      key={`${userId}.${course.id}`}
      api={api}
      userId={userId}
      savedRun={savedRunOf(course)}
      step={step}
      stray={stray}
    />
  );
}

function TrainingSession({
  api,
  userId,
  savedRun,
  step,
  stray,
}: {
  api: ApiClient;
  userId: number;
  savedRun: SavedSnapshot<TrainingLogic>;
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
  const reading = useContentLanguage();

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
  }, [actor, userId, savedRun]);

  return (
    <>
      <TrainingView
        actor={actor}
        navigation={navigation}
        userId={userId}
        facts={modeFactsFrom(publicSettings, bankSize)}
        cameBack={cameBack ? dismissCameBack : null}
        reading={reading}
      />
      {dialog}
    </>
  );
}
