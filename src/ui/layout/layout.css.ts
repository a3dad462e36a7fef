import { style } from '@vanilla-extract/css';
import { breakpoints, radius, vars } from '../../theme/theme.css';

export const skipLink = style({
  position: 'absolute',
  left: '0.5rem',
  top: '-4rem',
  zIndex: 1100,
  padding: '0.6rem 1rem',
  borderRadius: radius.md,
  backgroundColor: vars.color.primary,
  color: vars.color.primaryText,
  fontWeight: 600,
  selectors: { '&:focus': { top: '0.5rem' } },
});

export const header = style({
  position: 'sticky',
  top: 0,
  zIndex: 500,
  backgroundColor: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
  boxShadow: vars.shadow.sm,
});

export const bar = style({
  maxWidth: '1200px',
  margin: '0 auto',
  padding: '0.6rem 1rem',
  display: 'flex',
  alignItems: 'center',
  gap: '0.75rem',
  minHeight: '4rem',
});

export const brand = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '0.55rem',
  fontWeight: 800,
  fontSize: '1.1rem',
  color: vars.color.text,
  textDecoration: 'none',
  marginRight: 'auto',
  borderRadius: radius.sm,
  whiteSpace: 'nowrap',
});

export const brandMark = style({
  display: 'inline-grid',
  placeItems: 'center',
  width: '2.1rem',
  height: '2.1rem',
  borderRadius: radius.md,
  backgroundColor: vars.color.primary,
  color: vars.color.primaryText,
  fontSize: '1.1rem',
});

export const navLinks = style({
  display: 'flex',
  alignItems: 'center',
  gap: '0.25rem',
  '@media': { [breakpoints.mobile]: { display: 'none' } },
});

export const navLink = style({
  padding: '0.5rem 0.75rem',
  borderRadius: radius.md,
  color: vars.color.textMuted,
  textDecoration: 'none',
  fontWeight: 600,
  selectors: {
    '&:hover': { color: vars.color.text, backgroundColor: vars.color.bgSubtle },
    '&[data-status="active"]': { color: vars.color.link, backgroundColor: vars.color.primarySoft },
  },
});

export const desktopOnly = style({
  display: 'flex',
  alignItems: 'center',
  gap: '0.5rem',
  '@media': { [breakpoints.mobile]: { display: 'none' } },
});

export const mobileOnly = style({
  display: 'none',
  '@media': { [breakpoints.mobile]: { display: 'flex', alignItems: 'center', gap: '0.5rem' } },
});

export const iconButton = style({
  display: 'inline-grid',
  placeItems: 'center',
  width: '2.5rem',
  height: '2.5rem',
  borderRadius: radius.md,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  cursor: 'pointer',
  fontSize: '1.1rem',
  flexShrink: 0,
  selectors: { '&:hover': { backgroundColor: vars.color.bgSubtle } },
});

export const avatar = style({
  display: 'inline-grid',
  placeItems: 'center',
  width: '1.8rem',
  height: '1.8rem',
  borderRadius: '50%',
  backgroundColor: vars.color.primary,
  color: vars.color.primaryText,
  fontWeight: 700,
  fontSize: '0.9rem',
  flexShrink: 0,
});

export const userName = style({
  maxWidth: '10rem',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const mobileMenu = style({
  borderTop: `1px solid ${vars.color.border}`,
  padding: '0.75rem 1rem 1rem',
  display: 'flex',
  flexDirection: 'column',
  gap: '0.25rem',
  backgroundColor: vars.color.surface,
  '@media': { [breakpoints.desktop]: { display: 'none' } },
});

export const mobileGreeting = style({
  padding: '0.5rem 0.75rem 0.75rem',
  borderBottom: `1px solid ${vars.color.border}`,
  marginBottom: '0.5rem',
});

export const mobileEmail = style({
  color: vars.color.textMuted,
  fontSize: '0.9rem',
  overflowWrap: 'anywhere',
});

export const mobileLink = style({
  display: 'block',
  padding: '0.7rem 0.75rem',
  borderRadius: radius.md,
  color: vars.color.text,
  textDecoration: 'none',
  fontWeight: 600,
  border: 'none',
  background: 'transparent',
  textAlign: 'left',
  width: '100%',
  cursor: 'pointer',
  selectors: {
    '&:hover': { backgroundColor: vars.color.bgSubtle },
    '&[data-status="active"]': { color: vars.color.link, backgroundColor: vars.color.primarySoft },
  },
});

export const mobileRow = style({
  display: 'flex',
  gap: '0.5rem',
  flexWrap: 'wrap',
  paddingTop: '0.5rem',
});

export const main = style({
  flex: 1,
  width: '100%',
  maxWidth: '1200px',
  margin: '0 auto',
  padding: '1.5rem 1rem 3rem',
  selectors: { '&:focus': { outline: 'none' } },
});

/** Marks the whole-page loading state (LoadingScreen). */
export const pageLoading = style({});

export const footer = style({
  borderTop: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
  marginTop: 'auto',
  selectors: {
    // Left out while the page loads: shown under the short loading state, it would jump down
    // when the content arrives (a layout shift); appearing with the content, it does not move.
    [`${main}:has(${pageLoading}) ~ &`]: { display: 'none' },
  },
});

export const footerInner = style({
  maxWidth: '1200px',
  margin: '0 auto',
  padding: '1.5rem 1rem',
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '1rem',
});

export const footerLinks = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: '0.25rem 1rem',
  listStyle: 'none',
  margin: 0,
  padding: 0,
});

export const footerMuted = style({ color: vars.color.textMuted, fontSize: '0.9rem', margin: 0 });

export const centered = style({
  display: 'grid',
  placeItems: 'center',
  minHeight: '40vh',
  textAlign: 'center',
  gap: '1rem',
});
