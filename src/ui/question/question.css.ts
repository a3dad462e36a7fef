import { globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { breakpoints, radius, vars } from '../../theme/theme.css';

/** A bank's text keeps the lines it was written in (an instruction on a line of its own). */
export const asWritten = style({ whiteSpace: 'pre-line' });

export const text = style([
  asWritten,
  {
    fontSize: 'clamp(1.05rem, 1rem + 0.4vw, 1.25rem)',
    fontWeight: 600,
    margin: '0 0 1rem',
    overflowWrap: 'anywhere',
    outline: 'none',
  },
]);

export const photo = style({
  display: 'block',
  width: 'auto',
  maxWidth: 'min(100%, 420px)',
  maxHeight: '280px',
  objectFit: 'contain',
  borderRadius: radius.md,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: '#fff',
  margin: '0 0 1rem',
  '@media': { [breakpoints.mobile]: { maxHeight: '200px' } },
});

export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: '0.5rem',
});

export const option = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: '0.75rem',
  width: '100%',
  minHeight: '3rem',
  padding: '0.7rem 0.9rem',
  borderRadius: radius.md,
  border: `2px solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  textAlign: 'left',
  lineHeight: 1.4,
  overflowWrap: 'anywhere',
  transition: 'border-color 120ms ease, background-color 120ms ease',
});

export const button = style({
  cursor: 'pointer',
  selectors: {
    '&[aria-disabled="true"]': { cursor: 'default' },
  },
  '@media': {
    '(hover: hover)': {
      selectors: { '&:hover:not([aria-disabled="true"])': { borderColor: vars.color.primary } },
    },
  },
});

export const tone = styleVariants({
  none: {},
  selected: { borderColor: vars.color.primary, backgroundColor: vars.color.primarySoft },
  right: { borderColor: vars.color.success, backgroundColor: vars.color.successSoft },
  wrong: { borderColor: vars.color.danger, backgroundColor: vars.color.dangerSoft },
  missed: {
    borderColor: vars.color.success,
    borderStyle: 'dashed',
    backgroundColor: vars.color.successSoft,
  },
});

export const key = style({
  flexShrink: 0,
  display: 'inline-grid',
  placeItems: 'center',
  width: '1.75rem',
  height: '1.75rem',
  borderRadius: radius.sm,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.bgSubtle,
  color: vars.color.textMuted,
  fontWeight: 700,
  fontSize: '0.9rem',
});

export const keySelected = style({
  backgroundColor: vars.color.primary,
  borderColor: vars.color.primary,
  color: vars.color.primaryText,
});

export const optionText = style([asWritten, { flex: 1, paddingTop: '0.1rem' }]);

export const mark = style({ flexShrink: 0, marginLeft: 'auto', paddingTop: '0.1rem' });
export const markTone = styleVariants({
  right: { color: vars.color.success },
  wrong: { color: vars.color.danger },
  missed: { color: vars.color.success },
});

export const explanation = style([
  asWritten,
  {
    marginTop: '1rem',
    padding: '0.75rem 1rem',
    borderRadius: radius.md,
    borderLeft: `4px solid ${vars.color.info}`,
    backgroundColor: vars.color.infoSoft,
    overflowWrap: 'anywhere',
  },
]);

/** A row of a card's closing buttons, the main one right; stacked, main one on top, on a phone. */
export const actionRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'flex-end',
  gap: '0.75rem',
  marginTop: '1.25rem',
  '@media': {
    [breakpoints.mobile]: { flexDirection: 'column-reverse', alignItems: 'stretch' },
  },
});

/**
 * A question's hint and main button (Check, Next, Finish). On a phone they stay at the screen's
 * bottom edge while a long question scrolls under them: a photo would push them below it. Not on
 * a screen low and wide (a page zoomed far in), where the bar would hide most of the answers.
 */
export const questionActions = style([
  actionRow,
  {
    '@media': {
      [breakpoints.mobileUpright]: {
        position: 'sticky',
        bottom: 0,
        zIndex: 5,
        // Across the card's padding, so the question does not show at the bar's sides.
        marginInline: '-1.25rem',
        padding: '0.75rem 1.25rem max(0.75rem, env(safe-area-inset-bottom))',
        gap: '0.5rem',
        backgroundColor: vars.color.surface,
        borderTop: `1px solid ${vars.color.border}`,
      },
    },
  },
]);

/** The short hint beside a question's main button, kept to the left of it. */
export const actionHint = style({ marginRight: 'auto' });

// Under the button in a phone's bottom bar: one small centred line, so the bar stays low.
globalStyle(`${questionActions} ${actionHint}`, {
  '@media': {
    [breakpoints.mobile]: { marginRight: 0, fontSize: '0.85rem', textAlign: 'center' },
  },
});

/** A line above the answers. */
export const answersHint = style({
  margin: '0 0 0.5rem',
  fontSize: '0.9rem',
  color: vars.color.textMuted,
});

/** Why a pick did nothing: in the text's own colour, so it is not read past as the hint is. */
export const limitNotice = style({ color: vars.color.text, fontWeight: 600 });

// Keyboard shortcuts mean nothing on a touch screen without a keyboard.
export const keyboardHint = style({
  '@media': { '(hover: none) and (pointer: coarse)': { display: 'none' } },
});
