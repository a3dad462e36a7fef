import { useSelector } from '@xstate/react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/react';
import { joinItems } from '../../i18n/sentences';
import type { TFunction } from 'i18next';
import type { ActorRefFrom } from 'xstate';
import type { PracticeMachine } from '../../../machines/practice.machine';
import type { Question } from '../../../machines/practice.types';
import { rightAnswersOf } from '../../../machines/question-grading';
import {
  selectAnswerOptions,
  selectCurrentQuestion,
  selectQuestions,
  selectExplanation,
  selectIsLocked,
  selectIsSummary,
  selectIsTimeUp,
  selectLastCheckIsCorrect,
  selectLastRun,
  selectPrimaryAction,
  selectProgress,
  selectRunMistakes,
  selectScore,
  selectTimerText,
  selectTimerTone,
} from '../../../machines/practice.selectors';
import { cx } from '../../lib/cx';
import type { ContentLanguage } from '../../../domain/question-languages';
import {
  usePendingWorkCount,
  useRefusedResult,
  type RefusedResult,
} from '../../lib/pending-results';
import { useRevealWhen, useScrollToTopOnShow } from '../../lib/use-scroll-to-top';
import { Button } from '../../ui/button/Button';
import { Alert, Card } from '../../ui/card/Card';
import { Icon } from '../../ui/icons/Icon';
import * as icons from '../../ui/icons/paths';
import { TimeWarning } from '../../ui/timer/TimeWarning';
import { pageStyles } from '../../ui/page/PageHeader';
import {
  AnswerOptions,
  answersHintText,
  QuestionPhoto,
  QuestionText,
  questionStyles,
  useAnswerKeys,
  type AnswerTone,
} from '../../ui/question/AnswerOptions';
import { ProgressBar } from '../../ui/progress/ProgressBar';
import { usePhotosAhead } from '../../ui/question/photo';
import { QuestionInLanguages } from '../../ui/question/QuestionInLanguages';
import { usePickLimit } from '../../ui/question/pick-limit';
import * as styles from './training.css';
import { KeptWorkNotice } from '../../ui/card/KeptWorkNotice';
import { useCountTexts } from '../../i18n/counts';
import { BookmarkButton } from '../../ui/question/BookmarkButton';
import * as bookmarkStyles from '../../ui/question/bookmark.css';

export type PracticeActor = ActorRefFrom<PracticeMachine>;

/**
 * The question-practice view of every mode: progress, score, question, check, explanation.
 * `onRetry`, given by a mode with a countdown, offers a new run on the time-up card.
 */
export function PracticeView({
  practice,
  title,
  back,
  notice,
  onRetry,
  userId,
  reading = null,
}: {
  practice: PracticeActor;
  title: string;
  back: ReactNode;
  /** Said above the question, about the run as a whole. */
  notice?: ReactNode;
  onRetry?: () => void;
  /** The learner, whose results not yet taken by the server wait in this browser. */
  userId: number | null;
  /**
   * The language the learner reads questions in now. The run's questions came in the one of its
   * start; one chosen since (the interface's, which they follow by default) is the next run's.
   */
  reading?: ContentLanguage | null;
}) {
  const { t } = useTranslation('training');
  const timeUp = useSelector(practice, selectIsTimeUp);
  const progress = useSelector(practice, selectProgress);
  const score = useSelector(practice, selectScore);
  const timed = useSelector(practice, selectTimerText) !== null;
  const summary = useSelector(practice, selectIsSummary);
  // Every mode starts here: from its intro, a ticket or a topic far down a list.
  useScrollToTopOnShow();

  return (
    <>
      {/* A countdown stays in view while a long question is scrolled. */}
      <div className={cx(styles.practiceBar, timed && pageStyles.stickyBar)}>
        {/* Once the run is over (time up, or its summary), the way back is on its card. */}
        {!timeUp && !summary && back}
        <TimerBox practice={practice} />
      </div>
      <div className={styles.practiceHead}>
        <h1 className={styles.practiceTitle} tabIndex={-1}>
          {title}
        </h1>
        <div className={styles.practiceMeta}>
          {/* Once the time is up no question is shown: what counts is how many were answered. */}
          <span data-testid="practice-position">
            {summary
              ? t('practice.finished')
              : timeUp
                ? t('practice.answeredOf', { answered: score.answered, total: progress.total })
                : t('practice.position', { number: progress.number, total: progress.total })}
          </span>
          {!summary && (
            <span className={styles.score} data-testid="practice-score">
              {t('practice.score', { points: score.points, max: score.maxPoints })}
            </span>
          )}
        </div>
      </div>
      <ProgressBar percent={progress.percent} label={t('practice.progress')} />
      {notice}
      {summary ? (
        <RunSummaryCard practice={practice} back={back} userId={userId} />
      ) : timeUp ? (
        <TimeUp practice={practice} back={back} onRetry={onRetry} userId={userId} />
      ) : (
        <PracticeQuestion practice={practice} userId={userId} reading={reading} />
      )}
    </>
  );
}

