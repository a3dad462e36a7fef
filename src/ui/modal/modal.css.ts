import { keyframes, style } from '@vanilla-extract/css';
import { radius, vars } from '../../theme/theme.css';

const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });
const popIn = keyframes({
  from: { opacity: 0, transform: 'translate(-50%, -48%) scale(0.97)' },
  to: { opacity: 1, transform: 'translate(-50%, -50%) scale(1)' },
});

// Overlay and content share one layer, painted in page order: a dialog opened over another
// (the discard question over a form) dims the one below it too.
export const overlay = style({
  position: 'fixed',
  inset: 0,
  backgroundColor: vars.color.overlay,
  zIndex: 900,
  animation: `${fadeIn} 150ms ease-out`,
});

export const content = style({
  position: 'fixed',
  top: '50%',
  left: '50%',
  transform: 'translate(-50%, -50%)',
  zIndex: 900,
  width: 'min(560px, calc(100vw - 1.5rem))',
  maxHeight: 'calc(100vh - 2rem)',
  overflowY: 'auto',
  // A field focused by Tab behind the sticky buttons (footer) scrolls up above them.
  scrollPaddingBottom: '6rem',
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  borderRadius: radius.lg,
  boxShadow: vars.shadow.lg,
  border: `1px solid ${vars.color.border}`,
  padding: '1.5rem',
  animation: `${popIn} 160ms ease-out`,
  selectors: { '&:focus': { outline: 'none' } },
});

export const wide = style({ width: 'min(820px, calc(100vw - 1.5rem))' });

export const header = style({
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: '1rem',
  marginBottom: '1rem',
});

export const title = style({ fontSize: '1.25rem', margin: 0 });

// A quoted question or name may hold a long run without spaces: it wraps inside the dialog.
export const description = style({
  color: vars.color.textMuted,
  // The header's own margin spaces it from what follows; a paragraph's would double it.
  margin: '0.25rem 0 0',
  overflowWrap: 'anywhere',
});

export const close = style({
  border: 'none',
  background: 'transparent',
  color: vars.color.textMuted,
  cursor: 'pointer',
  fontSize: '1.5rem',
  lineHeight: 1,
  padding: '0.25rem 0.5rem',
  borderRadius: radius.sm,
  '@media': {
    '(hover: hover)': { selectors: { '&:hover': { backgroundColor: vars.color.bgSubtle } } },
  },
});

/**
 * The dialog's buttons. A form too long for the screen scrolls under them: they stay at the
 * dialog's bottom edge, on its own background, reaching across its padding.
 */
export const footer = style({
  display: 'flex',
  justifyContent: 'flex-end',
  flexWrap: 'wrap',
  gap: '0.5rem',
  position: 'sticky',
  // Sticky offsets count from inside the dialog's padding: this reaches its bottom edge.
  bottom: '-1.5rem',
  zIndex: 1,
  margin: '0.5rem -1.5rem -1.5rem',
  padding: '0.75rem 1.5rem 1.5rem',
  backgroundColor: vars.color.surface,
  borderBottomLeftRadius: radius.lg,
  borderBottomRightRadius: radius.lg,
});
