import { style } from '@vanilla-extract/css';
import { radius, vars } from '../../theme/theme.css';

/**
 * Every tab in sight at every width: tabs that do not fit on one line go on to the next. (The
 * list used to scroll sideways below the desktop, and at 768 px the last tab, Settings in
 * Russian, lay past the edge behind a faint fade that few read as "more".)
 */
export const list = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: '0.25rem',
  marginBottom: '1.5rem',
  borderBottom: `1px solid ${vars.color.border}`,
  padding: '0.25rem 0.25rem 0',
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
    '&[aria-selected="true"]': { color: vars.color.link, borderBottomColor: vars.color.link },
    '&:focus-visible': { outlineOffset: '-3px' },
  },
  '@media': {
    '(hover: hover)': {
      selectors: { '&:hover': { color: vars.color.text, backgroundColor: vars.color.bgSubtle } },
    },
  },
});

export const panel = style({
  selectors: { '&:focus-visible': { outlineOffset: '4px', borderRadius: radius.sm } },
});
