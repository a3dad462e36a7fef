import { keyframes, style } from '@vanilla-extract/css';
import { radius, vars } from '../../theme/theme.css';

export const card = style({
  backgroundColor: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.lg,
  boxShadow: vars.shadow.sm,
  padding: '1.25rem',
  minWidth: 0,
});

export const title = style({ fontSize: '1.125rem', margin: '0 0 0.75rem' });

export const errorCard = style({
  borderColor: vars.color.danger,
  backgroundColor: vars.color.dangerSoft,
});

export const alert = style({
  padding: '0.75rem 1rem',
  borderRadius: radius.md,
  border: '1px solid',
  margin: '0 0 1rem',
});

/**
 * Screen readers read a status when its region changes, not when the region arrives with its
 * words: a status's words come in a moment after its region, which is on the page (see-through)
 * in between.
 */
const WORDS_AFTER = '150ms';
const appear = keyframes({ from: { opacity: 0 } });
const hidden = keyframes({ from: { visibility: 'hidden' }, to: { visibility: 'hidden' } });

export const status = style({
  animation: `${appear} 120ms ease-out ${WORDS_AFTER} backwards`,
  '@media': { '(prefers-reduced-motion: reduce)': { animationDuration: '0s' } },
});

/** Lays its children out as the status's own (it has no box). */
export const statusWords = style({
  display: 'contents',
  animation: `${hidden} 0s ${WORDS_AFTER} backwards`,
});

export const alertTone = {
  error: style({
    borderColor: vars.color.danger,
    backgroundColor: vars.color.dangerSoft,
    color: vars.color.text,
  }),
  success: style({
    borderColor: vars.color.success,
    backgroundColor: vars.color.successSoft,
    color: vars.color.text,
  }),
  info: style({
    borderColor: vars.color.info,
    backgroundColor: vars.color.infoSoft,
    color: vars.color.text,
  }),
  warning: style({
    borderColor: vars.color.warning,
    backgroundColor: vars.color.warningSoft,
    color: vars.color.text,
  }),
};

/** An alert with its own buttons: beside the text while there is room. */
export const notice = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: '0.5rem 1rem',
  margin: 0,
});

export const noticeText = style({ margin: 0, flex: '1 1 16rem' });

export const noticeActions = style({ display: 'flex', flexWrap: 'wrap', gap: '0.5rem' });

export const badge = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '0.25rem',
  padding: '0.15rem 0.6rem',
  borderRadius: radius.full,
  fontSize: '0.8rem',
  fontWeight: 600,
  // A pill is one short word or two; broken over lines (布尔 / 值) it reads as two pills.
  whiteSpace: 'nowrap',
  backgroundColor: vars.color.primarySoft,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
});
