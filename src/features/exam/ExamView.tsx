import { useSelector } from '@xstate/react';
import { useLayoutEffect, useState, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/react';
import type { CourseRules } from '../../../domain/course-rules';
import { useCountTexts } from '../../i18n/counts';
import { useNumberFormats } from '../../i18n/numbers';
import type { ActorRefFrom } from 'xstate';
import {
  selectAnswerOptions,
  selectCanMoveOn,
  selectCurrentQuestion,
  selectExtraQuestionCount,
  selectQuestions,
  selectIsExtraQuestion,
  selectIsLastQuestion,
  selectMoveOnEvent,
  selectIsResultPending,
  selectWasSavedEarlier,
  selectWasSentLater,
  selectAttemptKey,
  selectIsTimeCritical,
  selectRemainingSeconds,
  selectLoadFailed,
  selectQuestionPoints,
  selectStartFailure,
  selectPosition,
  selectReview,
  selectScreen,
  selectSummary,
  selectTimerText,
  type ExamSummary as ExamSummaryView,
} from '../../../machines/exam.selectors';
import { formatClock, rightAnswersOf } from '../../../machines/question-grading';
import { cx } from '../../lib/cx';
import {
  forgetTakenKeptResult,
  usePendingResultCount,
  useRefusedResult,
  useTakenKeptResult,
} from '../../lib/pending-results';
import { KeptWorkNotice } from '../../ui/card/KeptWorkNotice';
import { useScrollToTopOnShow } from '../../lib/use-scroll-to-top';
import { Button } from '../../ui/button/Button';
import { Alert, Card, StatusWords } from '../../ui/card/Card';
import { EmptyCourseNotice } from '../../ui/card/EmptyCourseNotice';
import { Icon } from '../../ui/icons/Icon';
import * as icons from '../../ui/icons/paths';
import { TimeWarning } from '../../ui/timer/TimeWarning';
import { PageHeader, pageStyles } from '../../ui/page/PageHeader';
import {
  AnswerOptions,
  answersHintText,
  QuestionPhoto,
  QuestionText,
  questionStyles,
  useAnswerKeys,
} from '../../ui/question/AnswerOptions';
import { usePickLimit } from '../../ui/question/pick-limit';
import { ProgressBar } from '../../ui/progress/ProgressBar';
import { usePhotosAhead } from '../../ui/question/photo';
import { QuestionInLanguages } from '../../ui/question/QuestionInLanguages';
import type { ContentLanguage } from '../../../domain/question-languages';
import { LANGUAGE_NAMES, toLanguage } from '../../i18n/config';
import {
  chooseExamLanguage,
  type ExamLanguageChoice,
  useExamLanguageChoice,
} from './exam-language';
import type { ExamLogic } from './exam.actors';
import { ReviewList, useMarkLabels } from '../../ui/question/ReviewCard';
import * as reviewStyles from '../../ui/question/review.css';
import type { ExamPlan } from '../../lib/exam-rules';
import * as styles from './exam.css';

export type ExamActor = ActorRefFrom<ExamLogic>;

export type OfflineStart = 'prepared' | 'none' | null;

/** The languages of the learner's exam (issue 42), as the page knows them from the course. */
export interface ExamLanguages {
  courseId: number;
  /** The course's exam language. */
  exam: ContentLanguage;
  /** Whether the course's questions can be read in another language than the exam's. */
  translated: boolean;
  /** The learner's content language. */
  own: ContentLanguage;
}

/** Renders the exam actor's state: intro, question, summary or review. */
export function ExamView({
  actor,
  plan,
  userId,
  languages = null,
  offlineStart = null,
  weakSpotsLink,
}: {
  actor: ExamActor;
  /** The exam the learner's course sets, stated on the intro. */
  plan: ExamPlan;
  userId: number | null;
  /** Offered on the intro and said on the result; none where the page does not know them. */
  languages?: ExamLanguages | null;
  /**
   * With no connection, whether an exam starts all the same: `prepared` (one drawn ahead is kept
   * on this device) or `none`; null when online.
   */
  offlineStart?: OfflineStart;
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
      return (
        <ExamSummary
          actor={actor}
          userId={userId}
          languages={languages}
          weakSpotsLink={weakSpotsLink}
        />
      );
    case 'review':
      return <ExamReview actor={actor} />;
    default:
      return (
        <ExamIntro
          actor={actor}
          plan={plan}
          userId={userId}
          languages={languages}
          offlineStart={offlineStart}
        />
      );
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

/** The pass rule in the intro's words: "To pass, make at most 2 mistakes." */
function usePassRuleText(): (rules: Pick<CourseRules, 'pass_rule' | 'pass_value'>) => string {
  const { t } = useTranslation('exam');
  const { percent } = useNumberFormats();
  return ({ pass_rule, pass_value }) => {
    switch (pass_rule) {
      case 'percent_questions':
        return t('intro.passRule.percentQuestions', { percent: percent(pass_value) });
      case 'percent_points':
        return t('intro.passRule.percentPoints', { percent: percent(pass_value) });
      case 'max_mistakes':
        return t('intro.passRule.maxMistakes', { count: pass_value });
    }
  };
}

/**
 * The language to sit the exam in, offered when the learner reads questions in another language
 * than the exam's: their own, or the exam's (as the real exam will be).
 */
function ExamLanguageChoice({ userId, languages }: { userId: number; languages: ExamLanguages }) {
  const { t } = useTranslation('exam');
  const { own, exam, courseId } = languages;
  const chosen = useExamLanguageChoice(userId, courseId);
  if (own === exam) return null;
  const option = (choice: ExamLanguageChoice, language: ContentLanguage, label: string) => (
    <label className={styles.languageOption}>
      <input
        type="radio"
        name="exam-language"
        value={choice}
        checked={chosen === choice}
        onChange={() => chooseExamLanguage(userId, courseId, choice)}
      />
      <span lang={language}>{label}</span>
    </label>
  );
  return (
    <fieldset className={styles.languageChoice} data-testid="exam-language-choice">
      <legend>{t('intro.languageLegend')}</legend>
      {option('own', own, t('intro.languageOwn', { language: LANGUAGE_NAMES[own] }))}
      {option('exam', exam, t('intro.languageExam', { language: LANGUAGE_NAMES[exam] }))}
    </fieldset>
  );
}

function ExamIntro({
  actor,
  plan,
  userId,
  languages,
  offlineStart,
}: {
  actor: ExamActor;
  plan: ExamPlan;
  userId: number | null;
  languages: ExamLanguages | null;
  offlineStart: OfflineStart;
}) {
  const { t } = useTranslation('exam');
  const { percent } = useNumberFormats();
  const counts = useCountTexts();
  const passRuleText = usePassRuleText();
  const loadFailed = useSelector(actor, selectLoadFailed);
  // The server's reason for refusing the start is said as it is; else (no answer, or none
  // given) the start may work once the connection does.
  const refusedFor = useSelector(actor, selectStartFailure)?.detail ?? null;
  const { rules, questionCount } = plan;
  // Whole minutes where the limit is some, under a minute its seconds, else minutes and
  // seconds as the timer will show them: 90 s is neither "2 minutes" nor "90 seconds".
  const seconds = rules.time_limit_seconds;
  const time =
    seconds < 60
      ? { count: String(seconds), label: t('intro.seconds', { count: seconds }) }
      : {
          count: seconds % 60 === 0 ? String(seconds / 60) : formatClock(seconds),
          label: t('intro.minutes', { count: seconds / 60 }),
        };
  const passMark =
    rules.pass_rule === 'max_mistakes'
      ? {
          figure: String(rules.pass_value),
          label: t('intro.mistakesAllowed', { count: rules.pass_value }),
        }
      : {
          figure: percent(rules.pass_value),
          label: rules.pass_rule === 'percent_points' ? t('intro.pointsMark') : t('intro.passMark'),
        };
  const extra = rules.extra_questions_per_mistake;
  const extraRule =
    extra === 0
      ? null
      : rules.extra_seconds_per_mistake === 0
        ? t('intro.extraRuleNoTime', { questions: counts.questions(extra) })
        : t('intro.extraRule', {
            questions: counts.questions(extra),
            time: counts.duration(rules.extra_seconds_per_mistake),
          });
  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      {loadFailed && (
        <Alert>
          {refusedFor
            ? t('errors.startRefused', { detail: refusedFor })
            : t('errors.loadQuestions')}
        </Alert>
      )}
      {offlineStart && (
        <Alert tone={offlineStart === 'prepared' ? 'info' : 'warning'}>
          <span data-testid="exam-offline-start">
            {offlineStart === 'prepared' ? t('intro.offlinePrepared') : t('intro.offlineNone')}
          </span>
        </Alert>
      )}
      <Card className={styles.intro} aria-labelledby="exam-intro-heading">
        <span className={pageStyles.icon}>
          <Icon path={icons.timer} size={28} />
        </span>
        <h2 id="exam-intro-heading">{t('intro.heading')}</h2>
        <p className={pageStyles.muted}>{t('intro.text')}</p>
        {/* A course with no questions yet has no exam to start or rules to read: the way to
            another course, where the rules would be. */}
        {questionCount === 0 ? (
          <EmptyCourseNotice />
        ) : (
          <>
            <ul className={styles.rules} data-testid="exam-rules">
              <li>
                <strong>{questionCount}</strong>
                <span>{t('intro.questions', { count: questionCount })}</span>
              </li>
              <li>
                <strong>{time.count}</strong>
                <span>{time.label}</span>
              </li>
              <li>
                <strong>{passMark.figure}</strong>
                <span>{passMark.label}</span>
              </li>
            </ul>
            <ul className={styles.ruleNotes}>
              <li className={styles.ruleKey} data-testid="exam-pass-rule">
                {passRuleText(rules)}
              </li>
              {extraRule && (
                <li className={styles.ruleKey} data-testid="exam-extra-rule">
                  {extraRule}
                </li>
              )}
              {rules.ends_when_failed && (
                <li className={styles.ruleKey} data-testid="exam-ends-rule">
                  {t('intro.endsWhenFailed')}
                </li>
              )}
              <li>{t('intro.ruleOneAtATime')}</li>
              <li>{t('intro.ruleExact')}</li>
              <li>{t('intro.ruleTime')}</li>
              <li className={questionStyles.keyboardHint}>{t('intro.ruleKeys')}</li>
            </ul>
            {/* Offline, the exam kept on the device (drawn in the learner's language) is the one
                there is: no language to choose. */}
            {userId !== null && languages && offlineStart === null && (
              <ExamLanguageChoice userId={userId} languages={languages} />
            )}
            <Button size="lg" onClick={() => actor.send({ type: 'user.start' })}>
              {t('intro.start')}
            </Button>
          </>
        )}
      </Card>
    </>
  );
}

/**
 * Says, politely and on screen, that extra questions joined the exam: the count and the time
 * they added. It stays until the learner moves past the question it showed on.
 */
function useExtrasAnnouncement(actor: ExamActor): string {
  const { t } = useTranslation('exam');
  const counts = useCountTexts();
  const extras = useSelector(actor, selectExtraQuestionCount);
  const number = useSelector(actor, (snapshot) => selectPosition(snapshot).number);
  const secondsEach = useSelector(
    actor,
    (snapshot) => snapshot.context.rules.extra_seconds_per_mistake,
  );
  const [seen, setSeen] = useState(extras);
  const [added, setAdded] = useState<{ count: number; at: number } | null>(null);
  // Derived while rendering, as React advises for a value that follows another's change.
  if (extras !== seen) {
    setSeen(extras);
    if (extras > seen) setAdded({ count: extras - seen, at: number });
  }
  if (added === null || added.at !== number) return '';
  return secondsEach === 0
    ? t('question.extrasAddedNoTime', { count: added.count })
    : t('question.extrasAdded', {
        count: added.count,
        time: counts.duration(secondsEach),
      });
}

function ExamQuestion({ actor }: { actor: ExamActor }) {
  const { t } = useTranslation('exam');
  const question = useSelector(actor, selectCurrentQuestion);
  usePhotosAhead(useSelector(actor, selectQuestions));
  const options = useSelector(actor, selectAnswerOptions);
  const position = useSelector(actor, selectPosition);
  const isLast = useSelector(actor, selectIsLastQuestion);
  const isExtra = useSelector(actor, selectIsExtraQuestion);
  const points = useSelector(actor, selectQuestionPoints);
  const canMoveOn = useSelector(actor, selectCanMoveOn);
  const moveOnEvent = useSelector(actor, selectMoveOnEvent);
  const announcement = useExtrasAnnouncement(actor);
  const timerText = useSelector(actor, selectTimerText);
  const critical = useSelector(actor, selectIsTimeCritical);
  const remaining = useSelector(actor, selectRemainingSeconds);
  const labels = useMarkLabels();
  // The timer sits at the top; the intro may have been scrolled down to its start button.
  useScrollToTopOnShow();

  // Next where the machine takes it (a mistake that reveals extra questions, on the last one
  // too), else finish.
  const moveOn = () => actor.send({ type: moveOnEvent });
  const limit = usePickLimit(question, options);
  const toggle = (answer: number) => {
    limit.check(answer);
    actor.send({ type: 'user.toggleAnswer', answer });
  };
  useAnswerKeys({ enabled: true, onToggle: toggle, onEnter: moveOn });

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
            <span className={reviewStyles.position}>
              <span className={pageStyles.muted} data-testid="exam-position">
                {t('question.position', position)}
              </span>
              {points !== null && (
                <span className={pageStyles.muted} data-testid="exam-question-points">
                  {t('question.worth', { count: points })}
                </span>
              )}
              {isExtra && (
                <span className={reviewStyles.extraTag} data-testid="exam-extra-question">
                  {t('question.extra')}
                </span>
              )}
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
        {/* Always there, so screen readers hear it when words arrive in it. */}
        <p
          role="status"
          aria-live="polite"
          className={cx(styles.extrasAdded, announcement === '' && 'visually-hidden')}
          data-testid="exam-extras-added"
        >
          {announcement}
        </p>
      </div>
      <Card className={styles.questionCard}>
        <QuestionInLanguages
          question={question}
          questionKey={question.id}
          shortcut
          tones={(number) =>
            options.some((option) => option.number === number && option.isSelected)
              ? 'selected'
              : 'none'
          }
        >
          <QuestionText questionKey={question.id}>{question.question_text}</QuestionText>
          <QuestionPhoto
            photo={question.photo}
            url={question.photo_url}
            alt={question.photo_alt ?? t('question.photoAlt', { number: position.number })}
          />
          <AnswerOptions
            label={t('question.answers')}
            // How many to pick, read from the question's key, as training says it.
            hint={answersHintText(rightAnswersOf(question).length, (count) =>
              count ? t('question.multiHint', count) : t('question.multiHint'),
            )}
            labels={labels}
            options={options.map((option) => ({
              number: option.number,
              text: option.text,
              isSelected: option.isSelected,
              tone: option.isSelected ? 'selected' : 'none',
            }))}
            onToggle={toggle}
            limitNotice={limit.text}
          />
        </QuestionInLanguages>
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
  languages,
  weakSpotsLink,
}: {
  actor: ExamActor;
  userId: number | null;
  languages: ExamLanguages | null;
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
  const decision = useDecisionText();
  const passMark = usePassMarkText();
  // Back from the review's foot, or from the last question's Finish: the result opens at its top.
  useScrollToTopOnShow();
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
        <p className={styles.decision} data-testid="exam-decision">
          {decision(summary)}
        </p>
        {languages && <SatInLanguage actor={actor} languages={languages} />}
        {summary.timeRanOut && (
          <Alert tone="warning">
            <span data-testid="exam-time-ran-out">
              {summary.unanswered > 0
                ? t('summary.timeRanOutUnanswered', { count: summary.unanswered })
                : t('summary.timeRanOut')}
            </span>
          </Alert>
        )}
        {summary.endedEarly && (
          <Alert tone="warning">
            <span data-testid="exam-ended-early">
              {t('summary.endedEarly', { count: summary.notAsked })}
            </span>
          </Alert>
        )}
        {summary.overTime && (
          <Alert tone="warning">
            <span data-testid="exam-over-time">{t('summary.overTime')}</span>
          </Alert>
        )}
        <dl className={styles.figures}>
          <div>
            <dt>{t('summary.correct')}</dt>
            <dd data-testid="exam-correct">
              {t('summary.correctValue', { correct: summary.correct, total: summary.total })}
            </dd>
          </div>
          {/* The figure the course's rule judges, beside its pass mark: a course passed on points
              or mistakes does not show a percent of questions that would seem to say otherwise. */}
          {summary.passRule === 'percent_points' ? (
            <div>
              <dt>{t('summary.points')}</dt>
              <dd data-testid="exam-points">
                {t('summary.pointsValue', {
                  points: summary.mainPoints,
                  total: summary.mainMaxPoints,
                })}
              </dd>
            </div>
          ) : summary.passRule === 'max_mistakes' ? (
            <div>
              {/* The rule counts the main part's; beside extra questions, say so (23 of 25
                  right reads as 2 mistakes where the main part had 1). */}
              <dt>
                {summary.extraQuestions > 0 ? t('summary.mistakesMain') : t('summary.mistakes')}
              </dt>
              <dd data-testid="exam-mistakes">{summary.mistakes}</dd>
            </div>
          ) : (
            <div>
              <dt>{t('summary.score')}</dt>
              <dd data-testid="exam-percent">{percent(summary.percent)}</dd>
            </div>
          )}
          {summary.extraQuestions > 0 && (
            <div>
              <dt>{t('summary.extraQuestions')}</dt>
              <dd data-testid="exam-extra-correct">
                {t('summary.correctValue', {
                  correct: summary.extraQuestions - summary.extraMistakes,
                  total: summary.extraQuestions,
                })}
              </dd>
            </div>
          )}
          {summary.unanswered > 0 && (
            <div>
              <dt>{t('summary.unanswered')}</dt>
              <dd data-testid="exam-unanswered">{summary.unanswered}</dd>
            </div>
          )}
          <div>
            <dt>{t('summary.passMark')}</dt>
            <dd
              data-testid="exam-pass-mark"
              className={cx(summary.passRule !== 'percent_questions' && styles.figureWords)}
            >
              {passMark(summary)}
            </dd>
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
              the weak spots. Questions the time left unanswered are not mistakes to practise. */}
          {!pending && summary.answeredWrong > 0 && weakSpotsLink}
        </div>
      </Card>
    </>
  );
}

