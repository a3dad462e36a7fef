import { style } from '@vanilla-extract/css';

/** Where an alert would have stood: the same space below it. */
export const keptNotice = style({ marginBottom: '1rem' });
