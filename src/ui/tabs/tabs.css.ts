import { style } from '@vanilla-extract/css';
import { breakpoints, radius, vars } from '../../theme/theme.css';

/**
 * Holds the tab list and, on a screen too narrow for every tab, a fade at each edge with more
 * tabs beyond it: the list scrolls sideways, and a cut-off label alone would not say so.
 */
export const strip = style({
  position: 'relative',
  marginBottom: '1.5rem',
  selectors: {
    '&::before, &::after': {
      content: '""',
      position: 'absolute',
      top: 0,
      bottom: '1px',
      width: '2.5rem',
      pointerEvents: 'none',
      opacity: 0,
      transition: 'opacity 150ms ease',
    },
    '&::before': {
      left: 0,
      background: `linear-gradient(to right, ${vars.color.bg}, transparent)`,
    },
    '&::after': {
      right: 0,
      background: `linear-gradient(to left, ${vars.color.bg}, transparent)`,
    },
    '&[data-more-before]::before, &[data-more-after]::after': { opacity: 1 },
  },
});

export const list = style({
  display: 'flex',
  gap: '0.25rem',
  overflowX: 'auto',
  borderBottom: `1px solid ${vars.color.border}`,
  padding: '0.25rem 0.25rem 0',
  scrollbarWidth: 'thin',
  // On a phone every tab shows, on as many rows as they need: none hides past the edge.
  '@media': { [breakpoints.mobile]: { flexWrap: 'wrap', overflowX: 'visible' } },
});

export const tab = style({
  flexShrink: 0,
  padding: '0.65rem 1rem',
  border: 'none',
  borderBottom: '3px solid transparent',
  borderRadius: `${radius.sm} ${radius.sm} 0 0`,
  background: 'transparent',
  color: vars.color.textMuted,
  fontWeight: 600,
  cursor: 'pointer',
  whiteSpace: 'nowrap',
  selectors: {
    '&:hover': { color: vars.color.text, backgroundColor: vars.color.bgSubtle },
    '&[aria-selected="true"]': { color: vars.color.link, borderBottomColor: vars.color.link },
    '&:focus-visible': { outlineOffset: '-3px' },
  },
});

export const panel = style({
  selectors: { '&:focus-visible': { outlineOffset: '4px', borderRadius: radius.sm } },
});