/**
 * Which language the exam was sat in, told from its questions (each says the language asked
 * for), so a result still waiting to be sent says it too; only where the course offers more
 * than one.
 */
function SatInLanguage({ actor, languages }: { actor: ExamActor; languages: ExamLanguages }) {
  const { t } = useTranslation(['exam', 'parts']);
  const first = useSelector(actor, (snapshot) => snapshot.context.questions[0]);
  if (!first) return null;
  const { exam } = languages;
  const asked = first.missing_language ?? first.language ?? exam;
  if (asked === exam && !languages.translated) return null;
  const name = (language: string) => t(`parts:languageNames.${toLanguage(language)}`);
  return (
    <p className={pageStyles.muted} data-testid="exam-language" data-language={asked}>
      {asked === exam
        ? t('summary.languageExam', { language: name(asked) })
        : t('summary.languageOwn', { language: name(asked), exam: name(exam) })}
    </p>
  );
}

/**
 * Which rule decided, in words: "Failed: a mistake among the extra questions", "Passed: 1
 * mistake of at most 2", "Failed: 65% of the points, 70% needed".
 */
function useDecisionText(): (summary: ExamSummaryView) => string {
  const { t } = useTranslation('exam');
  const { percent } = useNumberFormats();
  return (summary) => {
    const verdict = summary.passed ? 'passed' : 'failed';
    switch (summary.decidedBy) {
      case 'extra_mistake':
        return t('summary.decision.extraMistake');
      case 'max_mistakes':
        return t(`summary.decision.${verdict}.maxMistakes`, {
          count: summary.mistakes,
          allowed: summary.passValue,
        });
      case 'percent_points':
        return t(`summary.decision.${verdict}.percentPoints`, {
          percent: percent(summary.mainPointsPercent),
          needed: percent(summary.passValue),
        });
      case 'percent_questions':
        return t(`summary.decision.${verdict}.percentQuestions`, {
          percent: percent(summary.mainPercent),
          needed: percent(summary.passValue),
        });
    }
  };
}

/** The pass mark tile: "70%", "70% of the points", "at most 2 mistakes". */
function usePassMarkText(): (summary: ExamSummaryView) => string {
  const { t } = useTranslation('exam');
  const { percent } = useNumberFormats();
  return ({ passRule, passValue }) => {
    switch (passRule) {
      case 'percent_questions':
        return percent(passValue);
      case 'percent_points':
        return t('summary.passMarkPoints', { percent: percent(passValue) });
      case 'max_mistakes':
        return t('summary.passMarkMistakes', { count: passValue });
    }
  };
}

function ExamReview({ actor }: { actor: ExamActor }) {
  const { t } = useTranslation('exam');
  const items = useSelector(actor, selectReview);
  const summary = useSelector(actor, selectSummary);
  // The result may have been scrolled down to its button: the review opens at its heading, which
  // takes the focus, rather than partway into its first question.
  useScrollToTopOnShow();
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