function TimerBox({ practice }: { practice: PracticeActor }) {
  const { t } = useTranslation('training');
  const text = useSelector(practice, selectTimerText);
  const tone = useSelector(practice, selectTimerTone);
  const timeUp = useSelector(practice, selectIsTimeUp);
  if (text === null || tone === null) return null;
  // Once the time is up, the card below says so: no warning of seconds left is still read.
  const left = timeUp
    ? null
    : tone === 'critical'
      ? 'seconds'
      : tone === 'warning'
        ? 'minute'
        : null;
  return (
    <>
      <div
        role="timer"
        aria-label={t('practice.timeLeft')}
        className={cx(styles.timerBox, styles.timerTone[tone], tone === 'critical' && styles.pulse)}
        data-testid="express-timer"
        data-tone={tone}
      >
        <Icon path={icons.timer} size={20} />
        <span>{text}</span>
      </div>
      <TimeWarning left={left} />
    </>
  );
}

function TimeUp({
  practice,
  back,
  onRetry,
  userId,
}: {
  practice: PracticeActor;
  back: ReactNode;
  onRetry: (() => void) | undefined;
  userId: number | null;
}) {
  const { t } = useTranslation('training');
  const score = useSelector(practice, selectScore);
  const { total } = useSelector(practice, selectProgress);
  const lastRun = useSelector(practice, selectLastRun);
  // The run's completion (or answers of it) the server did not take waits in the browser; once
  // it is sent the card says so.
  const runWaits = usePendingWorkCount(userId) > 0;
  const refused = useRefusedResult(lastRun?.clientId ?? null);
  const [runWaited, setRunWaited] = useState(runWaits);
  useEffect(() => {
    if (runWaits) setRunWaited(true);
  }, [runWaits]);
  const resultId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  // The question that had the focus is gone. The heading takes it, so a screen reader announces
  // the end, and an Enter meant for the last question does not start a new test unseen: Tab
  // reaches Try again.
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <Card className={styles.questionCard} data-testid="time-up">
      <h2 ref={heading} tabIndex={-1} className={styles.timeUpTitle}>
        {t('practice.timeUpTitle')}
      </h2>
      <div id={resultId}>
        {/* A run restarted after a finished one may run out untouched: it has no result to give. */}
        <p data-testid="time-up-result">
          {score.answered === 0
            ? t('practice.timeUpNothing')
            : t('practice.timeUpText', {
                correct: score.correct,
                answered: score.answered,
                total,
                count: total,
                points: score.points,
                max: score.maxPoints,
              })}
        </p>
        {runWaited && (
          <Alert tone={refused ? 'error' : runWaits ? 'warning' : 'success'}>
            <span data-testid="time-up-pending">{lastRunDelivery(t, runWaits, refused)}</span>
          </Alert>
        )}
        {lastRun !== null && (
          <p className={pageStyles.muted} data-testid="time-up-last-run">
            {t('practice.timeUpLastRun', {
              correct: lastRun.correct,
              answered: lastRun.answered,
              points: lastRun.points,
              max: lastRun.maxPoints,
            })}
          </p>
        )}
      </div>
      <div className={styles.timeUpActions}>
        {onRetry && (
          <Button size="lg" aria-describedby={resultId} onClick={onRetry}>
            {t('practice.tryAgain')}
          </Button>
        )}
        {back}
      </div>
    </Card>
  );
}

/** Answers by their numbers (as the question shows them, keys 1 to 5) with their words. */
const answersWithTexts = (language: string, question: Question, answers: readonly number[]) =>
  joinItems(
    language,
    [...answers]
      .sort((a, b) => a - b)
      .map((answer) => `${answer}. ${answerTextOf(question, answer)}`),
  );

/**
 * The end of a run: its score and time, what became of its result, each mistake with the right
 * answer and the explanation, and the ways on: exactly these mistakes, the whole run again, back.
 */
