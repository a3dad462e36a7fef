import { globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { breakpoints, radius, vars } from '../../theme/theme.css';

export const top = style({
  display: 'grid',
  gap: '1rem',
  gridTemplateColumns: 'minmax(0, 1.1fr) minmax(0, 1fr)',
  '@media': { [breakpoints.mobile]: { gridTemplateColumns: 'minmax(0, 1fr)' } },
});

export const person = style({
  display: 'flex',
  gap: '1rem',
  alignItems: 'center',
  flexWrap: 'wrap',
});

export const avatar = style({
  display: 'grid',
  placeItems: 'center',
  width: '4rem',
  height: '4rem',
  borderRadius: '50%',
  backgroundColor: vars.color.primary,
  color: vars.color.primaryText,
  fontSize: '1.75rem',
  fontWeight: 800,
  flexShrink: 0,
});

export const name = style({ fontSize: '1.3rem', margin: 0, overflowWrap: 'anywhere' });

export const details = style({ margin: '1rem 0' });

export const badgeRow = style({ display: 'flex', alignItems: 'center', gap: '1rem' });

// Its own width beside a sentence that wraps, not whatever the sentence leaves it.
export const badgeIcon = style({ fontSize: '2.5rem', lineHeight: 1, flexShrink: 0 });

/** Every badge's sentence in one cell: the box is as tall as the longest (see BadgeSentence). */
export const badgeText = style({ display: 'grid' });
globalStyle(`${badgeText} > *`, { gridArea: '1 / 1' });
export const reserved = style({ visibility: 'hidden' });

export const level = styleVariants({
  newcomer: { color: vars.color.success },
  bronze: { color: vars.color.bronze },
  silver: { color: vars.color.silver },
  gold: { color: vars.color.gold },
});

export const progressSpacing = style({ margin: '0.5rem 0 0.25rem' });

export const table = style({
  width: '100%',
  borderCollapse: 'collapse',
  marginTop: '1rem',
  fontSize: '0.92rem',
});

export const cell = style({
  padding: '0.45rem 0.5rem',
  borderBottom: `1px solid ${vars.color.border}`,
  textAlign: 'left',
});

// The medal stays beside its name (it sat alone on a line above "Новичок" at tablet widths).
export const badgeName = style({ whiteSpace: 'nowrap' });

export const currentRow = style({ backgroundColor: vars.color.primarySoft, fontWeight: 700 });

export const tile = style({
  backgroundColor: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.lg,
  padding: '1rem',
  boxShadow: vars.shadow.sm,
  display: 'flex',
  flexDirection: 'column',
  gap: '0.25rem',
});

export const tileValue = style({
  fontSize: '1.8rem',
  fontWeight: 800,
  lineHeight: 1.1,
  order: 2,
  overflowWrap: 'anywhere',
});

export const tileLabel = style({ color: vars.color.textMuted, fontSize: '0.9rem', order: 1 });

export const actions = style({
  display: 'grid',
  gap: '0.75rem',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 11.25rem), 1fr))',
});

export const action = style({
  display: 'flex',
  alignItems: 'center',
  gap: '0.75rem',
  padding: '1rem',
  borderRadius: radius.lg,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  textDecoration: 'none',
  fontWeight: 700,
  boxShadow: vars.shadow.sm,
  transition: 'border-color 120ms ease, transform 120ms ease',
  '@media': {
    '(hover: hover)': {
      selectors: { '&:hover': { borderColor: vars.color.primary, transform: 'translateY(-1px)' } },
    },
  },
});

export const actionIcon = style({
  display: 'grid',
  placeItems: 'center',
  width: '2.5rem',
  height: '2.5rem',
  borderRadius: radius.md,
  backgroundColor: vars.color.primarySoft,
  fontSize: '1.25rem',
  // Square beside a hint that wraps: a flex item may shrink, and at 768 px the hint's longest
  // words took the icon's width (2.5 by 1.6 rem).
  flexShrink: 0,
});

export const actionText = style({ display: 'flex', flexDirection: 'column', minWidth: 0 });

export const actionHint = style({
  fontWeight: 400,
  fontSize: '0.85rem',
  color: vars.color.textMuted,
});

export const sectionTitle = style({ fontSize: '1.2rem', margin: '2rem 0 0.75rem' });

export const recentList = style({ listStyle: 'none', margin: 0, padding: 0 });

export const recentItem = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: '0.5rem 1rem',
  padding: '0.6rem 0',
  borderBottom: `1px solid ${vars.color.border}`,
  selectors: { '&:last-child': { borderBottom: 'none' } },
});

export const recentWhen = style({
  minWidth: '11rem',
  color: vars.color.textMuted,
  // On a phone the date is a line of its own above the score.
  '@media': { [breakpoints.mobile]: { flexBasis: '100%' } },
});

export const recentScore = style({
  flex: '1 1 8rem',
  fontWeight: 600,
  // On a phone the score too is a line of its own, the verdict and Review on the next: beside
  // a long score ("Верно 29 из 40 · баллы: 79 из 123") a wider badge pushed Review down alone
  // on some rows and not on others.
  '@media': { [breakpoints.mobile]: { flexBasis: '100%' } },
});

export const recentPassed = style({
  backgroundColor: vars.color.successSoft,
  color: vars.color.text,
});

export const recentFailed = style({
  backgroundColor: vars.color.dangerSoft,
  color: vars.color.text,
});

// The button keeps to the right edge when the row wraps.
globalStyle(`${recentItem} > button`, { marginLeft: 'auto' });

/** An exam left running, above everything else the page says. */
export const examInProgress = style({ marginBottom: '1.5rem' });
