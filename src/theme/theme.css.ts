import { createTheme, createThemeContract, globalStyle, styleVariants } from '@vanilla-extract/css';
import { BELOW_HEADER } from '../ui/layout/header-height';

/** Colours, shadows and radii every component reads; the light and dark themes fill them. */
export const vars = createThemeContract({
  color: {
    bg: null,
    bgSubtle: null,
    surface: null,
    surfaceRaised: null,
    border: null,
    text: null,
    textMuted: null,
    primary: null,
    primaryHover: null,
    primaryText: null,
    primarySoft: null,
    secondary: null,
    secondaryHover: null,
    success: null,
    successHover: null,
    successSoft: null,
    warning: null,
    warningHover: null,
    warningText: null,
    warningSoft: null,
    danger: null,
    dangerHover: null,
    dangerSoft: null,
    info: null,
    infoSoft: null,
    focus: null,
    link: null,
    overlay: null,
    chart1: null,
    chart2: null,
    /** The pass line, and a topic below it. */
    chart3: null,
    gold: null,
    silver: null,
    bronze: null,
  },
  shadow: { sm: null, md: null, lg: null },
});

export const space = {
  xs: '0.25rem',
  sm: '0.5rem',
  md: '1rem',
  lg: '1.5rem',
  xl: '2rem',
  xxl: '3rem',
} as const;

/**
 * Heights of the one-line controls (text fields, selects, buttons), so that controls side by
 * side in a row (a filter bar, a pager) line up edge to edge. A finger gets the larger small one.
 */
export const controlHeight = { md: '2.75rem', sm: '2rem', smCoarse: '2.5rem' } as const;

export const radius = { sm: '6px', md: '10px', lg: '16px', full: '999px' } as const;

export const font = {
  body: "Inter, 'Segoe UI', system-ui, -apple-system, Roboto, 'Noto Sans', 'Noto Sans CJK SC', 'Noto Sans CJK KR', 'Helvetica Neue', Arial, sans-serif",
  mono: "ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace",
} as const;

export const breakpoints = {
  mobile: 'screen and (max-width: 720px)',
  desktop: 'screen and (min-width: 721px)',
  /** Where tables turn each row into a card: the admin tables need more than a tablet's width. */
  tableCards: 'screen and (max-width: 1023px)',
  /**
   * A phone held sideways, or a page zoomed far in (a 1366 × 900 window at 200 % is 683 × 450):
   * too low for bars that stay on screen, which would leave the question a few lines between them.
   */
  short: 'screen and (max-height: 500px) and (orientation: landscape)',
  /** A phone's width but not `short`: room for a bar kept at the bottom of the screen. */
  mobileUpright:
    'screen and (max-width: 720px) and (orientation: portrait), screen and (max-width: 720px) and (min-height: 501px)',
} as const;

export const lightTheme = createTheme(vars, {
  color: {
    bg: '#f6f7fb',
    bgSubtle: '#eef1f7',
    surface: '#ffffff',
    surfaceRaised: '#ffffff',
    border: '#d5dae3',
    text: '#111827',
    textMuted: '#4b5563',
    primary: '#1d4ed8',
    primaryHover: '#1e40af',
    primaryText: '#ffffff',
    primarySoft: '#e0e9ff',
    secondary: '#475569',
    secondaryHover: '#334155',
    success: '#047857',
    successHover: '#065f46',
    successSoft: '#d1fae5',
    warning: '#f59e0b',
    warningHover: '#d97706',
    warningText: '#1f2937',
    warningSoft: '#fef3c7',
    danger: '#b91c1c',
    dangerHover: '#991b1b',
    dangerSoft: '#fee2e2',
    info: '#1d4ed8',
    infoSoft: '#dbeafe',
    focus: '#2563eb',
    link: '#1d4ed8',
    overlay: 'rgba(15, 23, 42, 0.55)',
    chart1: '#1d4ed8',
    chart2: '#047857',
    chart3: '#b45309',
    gold: '#a16207',
    silver: '#475569',
    bronze: '#9a3412',
  },
  shadow: {
    sm: '0 1px 2px rgba(15, 23, 42, 0.06), 0 1px 3px rgba(15, 23, 42, 0.08)',
    md: '0 4px 12px rgba(15, 23, 42, 0.08), 0 2px 4px rgba(15, 23, 42, 0.06)',
    lg: '0 16px 40px rgba(15, 23, 42, 0.16)',
  },
});

