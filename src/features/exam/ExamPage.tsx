import { useActorRef } from '@xstate/react';
import { useEffect, useState } from 'react';
import { selectShouldPersist } from '../../../machines/exam.selectors';
import type { ApiClient } from '../../api';
import { useApi } from '../../lib/api-context';
import { useAuth } from '../../lib/auth';
import { inspectOptions } from '../../lib/inspector';
import { usePendingResultSync } from '../../lib/pending-results';
import { LoadingScreen } from '../../ui/layout/screens';
import { createExamLogic } from './exam.actors';
import { clearExamSnapshot, loadExamSnapshot, saveExamSnapshot } from './exam-persistence';
import { useExamRules, type ExamRules } from './exam-rules';
import { ExamView } from './ExamView';

/** /exam: the timed exam, resumed after a reload, with unsent results sent again later. */
export function ExamPage() {
  const api = useApi();
  const { user } = useAuth();
  const rules = useExamRules(api);
  const userId = user?.id ?? null;
  usePendingResultSync(api, userId);
  if (userId === null || rules === null) return <LoadingScreen />;
  return <ExamSession key={userId} api={api} userId={userId} rules={rules} />;
}

function ExamSession({ api, userId, rules }: { api: ApiClient; userId: number; rules: ExamRules }) {
  const [{ logic, snapshot }] = useState(() => {
    const created = createExamLogic(api, { userId });
    return { logic: created, snapshot: loadExamSnapshot(created, userId, rules) };
  });
  const actor = useActorRef(logic, {
    input: { timeLimitSeconds: rules.timeLimitSeconds, passPercent: rules.passPercent },
    ...(snapshot ? { snapshot } : {}),
    ...inspectOptions(),
  });

  // Kept on every change in progress (each tick too) so a reload resumes it; dropped once the
  // exam is over. While the result is being sent the last in-progress copy stays: a reload then
  // resumes the exam rather than losing it.
  useEffect(() => {
    const subscription = actor.subscribe((state) => {
      if (selectShouldPersist(state)) saveExamSnapshot(userId, actor.getPersistedSnapshot());
      else if (!state.hasTag('status:submitting')) clearExamSnapshot(userId);
    });
    return () => subscription.unsubscribe();
  }, [actor, userId]);

  return <ExamView actor={actor} rules={rules} userId={userId} />;
}
