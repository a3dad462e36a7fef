import { keyframes, style, styleVariants } from '@vanilla-extract/css';
import { controlHeight, radius, vars } from '../../theme/theme.css';

export const base = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '0.5rem',
  border: '1px solid transparent',
  borderRadius: radius.md,
  fontWeight: 600,
  lineHeight: 1.2,
  cursor: 'pointer',
  textDecoration: 'none',
  // A label longer than the line (a Russian one on a phone) wraps between its words inside the
  // button instead of pushing the page wider than the screen. keep-all keeps a Chinese label
  // such as 编辑 whole: CJK may otherwise break between any two characters, so a table would
  // squeeze its buttons to one character a line.
  maxWidth: '100%',
  textAlign: 'center',
  wordBreak: 'keep-all',
  overflowWrap: 'break-word',
  transition:
    'background-color 120ms ease, border-color 120ms ease, color 120ms ease, box-shadow 120ms ease, transform 80ms ease',
  selectors: {
    '&:active:not(:disabled, [aria-disabled="true"])': { transform: 'translateY(1px)' },
    // Busy (loading): the variant's colours, dimmed, beside its spinner.
    '&[aria-disabled="true"]': { opacity: 0.55, cursor: 'not-allowed' },
    // Off: greyed in every variant and theme. Dimming alone left a bright colour (the success
    // green on the dark theme) looking as clickable as ever.
    '&:disabled': {
      backgroundColor: vars.color.bgSubtle,
      borderColor: vars.color.border,
      color: vars.color.textMuted,
      boxShadow: 'none',
      opacity: 0.75,
      cursor: 'not-allowed',
    },
  },
});

export const variant = styleVariants({
  primary: {
    backgroundColor: vars.color.primary,
    color: vars.color.primaryText,
    '@media': {
      '(hover: hover)': {
        selectors: {
          '&:hover:not(:disabled, [aria-disabled="true"])': {
            backgroundColor: vars.color.primaryHover,
          },
        },
      },
    },
  },
  secondary: {
    backgroundColor: vars.color.bgSubtle,
    color: vars.color.text,
    borderColor: vars.color.border,
    '@media': {
      '(hover: hover)': {
        selectors: {
          '&:hover:not(:disabled, [aria-disabled="true"])': { borderColor: vars.color.secondary },
        },
      },
    },
  },
  success: {
    backgroundColor: vars.color.success,
    color: vars.color.primaryText,
    '@media': {
      '(hover: hover)': {
        selectors: {
          '&:hover:not(:disabled, [aria-disabled="true"])': {
            backgroundColor: vars.color.successHover,
          },
        },
      },
    },
  },
  warning: {
    backgroundColor: vars.color.warning,
    color: vars.color.warningText,
    '@media': {
      '(hover: hover)': {
        selectors: {
          '&:hover:not(:disabled, [aria-disabled="true"])': {
            backgroundColor: vars.color.warningHover,
          },
        },
      },
    },
  },
  danger: {
    backgroundColor: vars.color.danger,
    color: vars.color.primaryText,
    '@media': {
      '(hover: hover)': {
        selectors: {
          '&:hover:not(:disabled, [aria-disabled="true"])': {
            backgroundColor: vars.color.dangerHover,
          },
        },
      },
    },
  },
  ghost: {
    backgroundColor: 'transparent',
    color: vars.color.text,
    '@media': {
      '(hover: hover)': {
        selectors: {
          '&:hover:not(:disabled, [aria-disabled="true"])': {
            backgroundColor: vars.color.bgSubtle,
          },
        },
      },
    },
  },
  outline: {
    backgroundColor: 'transparent',
    color: vars.color.link,
    borderColor: vars.color.link,
    '@media': {
      '(hover: hover)': {
        selectors: {
          '&:hover:not(:disabled, [aria-disabled="true"])': {
            backgroundColor: vars.color.primarySoft,
          },
        },
      },
    },
  },
});

export const size = styleVariants({
  sm: {
    padding: '0.375rem 0.75rem',
    fontSize: '0.875rem',
    minHeight: controlHeight.sm,
    // A finger needs a bigger target than a mouse pointer.
    '@media': { '(pointer: coarse)': { minHeight: controlHeight.smCoarse } },
  },
  // As tall as a text field or a select: a button beside them lines up with their edges.
  md: { padding: '0.55rem 1.1rem', fontSize: '0.95rem', minHeight: controlHeight.md },
  lg: { padding: '0.75rem 1.5rem', fontSize: '1.05rem', minHeight: '3rem' },
  xl: { padding: '1rem 2rem', fontSize: '1.2rem', minHeight: '3.5rem' },
});

export const fullWidth = style({ width: '100%' });

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

export const spinner = style({
  width: '1em',
  height: '1em',
  borderRadius: '50%',
  border: '2px solid currentColor',
  borderRightColor: 'transparent',
  animation: `${spin} 700ms linear infinite`,
  flexShrink: 0,
});
