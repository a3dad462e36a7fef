import { useSelector } from '@xstate/react';
import { useLayoutEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNumberFormats } from '../../i18n/numbers';
import type { ActorRefFrom } from 'xstate';
import {
  selectAnswerOptions,
  selectCanMoveOn,
  selectCurrentQuestion,
  selectQuestions,
  selectIsLastQuestion,
  selectIsResultPending,
  selectWasSavedEarlier,
  selectWasSentLater,
  selectAttemptKey,
  selectIsTimeCritical,
  selectRemainingSeconds,
  selectLoadFailed,
  selectPosition,
  selectReview,
  selectScreen,
  selectSummary,
  selectTimerText,
} from '../../../machines/exam.selectors';
import { formatClock } from '../../../machines/question-grading';
import { cx } from '../../lib/cx';
import {
  forgetTakenKeptResult,
  usePendingResultCount,
  useRefusedResult,
  useTakenKeptResult,
} from '../../lib/pending-results';
import { KeptWorkNotice } from './KeptWorkNotice';
import { useScrollToTopOnShow } from '../../lib/use-scroll-to-top';
import { Button } from '../../ui/button/Button';
import { Alert, Card, StatusWords } from '../../ui/card/Card';
import { Icon } from '../../ui/icons/Icon';
import * as icons from '../../ui/icons/paths';
import { TimeWarning } from '../../ui/timer/TimeWarning';
import { PageHeader, pageStyles } from '../../ui/page/PageHeader';
import {
  AnswerOptions,
  ProgressBar,
  QuestionPhoto,
  QuestionText,
  questionStyles,
  useAnswerKeys,
} from '../../ui/question/AnswerOptions';
import { usePhotosAhead } from '../../ui/question/photo';
import type { ExamLogic } from './exam.actors';
import { ReviewList, useMarkLabels } from './ReviewCard';
import type { ExamRules } from './exam-rules';
import * as styles from './exam.css';

export type ExamActor = ActorRefFrom<ExamLogic>;

/** Renders the exam actor's state: intro, question, summary or review. */
export function ExamView({
  actor,
  rules,
  userId,
  weakSpotsLink,
}: {
  actor: ExamActor;
  rules: ExamRules;
  userId: number | null;
  /** The way to the weak-spots mode, offered beside a result with mistakes (it takes a router). */
  weakSpotsLink?: ReactNode;
}) {
  const screen = useSelector(actor, selectScreen);
  useKeptResultSent(actor);
  switch (screen) {
    case 'loading':
      return <Busy textKey="loading" />;
    case 'question':
      return <ExamQuestion actor={actor} />;
    case 'submitting':
      return <Busy textKey="submitting" />;
    case 'summary':
      return <ExamSummary actor={actor} userId={userId} weakSpotsLink={weakSpotsLink} />;
    case 'review':
      return <ExamReview actor={actor} />;
    default:
      return <ExamIntro actor={actor} rules={rules} />;
  }
}

/**
 * Gives the summary (or its review) the result the server saved once this tab sends the one
 * that waited: it may hold another tab's picks. Before paint, so a stale line never shows.
 */
function useKeptResultSent(actor: ExamActor): void {
  const pending = useSelector(actor, selectIsResultPending);
  const attemptKey = useSelector(actor, selectAttemptKey);
  const saved = useTakenKeptResult(attemptKey);
  useLayoutEffect(() => {
    if (!pending || !saved || attemptKey === null) return;
    actor.send({ type: 'result.keptSent', result: saved });
    forgetTakenKeptResult(attemptKey);
  }, [actor, pending, saved, attemptKey]);
}

function Busy({ textKey }: { textKey: 'loading' | 'submitting' }) {
  const { t } = useTranslation('exam');
  return (
    <>
      <PageHeader title={t('title')} />
      <Card>
        <p role="status" className={styles.busy}>
          <span className={styles.spinner} aria-hidden="true" />
          <StatusWords>{t(textKey)}</StatusWords>
        </p>
      </Card>
    </>
  );
}

