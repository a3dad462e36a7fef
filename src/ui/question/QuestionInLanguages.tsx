import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useNumberFormats } from '../../i18n/numbers';
import { useTranslation } from '../../i18n/react';
import type { Question } from '../../api';
import { toLanguage } from '../../i18n/config';
import { cx } from '../../lib/cx';
import { Icon } from '../icons/Icon';
import * as icons from '../icons/paths';
import type { AnswerTone } from './AnswerOptions';
import { useShowOriginal, useSpeechRate } from './question-preferences';
import * as styles from './question-languages.css';
import * as questionStyles from './question.css';
import { SPEECH_RATES, useSpeaker, useVoices, voiceFor } from './speech';

/**
 * A question in the learner's language (issue 42): a toolbar that reads it aloud and shows the
 * exam language's words beside it (side by side on a desktop, one under the other on a phone),
 * and a note when the question has no translation into the learner's language. The question
 * itself (`children`: its text, photo and answers) is the screen's own.
 */

const SPEECH_TAGS: Record<string, string> = { en: 'en-GB', ru: 'ru-RU', zh: 'zh-CN', ko: 'ko-KR' };
const speechTag = (language: string) => SPEECH_TAGS[language] ?? language;

type Answers = Pick<Question, 'answer_1' | 'answer_2' | 'answer_3' | 'answer_4' | 'answer_5'>;

/** The answers filled in, with their numbers (1 to 5). */
function answersOf(question: Answers): { number: number; text: string }[] {
  return [
    question.answer_1,
    question.answer_2,
    question.answer_3,
    question.answer_4,
    question.answer_5,
  ].flatMap((text, at) => (!text || text.trim() === '' ? [] : [{ number: at + 1, text }]));
}

/** What is read aloud: the question, then each answer with its number. */
export function spokenText(question: Answers & { question_text: string }): string {
  return [
    question.question_text,
    ...answersOf(question).map((answer) => `${answer.number}. ${answer.text}`),
  ].join('\n');
}

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * Reading aloud in one language: the button's state, what to say when the device has no voice
 * for it, and the speech stopped when the question changes or leaves the screen.
 */
function useReadAloud(questionKey: string | number, shortcut: boolean) {
  const speaker = useSpeaker();
  const voices = useVoices(speaker);
  const [rate] = useSpeechRate();
  const [reading, setReading] = useState<string | null>(null);
  const [noVoice, setNoVoice] = useState<string | null>(null);

  // The next question (or leaving it) stops the reading and forgets its notes.
  useEffect(() => {
    setReading(null);
    setNoVoice(null);
    return () => speaker.cancel();
  }, [questionKey, speaker]);

  const read = (part: string, text: string, language: string) => {
    if (reading === part) {
      speaker.cancel();
      setReading(null);
      return;
    }
    const tag = speechTag(language);
    const voice = voiceFor(voices, tag);
    if (!speaker.supported || !voice) {
      speaker.cancel();
      setReading(null);
      setNoVoice(language);
      return;
    }
    setNoVoice(null);
    setReading(part);
    speaker.speak({ text, lang: tag, rate, voice }, () =>
      setReading((current) => (current === part ? null : current)),
    );
  };

  const handlers = useRef<() => void>(() => undefined);
  useEffect(() => {
    if (!shortcut) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.code !== 'KeyR' || event.repeat || isTyping(event.target)) return;
      // A dialog or an open menu on top owns the keyboard.
      if (document.querySelector('[role="dialog"], [role="menu"], #mobile-menu')) return;
      event.preventDefault();
      handlers.current();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [shortcut]);

  return { read, reading, noVoice, supported: speaker.supported, handlers };
}

function ReadButton({
  reading,
  onClick,
  label,
  stopLabel,
  languageName,
  shortcut,
}: {
  reading: boolean;
  onClick: () => void;
  label: string;
  stopLabel: string;
  /** Named when two such buttons show (one per language), so their names differ. */
  languageName?: string | undefined;
  shortcut?: string | undefined;
}) {
  const { t } = useTranslation('parts');
  const spoken =
    languageName === undefined
      ? undefined
      : t(reading ? 'questionLanguage.stopReadingIn' : 'questionLanguage.readAloudIn', {
          language: languageName,
        });
  return (
    <button
      type="button"
      className={cx(styles.toolButton, reading && styles.toolButtonOn)}
      onClick={onClick}
      aria-pressed={reading}
      aria-label={spoken}
      aria-keyshortcuts={shortcut}
      data-testid="read-aloud"
    >
      <Icon path={reading ? icons.stop : icons.speaker} size={18} />
      <span>{reading ? stopLabel : label}</span>
    </button>
  );
}