export const darkTheme = createTheme(vars, {
  color: {
    bg: '#0b1120',
    bgSubtle: '#111a2e',
    surface: '#141d31',
    surfaceRaised: '#1b2640',
    border: '#2c3a57',
    text: '#e8edf7',
    textMuted: '#a7b2c7',
    primary: '#3b82f6',
    primaryHover: '#60a5fa',
    primaryText: '#0b1120',
    primarySoft: '#1e2f57',
    secondary: '#94a3b8',
    secondaryHover: '#cbd5e1',
    success: '#34d399',
    successHover: '#6ee7b7',
    successSoft: '#0f3b30',
    warning: '#fbbf24',
    warningHover: '#fcd34d',
    warningText: '#111827',
    warningSoft: '#3d2f0b',
    danger: '#f87171',
    dangerHover: '#fca5a5',
    dangerSoft: '#4a1717',
    info: '#60a5fa',
    infoSoft: '#172a4d',
    focus: '#93c5fd',
    link: '#7fb0ff',
    overlay: 'rgba(0, 0, 0, 0.65)',
    chart1: '#60a5fa',
    chart2: '#34d399',
    chart3: '#fbbf24',
    gold: '#facc15',
    silver: '#cbd5e1',
    bronze: '#fdba74',
  },
  shadow: {
    sm: '0 1px 2px rgba(0, 0, 0, 0.4)',
    md: '0 4px 14px rgba(0, 0, 0, 0.45)',
    lg: '0 18px 44px rgba(0, 0, 0, 0.6)',
  },
});

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });

globalStyle('html', {
  // What focus or an in-page jump brings into view stops below the sticky header.
  scrollPaddingTop: `calc(${BELOW_HEADER} + 0.75rem)`,
  '@media': { [breakpoints.short]: { scrollPaddingTop: '0.75rem' } },
  fontFamily: font.body,
  lineHeight: 1.5,
  WebkitTextSizeAdjust: '100%',
  backgroundColor: vars.color.bg,
  color: vars.color.text,
});

// Hangul may break between any two syllables by default, which splits Korean words across
// lines; Korean wraps at the spaces between words instead. A word wider than its box may still
// break, rather than overflow. The root's lang follows the chosen language (src/i18n); a
// Korean question in a page of another language carries its own lang, and wraps the same way.
globalStyle(':root:lang(ko)', { overflowWrap: 'break-word' });
globalStyle(':lang(ko)', { wordBreak: 'keep-all' });

globalStyle('body', {
  margin: 0,
  minHeight: '100vh',
  backgroundColor: vars.color.bg,
  color: vars.color.text,
  WebkitFontSmoothing: 'antialiased',
});

globalStyle('#root', { minHeight: '100vh', display: 'flex', flexDirection: 'column' });

globalStyle('a', { color: vars.color.link, textUnderlineOffset: '2px' });

// A word longer than the line (a long name, an e-mail address) wraps inside itself rather
// than stick out of its box and widen the page.
globalStyle('h1, h2, h3, h4', {
  lineHeight: 1.25,
  margin: '0 0 0.5em',
  overflowWrap: 'break-word',
});

globalStyle('p', { margin: '0 0 1em', overflowWrap: 'break-word' });

// No last line of a paragraph or list item holds a lone word or character (…继 / 续。).
globalStyle('p, li', { textWrap: 'pretty' });

globalStyle('img, svg', { maxWidth: '100%' });
// The app's icons (ui/icons/Icon.tsx, the only svgs marked so) keep their size beside text that
// wraps in a flex row, rather than being squeezed by it.
globalStyle('svg[focusable="false"]', { flexShrink: 0 });

globalStyle('button, input, select, textarea', { font: 'inherit', color: 'inherit' });

globalStyle(':focus-visible', {
  outline: `3px solid ${vars.color.focus}`,
  outlineOffset: '2px',
});

globalStyle('::selection', { backgroundColor: vars.color.primarySoft });

globalStyle('html.theme-switching *', { transition: 'none !important' });

/** Hidden from sight, still read by screen readers; a style may apply it at some widths only. */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

globalStyle('.visually-hidden', visuallyHidden);

/** Outcome colours (right/passed, wrong/failed) shared by the exam and the practice view. */
export const outcomeTone = styleVariants({
  success: {
    color: vars.color.success,
    borderColor: vars.color.success,
    backgroundColor: vars.color.successSoft,
  },
  danger: {
    color: vars.color.danger,
    borderColor: vars.color.danger,
    backgroundColor: vars.color.dangerSoft,
  },
});
