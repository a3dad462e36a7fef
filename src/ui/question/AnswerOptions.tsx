import { useEffect, useRef } from 'react';
import { cx } from '../../lib/cx';
import { Icon } from '../icons/Icon';
import * as icons from '../icons/paths';
import { photoUrl } from './photo';
import { PhotoZoom } from './PhotoZoom';
import * as styles from './question.css';

/** How an answer is shown: picked, or once graded right, wrong or a right one not picked. */
export type AnswerTone = 'none' | 'selected' | 'right' | 'wrong' | 'missed';

export interface AnswerOptionView {
  /** 1 to 5: the key that toggles it and its number in the API. */
  number: number;
  text: string;
  tone: AnswerTone;
  isSelected: boolean;
}

/** Translated words the list needs (the ui kit holds no strings of its own). */
export interface AnswerOptionLabels {
  right: string;
  wrong: string;
  missed: string;
}

const MARK_ICON = { right: icons.check, wrong: icons.close, missed: icons.check };

function Mark({ tone, labels }: { tone: AnswerTone; labels: AnswerOptionLabels }) {
  if (tone !== 'right' && tone !== 'wrong' && tone !== 'missed') return null;
  return (
    <span className={cx(styles.mark, styles.markTone[tone])}>
      <Icon path={MARK_ICON[tone]} size={20} strokeWidth={2.5} />
      <span className="visually-hidden">{labels[tone]}</span>
    </span>
  );
}

/**
 * What to pick, above a question's answers: "Choose 2 answers" for a question with `rightCount`
 * right answers (`text` words it in the caller's namespace, with i18next's plural forms), or the
 * caller's text without a count ("One or more answers may be right.") when the key names none.
 */
export function answersHintText(
  rightCount: number,
  text: (options?: { count: number }) => string,
): string {
  return rightCount > 0 ? text({ count: rightCount }) : text();
}

/**
 * A question's answers. Interactive: toggle buttons (aria-pressed) that stay focusable when
 * locked. Otherwise a plain list, as in a review. `hint` says above them what to pick.
 */
export function AnswerOptions({
  options,
  labels,
  onToggle,
  locked = false,
  label,
  hint,
  limitNotice = null,
  testId,
  id,
}: {
  options: AnswerOptionView[];
  labels: AnswerOptionLabels;
  /** Without it the answers are shown, not chosen. */
  onToggle?: (number: number) => void;
  locked?: boolean;
  label?: string;
  /** What to pick ("Choose 2 answers"; see `answersHintText`). */
  hint?: string;
  /** Why the last pick did nothing (`usePickLimit`), said to screen readers as it comes. */
  limitNotice?: string | null;
  testId?: string;
  id?: string;
}) {
  const list = (
    <ul className={styles.list} aria-label={label} data-testid={testId} id={id}>
      {options.map((option) => {
        const content = (
          <>
            <span
              className={cx(styles.key, option.isSelected && styles.keySelected)}
              aria-hidden="true"
            >
              {option.number}
            </span>
            <span className={styles.optionText}>{option.text}</span>
            <Mark tone={option.tone} labels={labels} />
          </>
        );
        return (
          <li key={option.number}>
            {onToggle ? (
              <button
                type="button"
                className={cx(styles.option, styles.button, styles.tone[option.tone])}
                aria-pressed={option.isSelected}
                aria-disabled={locked || undefined}
                data-answer={option.number}
                data-tone={option.tone}
                onClick={(event) => {
                  if (!locked) onToggle(option.number);
                  // A click or a tap (detail > 0; a key press has 0) leaves no focus behind:
                  // the keys act on the question, not on this answer.
                  if (event.detail > 0) event.currentTarget.blur();
                }}
              >
                {content}
              </button>
            ) : (
              <div
                className={cx(styles.option, styles.tone[option.tone])}
                data-answer={option.number}
                data-tone={option.tone}
              >
                {content}
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
  if (!hint) return list;
  return (
    <>
      <p className={styles.answersHint} data-testid="answers-hint">
        {hint}
      </p>
      {/* On the page before it has words: screen readers read what comes into a live region. */}
      <p
        role="status"
        className={cx(
          styles.answersHint,
          styles.limitNotice,
          limitNotice === null && 'visually-hidden',
        )}
        data-testid="answers-limit"
      >
        {limitNotice}
      </p>
      {list}
    </>
  );
}

/** The question's photo, served by the API at its versioned URL (`url`) when it has one. */
export function QuestionPhoto({
  photo,
  url,
  alt,
}: {
  photo: string | null;
  /** The question's `photo_url`: the one its photos were fetched ahead at, for offline use. */
  url?: string | undefined;
  alt: string;
}) {
  if (!photo) return null;
  return <PhotoZoom className={styles.photo} src={photoUrl(photo, url)} alt={alt} />;
}

/**
 * The question's text as a heading that takes the focus when the question changes, so a screen
 * reader announces the new question.
 */
export function QuestionText({
  id,
  questionKey,
  children,
}: {
  id?: string;
  questionKey: string | number;
  children: string;
}) {
  const ref = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);
  useEffect(() => {
    const heading = ref.current;
    if (!heading) return;
    const shown = first.current;
    first.current = false;
    // The first question takes the focus only when nothing has it (the Start button that was
    // pressed is gone): a keyboard or screen-reader user goes on from the question.
    if (shown && document.activeElement !== document.body && document.activeElement !== null) {
      return;
    }
    heading.focus({ preventScroll: true });
    // Next is pressed at the foot of the question: the next one is read from the page's top,
    // with the position and the timer above it, as the first one was.
    if (!shown) window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [questionKey]);
  return (
    <h2 ref={ref} id={id} className={styles.text} tabIndex={-1}>
      {children}
    </h2>
  );
}

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * Keys 1 to 5 toggle answers and Enter runs the main action (check, next, finish), also on an
 * answer reached with Tab, as on a form's checkbox: Space picks or drops that answer, and an
 * Enter meant to go on never drops the answer just picked. A key's pick takes the focus to that
 * answer, so the Enter after it goes on even when a click left the focus on another button (the
 * star, the exam language's toggle); Enter on a button or a link reached with Tab after the pick
 * keeps its own meaning. An answer clicked or tapped does not keep the focus.
 */
export function useAnswerKeys({
  enabled,
  onToggle,
  onEnter,
}: {
  enabled: boolean;
  onToggle: (number: number) => void;
  onEnter: () => void;
}): void {
  const handlers = useRef({ onToggle, onEnter });
  handlers.current = { onToggle, onEnter };
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (isTyping(event.target)) return;
      // A dialog or an open menu (a dropdown, the phone's navigation) on top owns the keyboard.
      if (document.querySelector('[role="dialog"], [role="menu"], #mobile-menu')) return;
      if (/^[1-5]$/.test(event.key)) {
        event.preventDefault();
        handlers.current.onToggle(Number(event.key));
        // Also once checked (the pick is refused then): Enter goes on from there.
        document.querySelector<HTMLElement>(`button[data-answer="${event.key}"]`)?.focus();
        return;
      }
      if (event.key === 'Enter') {
        const target = event.target instanceof HTMLElement ? event.target : null;
        const control = target?.closest('button, a, [role="button"]');
        if (control && !control.matches('[data-answer]')) return;
        event.preventDefault();
        handlers.current.onEnter();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled]);
}

export { styles as questionStyles };