function RunSummaryCard({
  practice,
  back,
  userId,
}: {
  practice: PracticeActor;
  back: ReactNode;
  userId: number | null;
}) {
  const { t, i18n } = useTranslation('training');
  const counts = useCountTexts();
  const lastRun = useSelector(practice, selectLastRun);
  const mistakes = useSelector(practice, selectRunMistakes);
  const waits = usePendingWorkCount(userId) > 0;
  const refused = useRefusedResult(lastRun?.clientId ?? null);
  const heading = useRef<HTMLHeadingElement>(null);
  // The last question's buttons are gone: the heading takes the focus, so the end is announced.
  useEffect(() => {
    heading.current?.focus();
  }, []);
  if (lastRun === null) return null;
  return (
    <Card className={styles.questionCard} data-testid="run-summary">
      <h2 ref={heading} tabIndex={-1} className={styles.timeUpTitle}>
        {t('practice.summaryTitle')}
      </h2>
      <p data-testid="last-run">
        {t('practice.summaryScore', {
          correct: lastRun.correct,
          answered: lastRun.answered,
          points: lastRun.points,
          max: lastRun.maxPoints,
        })}{' '}
        <span data-testid="summary-time">
          {t('practice.summaryTime', { time: counts.duration(lastRun.seconds) })}
        </span>
      </p>
      {(!lastRun.saved || waits || refused) && (
        <Alert tone={refused ? 'error' : waits ? 'warning' : 'success'}>
          <span data-testid="last-run-pending">{lastRunDelivery(t, waits, refused)}</span>
        </Alert>
      )}
      <h3 className={styles.summaryHeading}>{t('practice.mistakesTitle')}</h3>
      {mistakes.length === 0 ? (
        <p data-testid="no-mistakes">{t('practice.noMistakes')}</p>
      ) : (
        <ol className={styles.mistakes}>
          {mistakes.map((mistake) => (
            <li key={mistake.question.id} className={styles.mistake} data-testid="summary-mistake">
              <div className={bookmarkStyles.withStar}>
                <p className={styles.mistakeQuestion}>{mistake.question.question_text}</p>
                <BookmarkButton questionId={mistake.question.id} />
              </div>
              <p className={styles.mistakeWrong} data-testid="summary-your-answer">
                {t('practice.yourAnswer', {
                  answers: answersWithTexts(i18n.language, mistake.question, mistake.selected),
                })}
              </p>
              <p className={styles.mistakeRight} data-testid="summary-right-answer">
                {t('practice.rightAnswer', {
                  answers: answersWithTexts(i18n.language, mistake.question, mistake.right),
                })}
              </p>
              {mistake.question.explanation && (
                <p className={questionStyles.explanation}>
                  <strong>{t('practice.explanation')}</strong> {mistake.question.explanation}
                </p>
              )}
            </li>
          ))}
        </ol>
      )}
      <div className={styles.timeUpActions}>
        {mistakes.length > 0 && (
          <Button size="lg" onClick={() => practice.send({ type: 'user.practiseMistakes' })}>
            {t('practice.practiseMistakes')}
          </Button>
        )}
        <Button
          size="lg"
          variant={mistakes.length > 0 ? 'outline' : 'primary'}
          onClick={() => practice.send({ type: 'user.restart' })}
        >
          {t('practice.practiseAgain')}
        </Button>
        {back}
      </div>
    </Card>
  );
}

/** The text of answer `number` (1 to 5) of `question`. */
function answerTextOf(question: Question, number: number): string {
  const texts = [
    question.answer_1,
    question.answer_2,
    question.answer_3,
    question.answer_4,
    question.answer_5,
  ];
  return texts[number - 1] ?? '';
}

