import { style } from '@vanilla-extract/css';
import { radius, vars } from '../../theme/theme.css';

// A question's place and its extra tag, over the exam's question and each reviewed one; and the
// review's list, cards and their marks (the exam's end and a past exam's review).

export const position = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: '0.5rem',
});

/** On an extra question: a mistake here fails the exam. */
export const extraTag = style({
  display: 'inline-block',
  padding: '0.1rem 0.55rem',
  borderRadius: radius.full,
  border: `1px solid ${vars.color.warning}`,
  backgroundColor: vars.color.warningSoft,
  color: vars.color.text,
  fontSize: '0.8rem',
  fontWeight: 700,
});

export const reviewFilter = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: '0.5rem',
  marginBottom: '1rem',
});

export const reviewList = style({
  listStyle: 'none',
  padding: 0,
  margin: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: '1rem',
});

export const reviewCard = style({ borderLeftWidth: '6px' });
export const reviewRight = style({ borderLeftColor: vars.color.success });
export const reviewWrong = style({ borderLeftColor: vars.color.danger });

export const reviewHead = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: '0.75rem',
  flexWrap: 'wrap',
  marginBottom: '0.4rem',
  fontSize: '0.9rem',
});

export const rightText = style({ color: vars.color.success, fontWeight: 700 });
export const wrongText = style({ color: vars.color.danger, fontWeight: 700 });
