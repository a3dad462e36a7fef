import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import type { ApiClient } from '../../api';
import { useApi } from '../../lib/api-context';
import { useAuth } from '../../lib/auth';
import { inspectOptions } from '../../lib/inspector';
import { usePendingResultSync } from '../../lib/pending-results';
import { LoadingScreen } from '../../ui/layout/screens';
import { createTrainingLogic } from './training.actors';
import { TrainingView } from './TrainingView';

/** /training: the mode cards, each mode's intro or list, and practice. */
export function TrainingPage() {
  const api = useApi();
  const { user } = useAuth();
  const userId = user?.id ?? null;
  usePendingResultSync(api, userId);
  if (userId === null) return <LoadingScreen />;
  return <TrainingSession key={userId} api={api} userId={userId} />;
}

function TrainingSession({ api, userId }: { api: ApiClient; userId: number }) {
  const [logic] = useState(() => createTrainingLogic(api, { userId }));
  const actor = useActorRef(logic, { ...inspectOptions() });
  return <TrainingView actor={actor} />;
}