function ExamIntro({ actor, rules }: { actor: ExamActor; rules: ExamRules }) {
  const { t } = useTranslation('exam');
  const { percent } = useNumberFormats();
  const loadFailed = useSelector(actor, selectLoadFailed);
  // Whole minutes where the limit is some, under a minute its seconds, else minutes and
  // seconds as the timer will show them: 90 s is neither "2 minutes" nor "90 seconds".
  const seconds = rules.timeLimitSeconds;
  const time =
    seconds < 60
      ? { count: String(seconds), label: t('intro.seconds', { count: seconds }) }
      : {
          count: seconds % 60 === 0 ? String(seconds / 60) : formatClock(seconds),
          label: t('intro.minutes', { count: seconds / 60 }),
        };
  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      {loadFailed && <Alert>{t('errors.loadQuestions')}</Alert>}
      <Card className={styles.intro} aria-labelledby="exam-intro-heading">
        <span className={pageStyles.icon}>
          <Icon path={icons.timer} size={28} />
        </span>
        <h2 id="exam-intro-heading">{t('intro.heading')}</h2>
        <p className={pageStyles.muted}>{t('intro.text')}</p>
        <ul className={styles.rules} data-testid="exam-rules">
          <li>
            <strong>{rules.questionCount}</strong>
            <span>{t('intro.questions', { count: rules.questionCount })}</span>
          </li>
          <li>
            <strong>{time.count}</strong>
            <span>{time.label}</span>
          </li>
          <li>
            <strong>{percent(rules.passPercent)}</strong>
            <span>{t('intro.passMark')}</span>
          </li>
        </ul>
        <ul className={styles.ruleNotes}>
          <li>{t('intro.ruleOneAtATime')}</li>
          <li>{t('intro.ruleExact')}</li>
          <li>{t('intro.ruleTime')}</li>
          <li className={questionStyles.keyboardHint}>{t('intro.ruleKeys')}</li>
        </ul>
        <Button size="lg" onClick={() => actor.send({ type: 'user.start' })}>
          {t('intro.start')}
        </Button>
      </Card>
    </>
  );
}

function ExamQuestion({ actor }: { actor: ExamActor }) {
  const { t } = useTranslation('exam');
  const question = useSelector(actor, selectCurrentQuestion);
  usePhotosAhead(useSelector(actor, selectQuestions));
  const options = useSelector(actor, selectAnswerOptions);
  const position = useSelector(actor, selectPosition);
  const isLast = useSelector(actor, selectIsLastQuestion);
  const canMoveOn = useSelector(actor, selectCanMoveOn);
  const timerText = useSelector(actor, selectTimerText);
  const critical = useSelector(actor, selectIsTimeCritical);
  const remaining = useSelector(actor, selectRemainingSeconds);
  const labels = useMarkLabels();
  // The timer sits at the top; the intro may have been scrolled down to its start button.
  useScrollToTopOnShow();

  const moveOn = () => actor.send({ type: isLast ? 'user.finish' : 'user.next' });
  useAnswerKeys({
    enabled: true,
    onToggle: (answer) => actor.send({ type: 'user.toggleAnswer', answer }),
    onEnter: moveOn,
  });

  if (question === null) return null;
  return (
    <>
      {/* The timer and progress stay in view while a long question is scrolled. */}
      <div className={pageStyles.stickyBar} data-testid="exam-bar">
        <div className={styles.bar}>
          <div className={styles.barText}>
            <h1 className={styles.barTitle} tabIndex={-1}>
              {t('title')}
            </h1>
            <span className={pageStyles.muted} data-testid="exam-position">
              {t('question.position', position)}
            </span>
          </div>
          <div
            role="timer"
            aria-label={t('question.timeLeft')}
            className={cx(styles.timer, critical && styles.timerCritical)}
            data-testid="exam-timer"
            data-critical={critical}
          >
            <Icon path={icons.timer} size={20} />
            <span>{timerText}</span>
          </div>
          <TimeWarning left={remaining <= 30 ? 'seconds' : critical ? 'minute' : null} />
        </div>
        <ProgressBar
          percent={((position.number - 1) * 100) / Math.max(position.total, 1)}
          label={t('question.progress')}
        />
      </div>
      <Card className={styles.questionCard}>
        <QuestionText questionKey={question.id}>{question.question_text}</QuestionText>
        <QuestionPhoto
          photo={question.photo}
          alt={question.photo_alt ?? t('question.photoAlt', { number: position.number })}
        />
        <p className={cx(pageStyles.muted, questionStyles.answersHint)}>
          {t('question.multiHint')}
        </p>
        <AnswerOptions
          label={t('question.answers')}
          labels={labels}
          options={options.map((option) => ({
            number: option.number,
            text: option.text,
            isSelected: option.isSelected,
            tone: option.isSelected ? 'selected' : 'none',
          }))}
          onToggle={(answer) => actor.send({ type: 'user.toggleAnswer', answer })}
        />
        <div className={questionStyles.questionActions}>
          <span
            className={cx(
              pageStyles.muted,
              questionStyles.actionHint,
              canMoveOn && questionStyles.keyboardHint,
            )}
            aria-live="polite"
          >
            {canMoveOn ? t('question.enterHint') : t('question.pickHint')}
          </span>
          <Button size="lg" disabled={!canMoveOn} onClick={moveOn}>
            {isLast ? t('question.finish') : t('question.next')}
          </Button>
        </div>
      </Card>
    </>
  );
}

