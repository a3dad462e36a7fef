import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';

// Each label above its value: in a narrow card, labels such as "Электронная почта" beside their
// values would leave an e-mail address a third of the line.
export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: '0.1rem',
  textAlign: 'left',
  margin: 0,
});

export const term = style({
  color: vars.color.textMuted,
  fontSize: '0.85rem',
  selectors: { '&:not(:first-child)': { marginTop: '0.6rem' } },
});

export const value = style({ margin: 0, overflowWrap: 'anywhere' });
