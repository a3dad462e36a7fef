import { globalStyle, style } from '@vanilla-extract/css';
import { radius, vars } from '../../theme/theme.css';

export const star = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  minWidth: '2.75rem',
  minHeight: '2.75rem',
  padding: 0,
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.md,
  background: 'transparent',
  color: vars.color.textMuted,
  cursor: 'pointer',
  selectors: { '&:disabled': { cursor: 'progress' } },
  '@media': {
    // Only a real pointer hovers: a tap on a phone leaves no hover look behind.
    '(hover: hover)': { selectors: { '&:hover': { borderColor: vars.color.primary } } },
  },
});

/** Starred: a filled star in the warning colour. */
export const starOn = style({
  color: vars.color.warning,
  borderColor: vars.color.warning,
});
globalStyle(`${starOn} svg`, { fill: 'currentColor' });

/** A question's text with its star beside it, at the line's end. */
export const withStar = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: '0.75rem',
  justifyContent: 'space-between',
});
globalStyle(`${withStar} > :first-child`, { flex: '1 1 auto', minWidth: 0 });
