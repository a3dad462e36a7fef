import { style } from '@vanilla-extract/css';
import { radius, vars } from '../../theme/theme.css';

/** The question's photo as a button: it looks like the photo, and says it enlarges. */
export const opener = style({
  display: 'block',
  padding: 0,
  margin: '0 0 1rem',
  border: 'none',
  background: 'none',
  cursor: 'zoom-in',
  borderRadius: radius.md,
  maxWidth: '100%',
});

/** The photo inside the opener keeps its own look, without the margin the button now has. */
export const inButton = style({ margin: 0 });

export const overlay = style({
  position: 'fixed',
  inset: 0,
  backgroundColor: 'rgba(0, 0, 0, 0.85)',
  zIndex: 950,
});

/**
 * The enlarged photo fills the screen as far as it fits; on a phone it is pinched and panned
 * like any page content (touch-action lets the browser zoom inside the dialog).
 */
export const dialog = style({
  position: 'fixed',
  inset: 0,
  zIndex: 950,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: '3.5rem 0.5rem 0.5rem',
  overflow: 'auto',
  touchAction: 'pinch-zoom pan-x pan-y',
  selectors: { '&:focus': { outline: 'none' } },
});

export const large = style({
  display: 'block',
  maxWidth: '100%',
  maxHeight: '100%',
  width: 'auto',
  height: 'auto',
  minWidth: 'min(100%, 640px)',
  objectFit: 'contain',
  backgroundColor: '#fff',
  borderRadius: radius.md,
});

export const close = style({
  position: 'fixed',
  top: '0.5rem',
  right: '0.5rem',
  zIndex: 951,
  minWidth: '2.75rem',
  minHeight: '2.75rem',
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.md,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  fontSize: '1.5rem',
  lineHeight: 1,
  cursor: 'pointer',
});