function ExamSummary({
  actor,
  userId,
  weakSpotsLink,
}: {
  actor: ExamActor;
  userId: number | null;
  weakSpotsLink: ReactNode;
}) {
  const { t } = useTranslation('exam');
  const { percent } = useNumberFormats();
  const summary = useSelector(actor, selectSummary);
  const pending = useSelector(actor, selectIsResultPending);
  const savedEarlier = useSelector(actor, selectWasSavedEarlier);
  const sentLater = useSelector(actor, selectWasSentLater);
  const stillWaiting = usePendingResultCount(userId) > 0;
  const refused = useRefusedResult(useSelector(actor, selectAttemptKey));
  return (
    <>
      <PageHeader title={t('summary.heading')} />
      <Card className={styles.summary} data-testid="exam-summary">
        <div
          className={cx(styles.verdict, summary.passed ? styles.passed : styles.failed)}
          data-testid="exam-verdict"
          data-passed={summary.passed}
        >
          <Icon path={summary.passed ? icons.check : icons.close} size={32} strokeWidth={3} />
          <span>{summary.passed ? t('summary.passed') : t('summary.failed')}</span>
        </div>
        {summary.timeRanOut && <Alert tone="warning">{t('summary.timeRanOut')}</Alert>}
        <dl className={styles.figures}>
          <div>
            <dt>{t('summary.correct')}</dt>
            <dd data-testid="exam-correct">
              {t('summary.correctValue', { correct: summary.correct, total: summary.total })}
            </dd>
          </div>
          <div>
            <dt>{t('summary.score')}</dt>
            <dd data-testid="exam-percent">{percent(summary.percent)}</dd>
          </div>
          <div>
            <dt>{t('summary.passMark')}</dt>
            <dd>{percent(summary.passPercent)}</dd>
          </div>
          <div>
            <dt>{t('summary.timeTaken')}</dt>
            <dd>{formatClock(summary.timeTakenSeconds)}</dd>
          </div>
        </dl>
        {pending && refused ? (
          <Alert>
            <strong>{t('summary.refusedTitle')}</strong>{' '}
            {refused.reason
              ? t('summary.refusedWhy', { reason: refused.reason })
              : t('summary.refused')}
          </Alert>
        ) : pending && stillWaiting ? (
          <KeptWorkNotice
            userId={userId}
            testId="exam-pending"
            text={
              <>
                <strong>{t('summary.pendingTitle')}</strong> {t('summary.pending')}
              </>
            }
          />
        ) : pending || sentLater ? (
          // Pending yet no longer waiting: another tab sent it.
          <Alert tone="success">{t('summary.pendingSent')}</Alert>
        ) : savedEarlier ? (
          <Alert tone="info">{t('summary.savedEarlier')}</Alert>
        ) : (
          <p className={pageStyles.muted}>{t('summary.saved')}</p>
        )}
        <div className={pageStyles.row}>
          <Button onClick={() => actor.send({ type: 'user.showReview' })}>
            {t('summary.showReview')}
          </Button>
          <Button variant="secondary" onClick={() => actor.send({ type: 'user.retry' })}>
            {t('summary.retry')}
          </Button>
          {/* Once saved, the exam's answers are in the learner's memory: its mistakes are among
              the weak spots. */}
          {!pending && summary.correct < summary.total && weakSpotsLink}
        </div>
      </Card>
    </>
  );
}

function ExamReview({ actor }: { actor: ExamActor }) {
  const { t } = useTranslation('exam');
  const items = useSelector(actor, selectReview);
  const summary = useSelector(actor, selectSummary);
  const actions = (
    <>
      <Button variant="secondary" onClick={() => actor.send({ type: 'user.hideReview' })}>
        {t('review.back')}
      </Button>
      <Button onClick={() => actor.send({ type: 'user.retry' })}>{t('summary.retry')}</Button>
    </>
  );
  return (
    <>
      <PageHeader
        title={t('review.heading')}
        subtitle={t('review.subtitle', { correct: summary.correct, total: summary.total })}
        actions={actions}
      />
      <ReviewList items={items} />
      <div className={cx(pageStyles.row, styles.reviewFooter)}>{actions}</div>
    </>
  );
}
