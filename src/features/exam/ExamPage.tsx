import { Link } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { selectShouldPersist } from '../../../machines/exam.selectors';
import { savedExam } from '../../lib/saved-exam';
import type { ApiClient } from '../../api';
import { useApi } from '../../lib/api-context';
import { useAuth } from '../../lib/auth';
import { inspectOptions } from '../../lib/inspector';
import { type Course, useLearnerCourse } from '../../lib/learner-course';
import { useContentLanguage } from '../../lib/question-languages';
import { examLanguageChoice } from './exam-language';
import { usePendingResultSync } from '../../lib/pending-results';
import { Button, buttonClass } from '../../ui/button/Button';
import { LoadingScreen } from '../../ui/layout/screens';
import { createExamLogic } from './exam.actors';
import { examPlanOf, type ExamPlan } from '../../lib/exam-rules';
import { type ExamLanguages, ExamView } from './ExamView';
import { useLeaveExamGuard } from './use-leave-exam-guard';
import { useKeepPreparedExam } from '../../lib/offline-course';
import { usePreparedExam } from '../../lib/prepared-exam';
import { useOnline } from '../../lib/service-worker';
import { useTabHolder } from '../../lib/tab-holder';
import { pageStyles } from '../../ui/page/PageHeader';
import { Card } from '../../ui/card/Card';

/**
 * /exam: the timed exam by the learner's course's rules, resumed after a reload (by the rules it
 * started with), with unsent results sent again later.
 */
export function ExamPage() {
  const api = useApi();
  const { user } = useAuth();
  const course = useLearnerCourse();
  const userId = user?.id ?? null;
  usePendingResultSync(api, userId);
  if (userId === null || course === null) return <LoadingScreen />;
  const plan = examPlanOf(course);
  // A new course, or new rules for it, is a new exam: the intro states the rules it will run by.
  // (An exam in progress is kept on every change and resumes as it was.)
  const key = `${userId}.${course.id}.${JSON.stringify(plan)}`;
  return <ExamSession key={key} api={api} userId={userId} plan={plan} course={course} />;
}

function ExamSession({
  api,
  userId,
  plan,
  course,
}: {
  api: ApiClient;
  userId: number;
  plan: ExamPlan;
  course: Course;
}) {
  const [{ logic, snapshot }] = useState(() => {
    // Sat in the exam's language when the learner chose it on the intro, else in their own.
    const language = () =>
      examLanguageChoice(userId, course.id) === 'exam' ? course.language : undefined;
    const created = createExamLogic(api, { userId, courseId: course.id, language });
    return { logic: created, snapshot: savedExam.load(created, userId, { rules: plan.rules }) };
  });
  const actor = useActorRef(logic, {
    input: { rules: plan.rules },
    ...(snapshot ? { snapshot } : {}),
    ...inspectOptions(),
  });

  // The exam is kept for every tab of the browser alike: once another tab opens /exam, this one
  // stops (its clock and its writes), and offers to continue here from where that tab left it.
  const holder = useTabHolder(`exam.tab.${userId}`);
  const held = useRef(true);
  useEffect(() => {
    held.current = holder.held;
    if (!holder.held) actor.stop();
  }, [actor, holder.held]);

  // Kept on every change in progress (each tick too) so a reload resumes it, and on the result so
  // a reload shows it again; dropped on a new start. While the result is being sent the last
  // in-progress copy stays: a reload then resumes the exam rather than losing it.
  useEffect(() => {
    const subscription = actor.subscribe((state) => {
      if (!held.current) return;
      if (selectShouldPersist(state)) savedExam.save(userId, actor.getPersistedSnapshot());
      else if (!state.hasTag('status:submitting')) savedExam.clear(userId);
    });
    return () => subscription.unsubscribe();
  }, [actor, userId]);

  // Leaving /exam drops a result, so the next visit starts at the intro; an exam in progress stays.
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      const state = actor.getSnapshot();
      const finished = state.hasTag('status:finished') || state.hasTag('status:review');
      // Deferred: React's development double mount unmounts and mounts again at once.
      setTimeout(() => {
        if (finished && held.current && !mounted.current) savedExam.clear(userId);
      }, 0);
    };
  }, [actor, userId]);

  // An exam drawn ahead, for a start with no connection, while the course is kept here.
  useKeepPreparedExam(api, userId, course.id);
  const online = useOnline();
  // A start that failed for want of a connection may work now: the intro stops saying it failed.
  useEffect(() => {
    if (online) actor.send({ type: 'connection.restored' });
  }, [actor, online]);
  const prepared = usePreparedExam(userId, course.id);
  const offlineStart = online ? null : prepared ? 'prepared' : 'none';
  const { t } = useTranslation('exam');
  const leaveDialog = useLeaveExamGuard(actor, holder.held);
  const own = useContentLanguage();
  const languages: ExamLanguages | null = own && {
    courseId: course.id,
    exam: course.language,
    translated: course.languages.length > 1,
    own,
  };
  if (!holder.held) return <ExamInAnotherTab onContinueHere={holder.takeOver} />;
  return (
    <>
      <ExamView
        actor={actor}
        plan={plan}
        userId={userId}
        languages={languages}
        offlineStart={offlineStart}
        weakSpotsLink={
          <Link
            to="/training"
            search={{ mode: 'weak-spots' }}
            className={buttonClass({ variant: 'outline' })}
          >
            {t('summary.practiseWeakSpots')}
          </Link>
        }
      />
      {leaveDialog}
    </>
  );
}

/** What a tab shows once another tab has opened the exam: it goes on there, or here on request. */
function ExamInAnotherTab({ onContinueHere }: { onContinueHere: () => void }) {
  const { t } = useTranslation('exam');
  return (
    <div className={pageStyles.narrow}>
      <Card aria-labelledby="exam-elsewhere-title">
        <h1 id="exam-elsewhere-title" className={pageStyles.title}>
          {t('elsewhere.title')}
        </h1>
        <p>{t('elsewhere.text')}</p>
        <Button onClick={onContinueHere}>{t('elsewhere.continueHere')}</Button>
      </Card>
    </div>
  );
}
