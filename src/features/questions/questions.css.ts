import { style } from '@vanilla-extract/css';
import { radius, vars } from '../../theme/theme.css';
import { asWritten } from '../../ui/question/question.css';

export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: '1rem',
});

export const head = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'flex-start',
  gap: '1rem',
  flexWrap: 'wrap',
});

export const number = style({
  display: 'inline-block',
  fontSize: '0.8rem',
  fontWeight: 700,
  color: vars.color.textMuted,
  marginBottom: '0.25rem',
});

export const text = style([
  asWritten,
  {
    fontSize: '1.05rem',
    fontWeight: 600,
    margin: '0 0 0.75rem',
    overflowWrap: 'anywhere',
  },
]);

export const photo = style({
  display: 'block',
  maxWidth: 'min(100%, 360px)',
  maxHeight: '240px',
  objectFit: 'contain',
  borderRadius: radius.md,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: '#fff',
  marginBottom: '0.75rem',
});

export const explanation = style([
  asWritten,
  {
    marginTop: '0.75rem',
    padding: '0.75rem',
    borderRadius: radius.md,
    backgroundColor: vars.color.infoSoft,
    fontSize: '0.95rem',
  },
]);

export const points = style({ fontSize: '0.85rem', color: vars.color.textMuted });

/**
 * The list while the next page or match loads: dimmed after a moment, so a quick answer does
 * not flicker and a slow one shows the list is on its way.
 */
export const loading = style({
  opacity: 0.5,
  cursor: 'progress',
  transition: 'opacity 0.2s ease 0.2s',
  '@media': { '(prefers-reduced-motion: reduce)': { transition: 'none' } },
});

export const settled = style({ transition: 'opacity 0.15s ease' });

/** Takes the focus after a page change only to start reading there: no ring around plain text. */
export const range = style({ selectors: { '&:focus': { outline: 'none' } } });

export const emptyAction = style({
  display: 'flex',
  justifyContent: 'center',
  marginTop: '0.75rem',
});

/** Room between the search and the list (the admin tab's stack spaces its own). */
export const filters = style({ marginBottom: '1.25rem' });
