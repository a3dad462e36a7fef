import { style } from '@vanilla-extract/css';
import { breakpoints, radius, vars } from '../../theme/theme.css';

export const panel = style({ marginTop: '1rem' });

export const grid = style({
  display: 'grid',
  gap: '1.25rem',
  gridTemplateColumns: 'minmax(0, 1.2fr) minmax(0, 1fr)',
  '@media': { [breakpoints.mobile]: { gridTemplateColumns: 'minmax(0, 1fr)' } },
});

export const headline = style({
  display: 'flex',
  alignItems: 'baseline',
  gap: '0.75rem',
  flexWrap: 'wrap',
});

export const probability = style({ fontSize: '2.6rem', fontWeight: 800, lineHeight: 1.1 });

export const range = style({ color: vars.color.textMuted, fontSize: '0.95rem' });

export const ready = style({
  display: 'inline-block',
  padding: '0.15rem 0.6rem',
  borderRadius: radius.full,
  backgroundColor: vars.color.successSoft,
  color: vars.color.successHover,
  fontWeight: 700,
  fontSize: '0.9rem',
});

export const muted = style({ color: vars.color.textMuted, margin: '0.25rem 0' });

export const subTitle = style({ fontSize: '1rem', margin: '1rem 0 0.5rem' });

export const list = style({ margin: 0, paddingLeft: '1.2rem', display: 'grid', gap: '0.3rem' });

export const topics = style({
  display: 'grid',
  gap: '0.45rem',
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const topicRow = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) 3.5rem',
  gap: '0.15rem 0.5rem',
  alignItems: 'center',
  fontSize: '0.92rem',
});

export const topicName = style({ overflowWrap: 'anywhere' });

export const topicValue = style({ textAlign: 'end', fontVariantNumeric: 'tabular-nums' });

export const bar = style({
  gridColumn: '1 / -1',
  height: '0.45rem',
  borderRadius: radius.full,
  backgroundColor: vars.color.bgSubtle,
  overflow: 'hidden',
});

export const barFill = style({ height: '100%', backgroundColor: vars.color.primary });

export const habits = style({
  display: 'flex',
  gap: '1rem',
  alignItems: 'center',
  flexWrap: 'wrap',
});

/** Today's words beside the ring, on a phone too: they wrap rather than go under it. */
export const habitsText = style({ flex: '1 1 12rem', minWidth: 0 });

export const ring = style({ flexShrink: 0 });

export const ringTrack = style({ stroke: vars.color.bgSubtle });

export const ringFill = style({ stroke: vars.color.success });

export const ringText = style({ fill: vars.color.text, fontWeight: 700, fontSize: '15px' });

export const chart = style({ width: '100%', height: 'auto', maxHeight: '9rem', display: 'block' });

export const chartLine = style({ stroke: vars.color.primary, strokeWidth: 2.5, fill: 'none' });

export const chartDot = style({ fill: vars.color.primary });

export const chartThreshold = style({
  stroke: vars.color.success,
  strokeDasharray: '4 4',
  strokeWidth: 1.5,
});

export const chartAxis = style({ stroke: vars.color.border, strokeWidth: 1 });

export const chartLabel = style({ fill: vars.color.textMuted, fontSize: '11px' });

export const actions = style({
  marginTop: '1rem',
  display: 'flex',
  gap: '0.5rem',
  flexWrap: 'wrap',
});

export const missed = style({
  color: vars.color.textMuted,
  marginInlineStart: '0.5rem',
  fontSize: '0.85rem',
});
