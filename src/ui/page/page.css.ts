import { globalStyle, style } from '@vanilla-extract/css';
import { breakpoints, radius, vars } from '../../theme/theme.css';
import { BELOW_HEADER } from '../layout/header-height';

export const header = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  justifyContent: 'space-between',
  gap: '1rem',
  marginBottom: '1.5rem',
});

/** Beside the actions, the title may shrink: a word too long for the line then wraps inside. */
export const heading = style({ minWidth: 0 });

// Small enough on a 320 px phone for Russian's longest title word ("конфиденциальности")
// to fit the line, as large as before from a tablet up.
export const title = style({
  fontSize: 'clamp(1.35rem, 0.9rem + 2.25vw, 2.2rem)',
  margin: 0,
  letterSpacing: '-0.01em',
  // Focused only by script, to carry the focus to a new screen (see PageHeader): not a control.
  outline: 'none',
});

export const subtitle = style({
  color: vars.color.textMuted,
  margin: '0.35rem 0 0',
  maxWidth: '60ch',
});

export const grid = style({
  display: 'grid',
  gap: '1rem',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 260px), 1fr))',
});

export const gridSmall = style({
  display: 'grid',
  gap: '0.75rem',
  // In rem: with larger text (a browser's text size, zoomed text) the tiles widen with it.
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 10rem), 1fr))',
});

export const stack = style({ display: 'flex', flexDirection: 'column', gap: '1.25rem' });

export const row = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: '0.75rem',
  alignItems: 'center',
});

export const muted = style({ color: vars.color.textMuted });

export const narrow = style({ maxWidth: '480px', margin: '0 auto', width: '100%' });

/**
 * A page's one card of reading width (an intro before an exam or a training run, an exam's
 * result), centred in the page as the sign-in and registration forms are, not left at the
 * page's left edge with the rest of a wide window empty beside it. Only where that leaves a
 * clear margin on each side: a few pixels in from the page's title reads as a misalignment,
 * so narrower windows give the card the page's width.
 */
export const readingCard = style({
  '@media': { 'screen and (min-width: 900px)': { maxWidth: '720px', marginInline: 'auto' } },
});

export const prose = style({ maxWidth: '75ch' });

export const section = style({ marginTop: '2rem' });

export const icon = style({
  display: 'inline-grid',
  placeItems: 'center',
  width: '3rem',
  height: '3rem',
  borderRadius: radius.md,
  backgroundColor: vars.color.primarySoft,
  color: vars.color.link,
  marginBottom: '0.75rem',
});

export const shell = style({
  padding: '3rem 1.5rem',
  textAlign: 'center',
  '@media': { [breakpoints.mobile]: { padding: '2rem 1rem' } },
});

/**
 * A bar that stays in view below the header as the page scrolls (the exam's timer and progress);
 * the page's own background hides what scrolls under it.
 */
export const stickyBar = style({
  position: 'sticky',
  top: BELOW_HEADER,
  zIndex: 10,
  backgroundColor: vars.color.bg,
  paddingBlock: '0.5rem',
  // The header does not stay on a low screen (layout.css.ts): the bar stays at the top instead.
  '@media': { [breakpoints.short]: { top: 0 } },
});

// While a sticky bar shows, what focus brings into view stops below it too (see theme.css.ts):
// a focused answer used to hide behind the exam's timer.
globalStyle(`html:has(${stickyBar})`, {
  scrollPaddingTop: `calc(${BELOW_HEADER} + 6rem)`,
  '@media': { [breakpoints.short]: { scrollPaddingTop: '6rem' } },
});