export function QuestionInLanguages({
  question,
  questionKey,
  children,
  shortcut = false,
  tones,
  showExplanation = false,
  compact = false,
}: {
  question: Question;
  /** Changes with the question shown: the reading stops and its notes go. */
  questionKey: string | number;
  /** The question as the screen shows it: text, photo, answers, verdict, explanation. */
  children: ReactNode;
  /** Whether the R key reads it aloud (the one question of an exam or a training run). */
  shortcut?: boolean;
  /** How each answer (by number) is marked, for the exam language's answers too. */
  tones?: ((number: number) => AnswerTone) | undefined;
  /** Whether the explanation shows (once checked, in a review), in both languages then. */
  showExplanation?: boolean;
  /**
   * One question of a list (browse, a review): no speed to choose on every card (the speed
   * chosen on a single question's screen is kept).
   */
  compact?: boolean;
}) {
  const { t, i18n } = useTranslation('parts');
  const [showOriginal, setShowOriginal] = useShowOriginal();
  const { read, reading, noVoice, supported, handlers } = useReadAloud(questionKey, shortcut);
  const originalId = useId();
  const language = question.language ?? toLanguage(i18n.resolvedLanguage);
  const { original } = question;
  const beside = showOriginal && original !== undefined;
  const name = (code: string) => t(`languageNames.${toLanguage(code)}`);

  const readShown = () => read('shown', spokenText(question), language);
  handlers.current = readShown;

  return (
    <div className={styles.frame} data-testid="question-languages" data-language={language}>
      <div className={styles.tools}>
        <ReadButton
          reading={reading === 'shown'}
          onClick={readShown}
          label={t('questionLanguage.readAloud')}
          stopLabel={t('questionLanguage.stopReading')}
          languageName={beside ? name(language) : undefined}
          shortcut={shortcut ? 'R' : undefined}
        />
        {!compact && <RateSelect />}
        {original && (
          <button
            type="button"
            className={cx(styles.toolButton, beside && styles.toolButtonOn)}
            aria-pressed={beside}
            aria-controls={beside ? originalId : undefined}
            onClick={() => setShowOriginal(!showOriginal)}
            data-testid="show-original"
          >
            <Icon path={icons.languages} size={18} />
            <span>{t('questionLanguage.showOriginal', { language: name(original.language) })}</span>
          </button>
        )}
      </div>
      {question.missing_language && (
        <p className={styles.note} data-testid="missing-translation">
          {t('questionLanguage.missing', {
            wanted: name(question.missing_language),
            language: name(language),
          })}
        </p>
      )}
      {/* On the page before anything is said in it, so screen readers read what arrives. */}
      <p
        role="status"
        className={cx(styles.note, noVoice === null && 'visually-hidden')}
        data-testid="no-voice"
      >
        {noVoice === null
          ? ''
          : supported
            ? t('questionLanguage.noVoice', { language: name(noVoice) })
            : t('questionLanguage.unsupported')}
      </p>
      <div className={cx(beside && styles.columns)}>
        <div lang={language} className={styles.column}>
          {children}
        </div>
        {beside && original && (
          <section
            id={originalId}
            lang={original.language}
            className={cx(styles.column, styles.original)}
            aria-label={t('questionLanguage.originalLabel', { language: name(original.language) })}
            data-testid="original"
          >
            <div className={styles.originalHead}>
              <span className={styles.originalTag}>
                {t('questionLanguage.originalLabel', { language: name(original.language) })}
              </span>
              <ReadButton
                reading={reading === 'original'}
                onClick={() => read('original', spokenText(original), original.language)}
                label={t('questionLanguage.readAloud')}
                stopLabel={t('questionLanguage.stopReading')}
                languageName={name(original.language)}
              />
            </div>
            <p className={questionStyles.text}>{original.question_text}</p>
            <ul className={questionStyles.list}>
              {answersOf(original).map((answer) => (
                <li
                  key={answer.number}
                  className={cx(
                    questionStyles.option,
                    questionStyles.tone[tones?.(answer.number) ?? 'none'],
                  )}
                  data-answer={answer.number}
                >
                  <span className={questionStyles.key} aria-hidden="true">
                    {answer.number}
                  </span>
                  <span className={questionStyles.optionText}>{answer.text}</span>
                </li>
              ))}
            </ul>
            {/* Not when the explanation shown is already this language's (untranslated):
                it would say the same words twice. */}
            {showExplanation &&
              original.explanation &&
              question.explanation_language !== original.language && (
                <p className={questionStyles.explanation}>{original.explanation}</p>
              )}
          </section>
        )}
      </div>
    </div>
  );
}

function RateSelect() {
  const { t } = useTranslation('parts');
  const { number } = useNumberFormats();
  const [rate, setRate] = useSpeechRate();
  const id = useId();
  return (
    <span className={styles.rate}>
      <label htmlFor={id} className="visually-hidden">
        {t('questionLanguage.rate')}
      </label>
      <select
        id={id}
        className={styles.rateSelect}
        value={rate}
        onChange={(event) => setRate(Number(event.target.value))}
        title={t('questionLanguage.rate')}
        data-testid="speech-rate"
      >
        {SPEECH_RATES.map((value) => (
          <option key={value} value={value}>
            {t('questionLanguage.rateValue', { rate: number(value) })}
          </option>
        ))}
      </select>
    </span>
  );
}
