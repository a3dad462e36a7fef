import { globalStyle, keyframes, style } from '@vanilla-extract/css';
import { breakpoints, outcomeTone, radius, vars } from '../../theme/theme.css';
import { readingCard } from '../../ui/page/page.css';

export const intro = style([readingCard]);

export const rules = style({
  listStyle: 'none',
  padding: 0,
  margin: '0 0 1rem',
  display: 'grid',
  gap: '0.75rem',
  gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
  '@media': { [breakpoints.mobile]: { gridTemplateColumns: 'minmax(0, 1fr)' } },
});

globalStyle(`${rules} li`, {
  display: 'flex',
  flexDirection: 'column',
  padding: '0.75rem 1rem',
  borderRadius: radius.md,
  backgroundColor: vars.color.bgSubtle,
  border: `1px solid ${vars.color.border}`,
});
globalStyle(`${rules} strong`, { fontSize: '1.6rem', lineHeight: 1.2 });
globalStyle(`${rules} span`, { color: vars.color.textMuted, fontSize: '0.9rem' });

export const ruleNotes = style({
  margin: '0 0 1.5rem',
  paddingLeft: '1.25rem',
  color: vars.color.textMuted,
  display: 'flex',
  flexDirection: 'column',
  gap: '0.25rem',
});

/** The notes that state the course's own rules (to pass, extra questions) stand out. */
export const ruleKey = style({ color: vars.color.text, fontWeight: 600 });

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

export const busy = style({ display: 'flex', alignItems: 'center', gap: '0.75rem', margin: 0 });
export const spinner = style({
  width: '1.25rem',
  height: '1.25rem',
  borderRadius: '50%',
  border: `3px solid ${vars.color.primary}`,
  borderRightColor: 'transparent',
  animation: `${spin} 700ms linear infinite`,
});

export const bar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '0.75rem',
  marginBottom: '0.75rem',
});

export const barText = style({ display: 'flex', flexDirection: 'column' });
// Focused (tabIndex -1) when a way out of the page was refused: the page, not a ring, shows it.
export const barTitle = style({ fontSize: '1.5rem', margin: 0, outline: 'none' });

/** "5 extra questions added": under the progress bar while the learner is on that question. */
export const extrasAdded = style({
  margin: '0.6rem 0 0',
  padding: '0.5rem 0.75rem',
  borderRadius: radius.md,
  border: `1px solid ${vars.color.warning}`,
  backgroundColor: vars.color.warningSoft,
  color: vars.color.text,
  fontWeight: 600,
});

export const timer = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '0.5rem',
  padding: '0.4rem 0.9rem',
  borderRadius: radius.full,
  border: `2px solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  fontSize: '1.25rem',
  fontWeight: 700,
  fontVariantNumeric: 'tabular-nums',
});

export const timerCritical = style({
  color: vars.color.danger,
  borderColor: vars.color.danger,
  backgroundColor: vars.color.dangerSoft,
});

export const questionCard = style({ marginTop: '1rem' });

export const summary = style([readingCard]);

export const verdict = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '0.6rem',
  padding: '0.5rem 1rem',
  borderRadius: radius.md,
  fontSize: '1.5rem',
  fontWeight: 800,
  marginBottom: '1rem',
  border: '2px solid',
});
/** Which rule decided, under the verdict. */
export const decision = style({ margin: '0 0 1rem', fontWeight: 600 });

export const passed = outcomeTone.success;
export const failed = outcomeTone.danger;

export const figures = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 140px), 1fr))',
  gap: '0.75rem',
  margin: '0 0 1rem',
});
// The tiles of a row are as tall as its tallest (a label on two lines, as in Russian): each
// figure sits at its tile's foot, so the figures of a row stay on one line.
globalStyle(`${figures} > div`, {
  display: 'flex',
  flexDirection: 'column',
  gap: '0.25rem',
  padding: '0.75rem',
  borderRadius: radius.md,
  backgroundColor: vars.color.bgSubtle,
});
globalStyle(`${figures} dt`, { fontSize: '0.85rem', color: vars.color.textMuted });
globalStyle(`${figures} dd`, { margin: 'auto 0 0', fontSize: '1.3rem', fontWeight: 700 });
/** A figure in words ("at most 2 mistakes"), smaller than a number so it keeps to a line or two. */
export const figureWords = style({});
globalStyle(`${figures} dd${figureWords}`, { fontSize: '1.05rem', lineHeight: 1.35 });

export const reviewFooter = style({ marginTop: '1.5rem' });

/** The exam's language or the learner's own, chosen on the intro (issue 42). */
export const languageChoice = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.md,
  padding: '0.75rem 1rem',
  margin: '0 0 1.25rem',
  display: 'flex',
  flexWrap: 'wrap',
  gap: '0.5rem 1.5rem',
});

export const languageOption = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '0.5rem',
  minHeight: '2.75rem',
  cursor: 'pointer',
});
