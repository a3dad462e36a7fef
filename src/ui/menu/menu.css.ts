import { style } from '@vanilla-extract/css';
import { breakpoints, radius, vars } from '../../theme/theme.css';

export const root = style({ position: 'relative', display: 'inline-block' });

export const trigger = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '0.45rem',
  padding: '0.4rem 0.7rem',
  borderRadius: radius.md,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  cursor: 'pointer',
  minHeight: '2.5rem',
  fontWeight: 500,
  '@media': {
    '(hover: hover)': { selectors: { '&:hover': { backgroundColor: vars.color.bgSubtle } } },
  },
});

export const caret = style({ fontSize: '0.7rem', color: vars.color.textMuted });

export const menu = style({
  position: 'absolute',
  top: 'calc(100% + 0.4rem)',
  zIndex: 800,
  minWidth: '14rem',
  maxWidth: 'calc(100vw - 1rem)',
  padding: '0.35rem',
  margin: 0,
  listStyle: 'none',
  backgroundColor: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.md,
  boxShadow: vars.shadow.lg,
});

export const alignEnd = style({ right: 0 });
export const alignStart = style({ left: 0 });
/** Opens above the trigger (the footer's, at its right end except on phones, where it starts the row). */
export const openUp = style({
  top: 'auto',
  bottom: 'calc(100% + 0.4rem)',
  '@media': { [breakpoints.desktop]: { left: 'auto', right: 0 } },
});

export const item = style({
  display: 'flex',
  alignItems: 'center',
  gap: '0.6rem',
  width: '100%',
  padding: '0.55rem 0.75rem',
  border: 'none',
  borderRadius: radius.sm,
  background: 'transparent',
  color: vars.color.text,
  textAlign: 'left',
  textDecoration: 'none',
  cursor: 'pointer',
  fontSize: '0.95rem',
  selectors: {
    '&:focus-visible': { outlineOffset: '-2px', backgroundColor: vars.color.bgSubtle },
    '&[aria-checked="true"]': { fontWeight: 700 },
  },
  '@media': {
    '(hover: hover)': { selectors: { '&:hover': { backgroundColor: vars.color.bgSubtle } } },
  },
});

export const header = style({
  padding: '0.5rem 0.75rem',
  borderBottom: `1px solid ${vars.color.border}`,
  marginBottom: '0.35rem',
  fontSize: '0.85rem',
  color: vars.color.textMuted,
  overflowWrap: 'anywhere',
});

export const separator = style({
  height: '1px',
  backgroundColor: vars.color.border,
  margin: '0.35rem 0',
});

/** A line of text where the menu opens: what became of the choice just made. */
export const note = style({
  padding: '0.6rem 0.75rem',
  fontSize: '0.9rem',
  lineHeight: 1.4,
  color: vars.color.text,
});
