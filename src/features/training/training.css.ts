import { globalStyle, keyframes, style, styleVariants } from '@vanilla-extract/css';
import { breakpoints, outcomeTone, radius, vars } from '../../theme/theme.css';
import { actionRow, asWritten } from '../../ui/question/question.css';
import { track } from '../../ui/progress/progress.css';
import { readingCard } from '../../ui/page/page.css';

export const alert = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '0.75rem',
  flexWrap: 'wrap',
});

/** The mode cards' word that the course has no questions yet, above the cards. */
export const emptyCourse = style({ marginBottom: '1rem' });

export const modeGrid = style({
  listStyle: 'none',
  padding: 0,
  margin: 0,
  display: 'grid',
  gap: '1rem',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 260px), 1fr))',
});

export const modeCard = style({ height: '100%', display: 'flex', flexDirection: 'column' });
export const cardTitle = style({ fontSize: '1.15rem', margin: '0 0 0.35rem' });
export const cardButton = style({ marginTop: 'auto' });

export const topBar = style({ marginBottom: '1rem' });

export const intro = style([readingCard]);
export const facts = style({
  margin: '0 0 1.5rem',
  paddingLeft: '1.25rem',
  color: vars.color.textMuted,
  display: 'flex',
  flexDirection: 'column',
  gap: '0.25rem',
});

export const stats = style({
  display: 'grid',
  gap: '0.75rem',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 160px), 1fr))',
  marginBottom: '1.25rem',
});

export const stat = style({
  display: 'flex',
  flexDirection: 'column',
  padding: '0.85rem 1rem',
  borderRadius: radius.md,
  backgroundColor: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
});
export const statValue = style({ fontSize: '1.6rem', fontWeight: 800, lineHeight: 1.2 });

/** Where the cards' progress comes from, said once between the stats and the cards. */
export const progressNote = style({ margin: '-0.5rem 0 1rem', fontSize: '0.9rem' });

export const listGrid = style({
  listStyle: 'none',
  padding: 0,
  margin: 0,
  display: 'grid',
  gap: '0.75rem',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 200px), 1fr))',
});

export const itemCard = style({
  height: '100%',
  display: 'flex',
  flexDirection: 'column',
  padding: '1rem',
});
globalStyle(`${itemCard} p`, { flex: 1, fontSize: '0.9rem', margin: '0 0 0.75rem' });

export const practiceBar = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: '0.75rem',
  flexWrap: 'wrap',
  marginBottom: '1rem',
});

export const practiceHead = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'flex-end',
  flexWrap: 'wrap',
  gap: '0.5rem 1rem',
  marginBottom: '0.6rem',
});
// Focused (tabIndex -1) when a way out of the page was refused: the page, not a ring, shows it.
export const practiceTitle = style({ fontSize: '1.5rem', margin: 0, outline: 'none' });
export const practiceMeta = style({
  display: 'flex',
  gap: '1rem',
  flexWrap: 'wrap',
  color: vars.color.textMuted,
});
export const score = style({ fontWeight: 700, color: vars.color.text });

export const questionCard = style({ marginTop: '1rem' });

export const timerBox = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '0.5rem',
  padding: '0.45rem 1rem',
  borderRadius: radius.md,
  border: '2px solid',
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  fontSize: '1.3rem',
  fontWeight: 700,
  fontVariantNumeric: 'tabular-nums',
  // At the bar's end even when the way back is not beside it (time-up).
  marginLeft: 'auto',
});

export const timerTone = styleVariants({
  normal: { borderColor: vars.color.border, backgroundColor: vars.color.surface },
  warning: {
    borderColor: vars.color.warning,
    backgroundColor: vars.color.warningSoft,
    color: vars.color.text,
  },
  critical: {
    borderColor: vars.color.danger,
    backgroundColor: vars.color.dangerSoft,
    color: vars.color.danger,
  },
});

const pulseFrames = keyframes({
  '0%, 100%': { transform: 'scale(1)', opacity: 1 },
  '50%': { transform: 'scale(1.06)', opacity: 0.85 },
});
export const pulse = style({
  animation: `${pulseFrames} 1s ease-in-out infinite`,
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
});

export const verdict = style({
  display: 'flex',
  alignItems: 'center',
  gap: '0.5rem',
  marginTop: '1rem',
  padding: '0.6rem 1rem',
  borderRadius: radius.md,
  fontWeight: 700,
  border: '1px solid',
});
export const verdictRight = outcomeTone.success;
export const verdictWrong = outcomeTone.danger;

/** Takes the focus when the time is up, as the question's text does; it is not a control. */
export const timeUpTitle = style({ outline: 'none' });

/** The time-up card's buttons: try again first, then back; stacked in that order on a phone. */
export const timeUpActions = style([
  actionRow,
  {
    justifyContent: 'flex-start',
    '@media': { [breakpoints.mobile]: { flexDirection: 'column' } },
  },
]);

/** The intro's word that there is nothing to practise yet, above its (disabled) start button. */
export const nothing = style({
  margin: '0 0 1rem',
  padding: '0.75rem 1rem',
  borderRadius: radius.md,
  backgroundColor: vars.color.infoSoft,
});

/** A ticket's or topic's progress on its card: a two-colour bar and a line of words. */
export const setProgress = style({
  flex: 1,
  display: 'flex',
  flexDirection: 'column',
  gap: '0.4rem',
  marginBottom: '0.75rem',
});
/** With progress below it, the card's meta line no longer takes the spare height: the bars line up. */
export const metaAbove = style({ selectors: { [`${itemCard} &`]: { flex: 'none' } } });
export const setProgressTrack = style([track, { display: 'flex', height: '0.4rem' }]);
export const setProgressRight = style({ backgroundColor: vars.color.success });
export const setProgressWrong = style({ backgroundColor: vars.color.danger });
export const setProgressText = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  columnGap: '0.75rem',
  rowGap: '0.25rem',
  fontSize: '0.85rem',
  color: vars.color.textMuted,
});
export const masteredBadge = style([
  outcomeTone.success,
  {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '0.25rem',
    padding: '0 0.5rem',
    border: '1px solid',
    borderRadius: radius.full,
    fontWeight: 700,
  },
]);

/** The run's summary: its mistakes, each with what was picked and what was right. */
export const summaryHeading = style({ fontSize: '1.1rem', margin: '1.25rem 0 0.5rem' });
export const mistakes = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: '0.75rem',
});
export const mistake = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.md,
  padding: '0.75rem 1rem',
  overflowWrap: 'anywhere',
});
export const mistakeQuestion = style([asWritten, { margin: 0, fontWeight: 600 }]);
export const mistakeWrong = style({ margin: '0.5rem 0 0', color: vars.color.textMuted });
export const mistakeRight = style({ margin: '0.25rem 0 0', fontWeight: 600 });
