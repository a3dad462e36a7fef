import { style } from '@vanilla-extract/css';
import { radius, vars } from '../../theme/theme.css';

export const select = style({ appearance: 'auto', cursor: 'pointer' });

export const textarea = style({ minHeight: '5.5rem', resize: 'vertical', lineHeight: 1.45 });

export const check = style({
  display: 'inline-flex',
  alignItems: 'flex-start',
  gap: '0.6rem',
  cursor: 'pointer',
  fontWeight: 500,
  lineHeight: 1.35,
});

export const checkbox = style({
  width: '1.15rem',
  height: '1.15rem',
  margin: '0.1rem 0 0',
  accentColor: vars.color.primary,
  flexShrink: 0,
  cursor: 'pointer',
});

/** A checkbox drawn as a switch (role=switch). */
export const switchInput = style({
  appearance: 'none',
  position: 'relative',
  width: '2.5rem',
  height: '1.4rem',
  margin: 0,
  borderRadius: radius.full,
  backgroundColor: vars.color.border,
  flexShrink: 0,
  cursor: 'pointer',
  transition: 'background-color 120ms ease',
  selectors: {
    '&::after': {
      content: '""',
      position: 'absolute',
      top: '0.15rem',
      left: '0.15rem',
      width: '1.1rem',
      height: '1.1rem',
      borderRadius: '50%',
      backgroundColor: '#fff',
      boxShadow: '0 1px 2px rgba(0,0,0,0.3)',
      transition: 'transform 120ms ease',
    },
    '&:checked': { backgroundColor: vars.color.success },
    '&:checked::after': { transform: 'translateX(1.1rem)' },
  },
});

export const fileRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: '0.5rem',
});

export const fileInput = style({
  maxWidth: '100%',
  fontSize: '0.9rem',
  selectors: {
    '&::file-selector-button': {
      marginRight: '0.75rem',
      padding: '0.45rem 0.9rem',
      borderRadius: radius.md,
      border: `1px solid ${vars.color.border}`,
      backgroundColor: vars.color.bgSubtle,
      color: vars.color.text,
      fontWeight: 600,
      cursor: 'pointer',
    },
  },
});
