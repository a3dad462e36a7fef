import { globalStyle, style } from '@vanilla-extract/css';
import { breakpoints, radius, vars } from '../../theme/theme.css';

export const wrap = style({
  width: '100%',
  overflowX: 'auto',
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.md,
  backgroundColor: vars.color.surface,
  '@media': {
    [breakpoints.tableCards]: {
      border: 'none',
      backgroundColor: 'transparent',
      overflowX: 'visible',
    },
  },
});

export const table = style({
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: '0.95rem',
});

export const caption = style({
  textAlign: 'left',
  padding: '0.75rem 1rem 0',
  fontWeight: 600,
  color: vars.color.textMuted,
});

/**
 * From where rows stop being cards up to a wide window, cells are padded a little less at the
 * sides: at 1024 px the settings table in Russian, its keys kept whole between underscores, was
 * 26 px wider than the page and hid its Delete buttons past the edge.
 */
const tightTable = 'screen and (min-width: 1024px) and (max-width: 1279px)';
const tightCell = { '@media': { [tightTable]: { paddingInline: '0.75rem' } } } as const;

export const th = style({
  ...tightCell,
  textAlign: 'left',
  padding: '0.65rem 1rem',
  backgroundColor: vars.color.bgSubtle,
  borderBottom: `1px solid ${vars.color.border}`,
  fontSize: '0.8rem',
  textTransform: 'uppercase',
  letterSpacing: '0.03em',
  color: vars.color.textMuted,
  whiteSpace: 'nowrap',
});

export const td = style({
  ...tightCell,
  padding: '0.65rem 1rem',
  borderBottom: `1px solid ${vars.color.border}`,
  verticalAlign: 'middle',
});

export const row = style({
  '@media': {
    '(hover: hover)': { selectors: { '&:hover': { backgroundColor: vars.color.bgSubtle } } },
  },
});

globalStyle(`${row}:last-child > td`, { borderBottom: 'none' });

export const empty = style({
  padding: '1.5rem 1rem',
  textAlign: 'center',
  color: vars.color.textMuted,
});

// Phones and tablets: every row becomes a card, every cell a labelled line.
globalStyle(`${table} thead`, {
  '@media': {
    [breakpoints.tableCards]: {
      position: 'absolute',
      width: '1px',
      height: '1px',
      overflow: 'hidden',
      clip: 'rect(0, 0, 0, 0)',
    },
  },
});

globalStyle(`${table}, ${table} tbody`, {
  '@media': { [breakpoints.tableCards]: { display: 'block' } },
});

globalStyle(`${row}`, {
  '@media': {
    [breakpoints.tableCards]: {
      display: 'block',
      border: `1px solid ${vars.color.border}`,
      borderRadius: radius.md,
      backgroundColor: vars.color.surface,
      marginBottom: '0.75rem',
      padding: '0.5rem 0',
      boxShadow: vars.shadow.sm,
    },
  },
});

globalStyle(`${td}`, {
  '@media': {
    [breakpoints.tableCards]: {
      display: 'grid',
      gridTemplateColumns: 'minmax(5.5rem, 35%) minmax(0, 1fr)',
      // A label beside a value of several lines reads with its first line.
      alignItems: 'baseline',
      gap: '0.75rem',
      padding: '0.4rem 0.9rem',
      borderBottom: 'none',
      overflowWrap: 'anywhere',
    },
  },
});

globalStyle(`${td}[data-label]::before`, {
  '@media': {
    [breakpoints.tableCards]: {
      content: 'attr(data-label)',
      fontWeight: 600,
      fontSize: '0.85rem',
      color: vars.color.textMuted,
    },
  },
});

export const actions = style({
  display: 'flex',
  gap: '0.4rem',
  flexWrap: 'nowrap',
  '@media': { [breakpoints.tableCards]: { flexWrap: 'wrap' } },
});

globalStyle(`${td}${empty}`, {
  '@media': { [breakpoints.tableCards]: { display: 'block', textAlign: 'center' } },
});

globalStyle(`${td} > *`, {
  '@media': { [breakpoints.tableCards]: { justifySelf: 'start' } },
});
