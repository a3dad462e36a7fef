import { style } from '@vanilla-extract/css';
import { radius, vars } from '../../theme/theme.css';

export const bar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: '0.75rem 1rem',
});

export const search = style({ flex: '1 1 18rem', minWidth: 0 });

export const topic = style({ flex: '0 1 16rem', minWidth: '10rem' });

/** The input with room on the right for the clear button inside it. */
export const inputWrap = style({ position: 'relative' });

export const input = style({
  paddingRight: '2.75rem',
  selectors: {
    // The browser's own clear cross would sit beside ours and answer no translation.
    '&::-webkit-search-cancel-button': { appearance: 'none' },
  },
});

export const clear = style({
  position: 'absolute',
  top: '50%',
  right: '0.3rem',
  transform: 'translateY(-50%)',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '2.1rem',
  height: '2.1rem',
  border: 'none',
  borderRadius: radius.md,
  background: 'transparent',
  color: vars.color.textMuted,
  cursor: 'pointer',
  selectors: {
    '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '-3px' },
  },
  '@media': {
    '(hover: hover)': {
      selectors: { '&:hover': { color: vars.color.text, backgroundColor: vars.color.bgSubtle } },
    },
  },
});
