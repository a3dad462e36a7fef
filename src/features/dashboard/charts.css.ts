import { style, styleVariants } from '@vanilla-extract/css';
import { breakpoints, radius, vars } from '../../theme/theme.css';
import { TOPIC_FIGURE_WIDTH, TOPIC_NAME_WIDTH } from './chart-layout';

/*
 * The dashboard's charts are laid out by CSS: every point, bar and line sits at a percentage of
 * its plot, so a chart fits any width without being measured, and its words are HTML text that
 * wraps as the language needs.
 */

export const charts = style({
  display: 'grid',
  gap: '1rem',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 420px), 1fr))',
});

export const chartBox = style({ width: '100%', margin: 0 });

export const empty = style({
  display: 'grid',
  placeItems: 'center',
  height: '220px',
  textAlign: 'center',
  color: vars.color.textMuted,
  border: `1px dashed ${vars.color.border}`,
  borderRadius: radius.md,
  padding: '1rem',
});

const tickText = { fontSize: '12px', lineHeight: 1.2, color: vars.color.textMuted } as const;

/** A plot: the box every mark is placed in, by percent of its width and height. */
export const plot = style({
  position: 'relative',
  minWidth: 0,
  touchAction: 'manipulation',
  selectors: { '&:focus-visible': { outlineOffset: '4px' } },
});

/** A dashed grid line across the plot at a tick. */
export const gridLine = styleVariants({
  horizontal: {
    position: 'absolute',
    left: 0,
    right: 0,
    borderTop: `1px dashed ${vars.color.border}`,
  },
  vertical: {
    position: 'absolute',
    top: 0,
    bottom: 0,
    borderLeft: `1px dashed ${vars.color.border}`,
  },
});

/** The dashed pass line, drawn over the marks. */
export const passLine = styleVariants({
  horizontal: {
    position: 'absolute',
    left: 0,
    right: 0,
    borderTop: `2px dashed ${vars.color.chart3}`,
    transform: 'translateY(1px)',
    pointerEvents: 'none',
  },
  vertical: {
    position: 'absolute',
    top: 0,
    bottom: 0,
    borderLeft: `2px dashed ${vars.color.chart3}`,
    transform: 'translateX(-1px)',
    pointerEvents: 'none',
  },
});

export const tooltip = style({
  position: 'absolute',
  zIndex: 2,
  padding: '0.4rem 0.6rem',
  minWidth: '8rem',
  maxWidth: '14rem',
  fontSize: '0.85rem',
  lineHeight: 1.35,
  color: vars.color.text,
  backgroundColor: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.sm,
  boxShadow: vars.shadow.md,
  pointerEvents: 'none',
});

export const tooltipTitle = style({ fontWeight: 600, overflowWrap: 'anywhere' });

/* The scores over time. */

/** Y labels left of the plot, X labels under it. */
export const scoresArea = style({
  display: 'grid',
  gridTemplateColumns: '2.75rem minmax(0, 1fr)',
  gridTemplateRows: 'minmax(0, 1fr) 1.5rem',
  padding: '10px 16px 0 0',
});

export const scoresPlot = style({
  borderLeft: `1px solid ${vars.color.textMuted}`,
  borderBottom: `1px solid ${vars.color.textMuted}`,
});

export const axisLabels = style({ position: 'relative', ...tickText });

const axisLabel = { position: 'absolute', whiteSpace: 'nowrap' } as const;

export const yLabel = style({ ...axisLabel, right: '6px', transform: 'translateY(50%)' });

export const xLabel = style({ ...axisLabel, top: '4px', transform: 'translateX(-50%)' });

/** The scores' line: an SVG stretched over the plot, its stroke kept at its width. */
export const scoresLine = style({
  position: 'absolute',
  inset: 0,
  width: '100%',
  height: '100%',
  overflow: 'visible',
  fill: 'none',
  stroke: vars.color.chart1,
  strokeWidth: 3,
  strokeLinejoin: 'round',
  strokeLinecap: 'round',
});

export const dot = style({
  position: 'absolute',
  width: '8px',
  height: '8px',
  borderRadius: '50%',
  backgroundColor: vars.color.chart1,
  transform: 'translate(-50%, 50%)',
  pointerEvents: 'none',
});

