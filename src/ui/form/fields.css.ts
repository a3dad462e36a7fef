import { style } from '@vanilla-extract/css';
import { controlHeight, radius, vars } from '../../theme/theme.css';

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

/** A checkbox's hint: on its own line under the label, as a text field's hint is. */
export const checkHint = style({
  display: 'block',
  marginTop: '0.2rem',
  fontSize: '0.85rem',
  fontWeight: 400,
  color: vars.color.textMuted,
});

export const checkbox = style({
  width: '1.15rem',
  height: '1.15rem',
  margin: '0.1rem 0 0',
  accentColor: vars.color.primary,
  flexShrink: 0,
  cursor: 'pointer',
});

/**
 * A file picker worded in the interface language: the native input (which names its button in
 * the browser's language) lies transparent over a button and the chosen file's name, so clicks,
 * keyboard and screen readers still reach the real control.
 */
export const filePicker = style({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  gap: '0.75rem',
  maxWidth: '100%',
  minWidth: 0,
});

export const fileRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: '0.75rem',
});

export const fileInput = style({
  position: 'absolute',
  inset: 0,
  width: '100%',
  height: '100%',
  opacity: 0,
  cursor: 'pointer',
  selectors: { '&:disabled': { cursor: 'not-allowed' } },
});

export const fileButton = style({
  flexShrink: 0,
  // As tall as the upload button beside it.
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: controlHeight.md,
  padding: '0.45rem 0.9rem',
  borderRadius: radius.md,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.bgSubtle,
  color: vars.color.text,
  fontWeight: 600,
  fontSize: '0.9rem',
  selectors: {
    [`${fileInput}:focus-visible ~ &`]: {
      outline: `3px solid ${vars.color.focus}`,
      outlineOffset: '2px',
    },
    [`${fileInput}:hover:not(:disabled) ~ &`]: { borderColor: vars.color.primary },
    [`${fileInput}:disabled ~ &`]: { opacity: 0.6 },
  },
});

export const fileName = style({
  fontSize: '0.9rem',
  color: vars.color.textMuted,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  minWidth: 0,
});
