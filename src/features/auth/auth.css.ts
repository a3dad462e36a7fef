import { style } from '@vanilla-extract/css';
import { radius, vars } from '../../theme/theme.css';

export const wrap = style({
  display: 'grid',
  placeItems: 'center',
  padding: '1rem 0 2rem',
});

export const panel = style({
  width: '100%',
  maxWidth: '460px',
  backgroundColor: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.lg,
  boxShadow: vars.shadow.md,
  padding: 'clamp(1.25rem, 4vw, 2.25rem)',
});

export const wide = style({ maxWidth: '560px' });

export const title = style({ fontSize: '1.7rem', margin: '0 0 0.25rem', textAlign: 'center' });

export const subtitle = style({
  textAlign: 'center',
  color: vars.color.textMuted,
  margin: '0 0 1.5rem',
});

export const form = style({ display: 'flex', flexDirection: 'column', gap: '1rem' });

export const pair = style({
  display: 'grid',
  gap: '1rem',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 180px), 1fr))',
});

export const switchText = style({ textAlign: 'center', margin: '1.25rem 0 0' });

export const links = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'center',
  gap: '0.25rem 1rem',
  marginTop: '1.25rem',
  paddingTop: '1rem',
  borderTop: `1px solid ${vars.color.border}`,
  fontSize: '0.9rem',
});

export const back = style({ display: 'flex', justifyContent: 'center', marginTop: '1rem' });
