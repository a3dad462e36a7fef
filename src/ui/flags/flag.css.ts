import { style } from '@vanilla-extract/css';

export const flag = style({
  display: 'inline-flex',
  borderRadius: 2,
  overflow: 'hidden',
  boxShadow: '0 0 0 1px rgba(0,0,0,0.15)',
  flexShrink: 0,
});
