import { style } from '@vanilla-extract/css';
import { breakpoints, controlHeight, radius, vars } from '../../theme/theme.css';

// On a phone: previous and next on the first row at either end, the page numbers centred on the
// second and go-to-page on the third (wrapping freely, next ended up alone on a line of its own).
export const nav = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '0.75rem 1.25rem',
  margin: '1.5rem 0',
  '@media': {
    [breakpoints.mobile]: {
      display: 'grid',
      gridTemplateColumns: 'auto auto',
      gridTemplateAreas: '"previous next" "pages pages" "goto goto" "error error"',
      justifyContent: 'space-between',
      justifyItems: 'center',
    },
  },
});

export const previous = style({
  '@media': { [breakpoints.mobile]: { gridArea: 'previous', justifySelf: 'start' } },
});

export const next = style({
  '@media': { [breakpoints.mobile]: { gridArea: 'next', justifySelf: 'end' } },
});

export const pages = style({
  '@media': { [breakpoints.mobile]: { gridArea: 'pages' } },
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '0.35rem',
  listStyle: 'none',
  margin: 0,
  padding: 0,
});

export const current = style({
  backgroundColor: vars.color.primary,
  color: vars.color.primaryText,
  borderColor: vars.color.primary,
});

export const goto = style({
  '@media': { [breakpoints.mobile]: { gridArea: 'goto', justifyContent: 'center' } },
  display: 'flex',
  alignItems: 'center',
  gap: '0.5rem',
  flexWrap: 'wrap',
});

export const gotoInput = style({
  width: '5rem',
  padding: '0.45rem 0.6rem',
  borderRadius: radius.md,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  // As tall as the small buttons beside it.
  height: controlHeight.sm,
  paddingBlock: 0,
  '@media': { '(pointer: coarse)': { height: controlHeight.smCoarse } },
});

export const error = style({
  '@media': { [breakpoints.mobile]: { gridArea: 'error' } },
  color: vars.color.danger,
  fontSize: '0.85rem',
  width: '100%',
  textAlign: 'center',
  margin: 0,
});

export const summary = style({ color: vars.color.textMuted, fontSize: '0.9rem' });