function PracticeQuestion({
  practice,
  userId,
  reading,
}: {
  practice: PracticeActor;
  userId: number | null;
  reading: ContentLanguage | null;
}) {
  const { t } = useTranslation(['training', 'parts']);
  const question = useSelector(practice, selectCurrentQuestion);
  usePhotosAhead(useSelector(practice, selectQuestions));
  const options = useSelector(practice, selectAnswerOptions);
  const locked = useSelector(practice, selectIsLocked);
  const verdict = useSelector(practice, selectLastCheckIsCorrect);
  const explanation = useSelector(practice, selectExplanation);
  const primary = useSelector(practice, selectPrimaryAction);
  const progress = useSelector(practice, selectProgress);
  // A run the server did not take, or answers of it, wait in the browser until they are sent:
  // it is saved only once both are taken.
  const resultWaits = usePendingWorkCount(userId) > 0;
  // A run started from the summary (again, or its mistakes) starts at the top as any run does,
  // not where the summary's button was: the position and the first question in view.
  useScrollToTopOnShow();
  // The card's end, not its buttons: on a phone they stay at the screen's bottom edge, always in
  // view, while the verdict and explanation just above them may not be.
  const cardEnd = useRef<HTMLDivElement>(null);
  const verdictBox = useRef<HTMLDivElement>(null);
  useRevealWhen(locked, cardEnd, verdictBox);

  const limit = usePickLimit(question, options);
  const toggle = (answer: number) => {
    // A checked answer is locked: no pick goes through, so none is said to be refused.
    if (!locked) limit.check(answer);
    practice.send({ type: 'user.toggleAnswer', answer });
  };
  useAnswerKeys({
    enabled: true,
    onToggle: toggle,
    onEnter: () => practice.send({ type: 'user.primary' }),
  });
  if (question === null) return null;
  const servedIn = question.missing_language ?? question.language;
  const languageStays = reading !== null && servedIn !== undefined && servedIn !== reading;
  const primaryLabel =
    primary.action === 'check'
      ? t('practice.check')
      : primary.action === 'next'
        ? t('practice.next')
        : primary.action === 'finish'
          ? t('practice.finish')
          : t('practice.saving');

  return (
    <Card className={styles.questionCard}>
      {/* A run started from the summary is a run of its own: what became of the one before was
        said there, and only the work still waiting in the browser is told of here. */}
      {resultWaits && (
        <KeptWorkNotice
          userId={userId}
          testId="practice-pending"
          text={t('practice.practicePending')}
        />
      )}
      {languageStays && (
        <Alert tone="info">
          <span data-testid="practice-language-stays">
            {t('practice.languageStays', {
              run: t(`parts:languageNames.${servedIn}`),
              next: t(`parts:languageNames.${reading}`),
            })}
          </span>
        </Alert>
      )}
      <QuestionInLanguages
        question={question}
        questionKey={`${question.id}-${progress.number}`}
        shortcut
        tones={(number) => toneOf(options.find((option) => option.number === number))}
        showExplanation={explanation !== null}
      >
        <div className={bookmarkStyles.withStar}>
          <QuestionText questionKey={`${question.id}-${progress.number}`}>
            {question.question_text}
          </QuestionText>
          <BookmarkButton questionId={question.id} />
        </div>
        <QuestionPhoto
          photo={question.photo}
          url={question.photo_url}
          alt={question.photo_alt ?? t('practice.photoAlt', { number: progress.number })}
        />
        <AnswerOptions
          label={t('practice.answers')}
          // How many to pick, read from the question's key (the exam says it too).
          hint={answersHintText(rightAnswersOf(question).length, (count) =>
            count ? t('practice.multiHint', count) : t('practice.multiHint'),
          )}
          labels={{ right: t('marks.right'), wrong: t('marks.wrong'), missed: t('marks.missed') }}
          locked={locked}
          options={options.map((option) => ({
            number: option.number,
            text: option.text,
            isSelected: option.isSelected,
            tone: toneOf(option),
          }))}
          onToggle={toggle}
          limitNotice={limit.text}
          testId="practice-answers"
        />
        {/* On the page before the answer is checked: screen readers read what comes into a live
          region already there, and may say nothing of one that arrives with its text. */}
        <div role="status" ref={verdictBox}>
          {verdict !== null && (
            <div
              className={cx(styles.verdict, verdict ? styles.verdictRight : styles.verdictWrong)}
              data-testid="practice-verdict"
              data-correct={verdict}
            >
              <Icon path={verdict ? icons.check : icons.close} size={22} strokeWidth={3} />
              <span>
                {verdict
                  ? t('practice.correct', { count: question.points })
                  : t('practice.incorrect', { count: rightAnswersOf(question).length })}
              </span>
            </div>
          )}
        </div>
        {explanation && (
          <p className={questionStyles.explanation} lang={question.explanation_language}>
            <strong>{t('practice.explanation')}</strong> {explanation}
          </p>
        )}
      </QuestionInLanguages>
      <div className={questionStyles.questionActions}>
        <span
          className={cx(pageStyles.muted, questionStyles.actionHint, questionStyles.keyboardHint)}
        >
          {t('practice.keysHint', { last: options.length })}
        </span>
        <Button
          size="lg"
          variant={primary.action === 'check' ? 'primary' : 'success'}
          disabled={!primary.enabled}
          loading={primary.action === 'saving'}
          onClick={() => practice.send({ type: 'user.primary' })}
        >
          {primaryLabel}
        </Button>
      </div>
      <div ref={cardEnd} />
    </Card>
  );
}

/** How an answer shows: marked once checked, else picked or not. */
function toneOf(
  option: { mark: AnswerTone | 'none'; isSelected: boolean } | undefined,
): AnswerTone {
  if (!option) return 'none';
  return option.mark !== 'none' ? option.mark : option.isSelected ? 'selected' : 'none';
}

/** What became of the last run's result: refused by the server, kept to be sent, or sent since. */
function lastRunDelivery(
  t: TFunction<'training'>,
  waits: boolean,
  refused: RefusedResult | null,
): string {
  if (refused)
    return refused.reason
      ? t('practice.lastRunRefusedWhy', { reason: refused.reason })
      : t('practice.lastRunRefused');
  return waits ? t('practice.lastRunPending') : t('practice.lastRunSent');
}
