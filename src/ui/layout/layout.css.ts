import { style, styleVariants } from '@vanilla-extract/css';
import { breakpoints, radius, vars, visuallyHidden } from '../../theme/theme.css';

// Signed in, the bar holds the brand, four links, the language, the theme and the user menu:
// up to about 1150 px in Russian with a long first name, 1000 px in English (Chinese and Korean
// are narrower). Narrower than 75em the language and the user menu show only the flag and the
// initial (their names stay in the buttons' accessible names); narrower than 64em the links and
// both menus move behind the menu button, as a guest's do on a phone (a guest's bar, without
// links, fits from 721 px). In em, so the bar still fits a larger default font size.
const memberCompact = 'screen and (max-width: 63.99em)';
const memberFull = 'screen and (min-width: 64em)';
const memberTight = 'screen and (min-width: 64em) and (max-width: 74.99em)';

/** Below these widths the bar shows only the brand, the theme and the menu button. */
const compactBar = { guest: breakpoints.mobile, member: memberCompact } as const;
const fullBar = { guest: breakpoints.desktop, member: memberFull } as const;

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
  // On a low screen it scrolls away with the page: kept, it would take a sixth of the height.
  '@media': { [breakpoints.short]: { position: 'static' } },
});

/** A row as wide as the header's: the bar and the notice under it line up. */
const headerRow = {
  maxWidth: '1200px',
  margin: '0 auto',
  padding: '0.6rem 1rem',
  display: 'flex',
  gap: '0.75rem',
} as const;

export const bar = style({ ...headerRow, alignItems: 'center', minHeight: '4rem' });

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
  minWidth: 0,
});

/**
 * The app's name, which an administrator chooses (up to 60 characters): one line ending in an
 * ellipsis where the bar has no room for all of it; on phones up to two lines first, broken
 * between words where it can be. The link's title carries the whole name.
 */
export const brandName = style({
  minWidth: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  '@media': {
    [breakpoints.mobile]: {
      lineHeight: 1.2,
      whiteSpace: 'normal',
      overflowWrap: 'anywhere',
      display: '-webkit-box',
      WebkitLineClamp: 2,
      WebkitBoxOrient: 'vertical',
    },
  },
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
  // Never squeezed by a long name: the name gives way instead.
  flexShrink: 0,
});

export const navLinks = style({
  display: 'flex',
  alignItems: 'center',
  gap: '0.25rem',
  flexShrink: 0,
  '@media': { [memberCompact]: { display: 'none' } },
});

export const navLink = style({
  padding: '0.5rem 0.75rem',
  borderRadius: radius.md,
  color: vars.color.textMuted,
  textDecoration: 'none',
  fontWeight: 600,
  selectors: {
    '&[data-status="active"]': { color: vars.color.link, backgroundColor: vars.color.primarySoft },
  },
  '@media': {
    '(hover: hover)': {
      selectors: { '&:hover': { color: vars.color.text, backgroundColor: vars.color.bgSubtle } },
    },
  },
});

export const desktopOnly = styleVariants(compactBar, (query) => ({
  display: 'flex',
  alignItems: 'center',
  gap: '0.5rem',
  flexShrink: 0,
  '@media': { [query]: { display: 'none' } },
}));

export const mobileOnly = styleVariants(compactBar, (query) => ({
  display: 'none',
  flexShrink: 0,
  '@media': { [query]: { display: 'flex', alignItems: 'center', gap: '0.5rem' } },
}));

/** The language's name beside its flag, hidden where room is short (as the user's name is). */
export const languageName = style({ '@media': { [memberTight]: visuallyHidden } });

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
  '@media': {
    '(hover: hover)': { selectors: { '&:hover': { backgroundColor: vars.color.bgSubtle } } },
  },
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
  '@media': { [memberTight]: visuallyHidden },
});

export const mobileMenu = styleVariants(fullBar, (query) => ({
  borderTop: `1px solid ${vars.color.border}`,
  padding: '0.75rem 1rem 1rem',
  display: 'flex',
  flexDirection: 'column',
  gap: '0.25rem',
  backgroundColor: vars.color.surface,
  '@media': { [query]: { display: 'none' } },
}));

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
    '&[data-status="active"]': { color: vars.color.link, backgroundColor: vars.color.primarySoft },
  },
  '@media': {
    '(hover: hover)': { selectors: { '&:hover': { backgroundColor: vars.color.bgSubtle } } },
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

/** At the row's right end from a tablet up, even once the row wraps; on a phone it starts its row. */
export const footerLanguage = style({
  '@media': { [breakpoints.desktop]: { marginLeft: 'auto' } },
});

export const footerMuted = style({
  color: vars.color.textMuted,
  fontSize: '0.9rem',
  margin: 0,
  // A site name of one long word (a German compound) breaks rather than widening the page.
  overflowWrap: 'anywhere',
});

export const centered = style({
  display: 'grid',
  placeItems: 'center',
  minHeight: '40vh',
  textAlign: 'center',
  gap: '1rem',
});

/**
 * The maintenance notice under the header: the warning colours of the theme, whose soft
 * background and text colour are paired for contrast in both light and dark.
 */
export const banner = style({
  backgroundColor: vars.color.warningSoft,
  borderBottom: `1px solid ${vars.color.warning}`,
  color: vars.color.text,
});

// Its icon and close button stay by the first line of a message that wraps.
export const bannerInner = style({ ...headerRow, alignItems: 'flex-start' });

export const bannerIcon = style({
  color: vars.color.warningHover,
  flexShrink: 0,
  marginTop: '0.1rem',
});

export const bannerText = style({ flex: 1, margin: 0, overflowWrap: 'anywhere' });

export const bannerClose = style([
  iconButton,
  { width: '2rem', height: '2rem', backgroundColor: 'transparent', borderColor: 'transparent' },
]);
