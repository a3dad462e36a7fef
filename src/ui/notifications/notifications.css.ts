import { keyframes, style, styleVariants } from '@vanilla-extract/css';
import { radius, vars } from '../../theme/theme.css';

const slideIn = keyframes({
  from: { opacity: 0, transform: 'translateX(24px)' },
  to: { opacity: 1, transform: 'translateX(0)' },
});
const slideOut = keyframes({
  from: { opacity: 1, transform: 'translateX(0)' },
  to: { opacity: 0, transform: 'translateX(24px)' },
});

export const toast = style({
  pointerEvents: 'auto',
  display: 'flex',
  alignItems: 'flex-start',
  gap: '0.75rem',
  padding: '0.85rem 1rem',
  borderRadius: radius.md,
  backgroundColor: vars.color.surfaceRaised,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderLeftWidth: '5px',
  boxShadow: vars.shadow.lg,
  animation: `${slideIn} 200ms ease-out`,
});

export const leaving = style({ animation: `${slideOut} 300ms ease-in forwards` });

export const kind = styleVariants({
  success: { borderLeftColor: vars.color.success },
  info: { borderLeftColor: vars.color.info },
  warning: { borderLeftColor: vars.color.warning },
  error: { borderLeftColor: vars.color.danger },
});

export const icon = styleVariants({
  success: { color: vars.color.success },
  info: { color: vars.color.info },
  warning: { color: vars.color.warningHover },
  error: { color: vars.color.danger },
});

export const message = style({ flex: 1, margin: 0, overflowWrap: 'anywhere' });

export const close = style({
  border: 'none',
  background: 'transparent',
  cursor: 'pointer',
  color: vars.color.textMuted,
  fontSize: '1.25rem',
  lineHeight: 1,
  padding: '0 0.25rem',
  borderRadius: radius.sm,
});