export const activeDot = style({
  width: '12px',
  height: '12px',
  border: `2px solid ${vars.color.surface}`,
  boxSizing: 'content-box',
});

/** A failed exam: a ring, whichever side of the pass line its figure falls (declared after
 * activeDot: an active failed exam stays a ring). */
export const failedDot = style({
  backgroundColor: vars.color.surface,
  border: `2px solid ${vars.color.danger}`,
  boxSizing: 'border-box',
});

/** Under the pointer, a line down through the exam it points at. */
export const cursorLine = style({
  position: 'absolute',
  top: 0,
  bottom: 0,
  borderLeft: `1px solid ${vars.color.textMuted}`,
  pointerEvents: 'none',
});

/* The accuracy by topic. */

/** Each topic's name, bar and figure; the percent axis under the bars. */
const TOPIC_COLUMNS = `${TOPIC_NAME_WIDTH}px minmax(0, 1fr) ${TOPIC_FIGURE_WIDTH}px`;

export const topicsArea = style({
  position: 'relative',
  display: 'grid',
  gridTemplateRows: 'minmax(0, 1fr) 1.5rem',
  padding: '0 4px 0 8px',
});

export const topicRows = style({ display: 'grid', gridAutoRows: 'minmax(0, 1fr)' });

export const topicRow = style({
  position: 'relative',
  display: 'grid',
  gridTemplateColumns: TOPIC_COLUMNS,
  alignItems: 'center',
  borderRadius: radius.sm,
});

export const activeRow = style({
  backgroundColor: `color-mix(in srgb, ${vars.color.border} 40%, transparent)`,
});

/** At most two lines: the name is cut before (`topicLabel`), and clamped here whatever it holds. */
export const topicName = style({
  ...tickText,
  paddingRight: '6px',
  textAlign: 'right',
  overflow: 'hidden',
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
  overflowWrap: 'anywhere',
});

export const track = style({
  position: 'relative',
  height: '80%',
  borderLeft: `1px solid ${vars.color.textMuted}`,
});

export const bar = styleVariants({
  atPass: { height: '100%', backgroundColor: vars.color.chart2 },
  belowPass: { height: '100%', backgroundColor: vars.color.chart3 },
});

export const barShape = style({
  display: 'block',
  minWidth: '3px',
  borderRadius: '0 6px 6px 0',
});

/** Right of the plot, where the pass line never runs through it. */
export const topicFigure = style({ ...tickText, paddingLeft: '6px', whiteSpace: 'nowrap' });

/** The grid and pass lines over the bars' column, from the first row to the last. */
export const topicsLines = style({
  position: 'absolute',
  top: 0,
  bottom: '1.5rem',
  left: `${8 + TOPIC_NAME_WIDTH}px`,
  right: `${4 + TOPIC_FIGURE_WIDTH}px`,
  pointerEvents: 'none',
});

/** A percent between 0 and 100 that a phone's axis leaves out: 0, 50 and 100 % are enough. */
export const minorTick = style({
  '@media': { [breakpoints.mobile]: { display: 'none' } },
});

export const legend = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'flex-end',
  gap: '0.25rem 0.75rem',
  fontSize: '0.8rem',
  color: vars.color.textMuted,
});

export const legendRows = style({
  display: 'flex',
  flexDirection: 'column',
  justifyContent: 'center',
  gap: '0.25rem',
});

export const legendItem = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '0.3rem',
});

/** A failed exam's ring, as the scores chart draws it, in its legend. */
export const legendRing = style({
  display: 'inline-block',
  width: '8px',
  height: '8px',
  borderRadius: '50%',
  backgroundColor: vars.color.surface,
  border: `2px solid ${vars.color.danger}`,
  boxSizing: 'border-box',
});

export const swatch = styleVariants({
  atPass: { fill: vars.color.chart2 },
  belowPass: { fill: vars.color.chart3 },
});

export const passSwatch = style({
  stroke: vars.color.chart3,
  strokeWidth: 2,
  strokeDasharray: '6 4',
});
