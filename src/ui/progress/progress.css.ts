import { style, styleVariants } from '@vanilla-extract/css';
import { radius, vars } from '../../theme/theme.css';

export const track = style({
  borderRadius: radius.full,
  backgroundColor: vars.color.bgSubtle,
  border: `1px solid ${vars.color.border}`,
  overflow: 'hidden',
});

/** Thin under a question's heading; thick as the dashboard's share of exams passed. */
export const progressTrack = styleVariants({ thin: '0.5rem', thick: '0.75rem' }, (height) => [
  track,
  { height },
]);

const bar = style({ height: '100%', borderRadius: radius.full, transition: 'width 200ms ease' });

export const progressBar = styleVariants(
  { primary: vars.color.primary, success: vars.color.success },
  (color) => [bar, { backgroundColor: color }],
);
