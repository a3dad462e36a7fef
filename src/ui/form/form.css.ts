import { style } from '@vanilla-extract/css';
import { controlHeight, radius, vars } from '../../theme/theme.css';

export const field = style({
  display: 'flex',
  flexDirection: 'column',
  gap: '0.35rem',
  minWidth: 0,
});

export const label = style({ fontWeight: 600, fontSize: '0.9rem' });

export const required = style({ color: vars.color.danger, marginLeft: '0.15rem' });

export const input = style({
  width: '100%',
  padding: '0.6rem 0.75rem',
  borderRadius: radius.md,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  minHeight: '2.6rem',
  transition: 'border-color 120ms ease, box-shadow 120ms ease',
  selectors: {
    // A field marked wrong stays red under the pointer while its message shows.
    '&:focus-visible': {
      outline: 'none',
      borderColor: vars.color.focus,
      boxShadow: `0 0 0 3px ${vars.color.focus}`,
    },
    '&[readonly], &:disabled': {
      backgroundColor: vars.color.bgSubtle,
      color: vars.color.text,
      cursor: 'default',
    },
    // A value to read, not a box to type in (the profile before Edit).
    '&[readonly]': { borderColor: 'transparent' },
    '&[aria-invalid="true"]': { borderColor: vars.color.danger },
  },
  '@media': {
    '(hover: hover)': {
      selectors: {
        '&:hover:not(:disabled):not([readonly]):not([aria-invalid="true"])': {
          borderColor: vars.color.secondary,
        },
      },
    },
  },
});

/**
 * A one-line field (a text box, a select): one height whatever its type or font, the same as a
 * button's, so a search box, a select and a button side by side line up.
 */
export const singleLine = style({ height: controlHeight.md, paddingBlock: 0 });

export const hint = style({ fontSize: '0.85rem', color: vars.color.textMuted, margin: 0 });

export const warning = style({
  fontSize: '0.85rem',
  color: vars.color.text,
  margin: 0,
  padding: '0.4rem 0.6rem',
  borderLeft: `4px solid ${vars.color.warning}`,
  borderRadius: radius.sm,
  backgroundColor: vars.color.warningSoft,
});

export const count = style({
  fontSize: '0.8rem',
  color: vars.color.textMuted,
  margin: 0,
  alignSelf: 'flex-end',
  fontVariantNumeric: 'tabular-nums',
});

export const countFull = style({ color: vars.color.danger, fontWeight: 600 });

export const error = style({
  fontSize: '0.85rem',
  color: vars.color.danger,
  margin: 0,
  fontWeight: 500,
});

/** Two columns where each gets 220 px, else one: four fields read as two pairs, never 3 + 1. */
export const grid = style({
  display: 'grid',
  gap: '1rem',
  gridTemplateColumns: 'repeat(auto-fill, minmax(max(220px, calc((100% - 1rem) / 2)), 1fr))',
});

export const stack = style({ display: 'flex', flexDirection: 'column', gap: '1rem' });
