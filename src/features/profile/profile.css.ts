import { style } from '@vanilla-extract/css';
import { breakpoints, vars } from '../../theme/theme.css';

export const layout = style({
  display: 'grid',
  gap: '1rem',
  gridTemplateColumns: 'minmax(0, 320px) minmax(0, 1fr)',
  alignItems: 'start',
  '@media': { [breakpoints.mobile]: { gridTemplateColumns: 'minmax(0, 1fr)' } },
});

export const summary = style({ textAlign: 'center' });

export const avatar = style({
  display: 'grid',
  placeItems: 'center',
  width: '5rem',
  height: '5rem',
  margin: '0 auto 0.75rem',
  borderRadius: '50%',
  backgroundColor: vars.color.primary,
  color: vars.color.primaryText,
  fontSize: '2.25rem',
  fontWeight: 800,
});

export const name = style({ fontSize: '1.3rem', margin: '0 0 0.15rem', overflowWrap: 'anywhere' });

export const handle = style({
  color: vars.color.textMuted,
  margin: '0 0 0.75rem',
  overflowWrap: 'anywhere',
});

export const facts = style({
  margin: '1.25rem 0 0',
  paddingTop: '1rem',
  borderTop: `1px solid ${vars.color.border}`,
});

export const sectionHead = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  flexWrap: 'wrap',
  gap: '0.75rem',
  marginBottom: '1rem',
});

export const sectionTitle = style({ fontSize: '1.15rem', margin: 0 });

/** The note over the form (a notice has no margin of its own). */
export const notice = style({ marginBottom: '1rem' });

export const formActions = style({
  display: 'flex',
  gap: '0.5rem',
  flexWrap: 'wrap',
  marginTop: '1rem',
});
