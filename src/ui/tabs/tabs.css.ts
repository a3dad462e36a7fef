import { style } from '@vanilla-extract/css';
import { radius, vars } from '../../theme/theme.css';

export const list = style({
  display: 'flex',
  gap: '0.25rem',
  overflowX: 'auto',
  borderBottom: `1px solid ${vars.color.border}`,
  marginBottom: '1.5rem',
  padding: '0.25rem 0.25rem 0',
  scrollbarWidth: 'thin',
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
