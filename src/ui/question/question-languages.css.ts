import { style } from '@vanilla-extract/css';
import { breakpoints, radius, vars } from '../../theme/theme.css';

export const frame = style({ display: 'flex', flexDirection: 'column', gap: '0.75rem' });

/** Read aloud, its speed and the exam language's toggle, in one wrapping row above the question. */
export const tools = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: '0.5rem',
});

export const toolButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '0.4rem',
  minHeight: '2.25rem',
  padding: '0.3rem 0.75rem',
  borderRadius: radius.full,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  fontSize: '0.9rem',
  cursor: 'pointer',
  '@media': {
    '(hover: hover)': { selectors: { '&:hover': { borderColor: vars.color.primary } } },
    '(pointer: coarse)': { minHeight: '2.75rem' },
  },
});

export const toolButtonOn = style({
  borderColor: vars.color.primary,
  backgroundColor: vars.color.primarySoft,
});

export const rate = style({ display: 'inline-flex' });

export const rateSelect = style({
  minHeight: '2.25rem',
  padding: '0.3rem 0.5rem',
  borderRadius: radius.full,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  fontSize: '0.9rem',
  '@media': { '(pointer: coarse)': { minHeight: '2.75rem' } },
});

export const note = style({
  margin: 0,
  padding: '0.5rem 0.75rem',
  borderRadius: radius.md,
  borderLeft: `4px solid ${vars.color.warning}`,
  backgroundColor: vars.color.warningSoft,
  fontSize: '0.9rem',
  overflowWrap: 'anywhere',
});

/** The question and the exam language's words side by side on a desktop, one under the other on a phone. */
export const columns = style({
  display: 'grid',
  gap: '1.25rem',
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': {
    [breakpoints.desktop]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
  },
});

export const column = style({ minWidth: 0 });

export const original = style({
  padding: '1rem',
  borderRadius: radius.md,
  border: `1px dashed ${vars.color.border}`,
  backgroundColor: vars.color.bgSubtle,
  alignSelf: 'start',
});

export const originalHead = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '0.5rem',
  marginBottom: '0.75rem',
});

export const originalTag = style({
  fontSize: '0.85rem',
  fontWeight: 600,
  color: vars.color.textMuted,
});
