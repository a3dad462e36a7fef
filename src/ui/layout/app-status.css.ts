import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';

/** Under the header, as wide as its row (the maintenance notice's shape, in the info colours). */
export const status = style({
  backgroundColor: vars.color.infoSoft,
  borderBottom: `1px solid ${vars.color.info}`,
  color: vars.color.text,
});

export const row = style({
  maxWidth: '1200px',
  margin: '0 auto',
  padding: '0.5rem 1rem',
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  columnGap: '0.75rem',
  rowGap: '0.4rem',
});

export const text = style({ flex: '1 1 16rem', margin: 0, overflowWrap: 'anywhere' });
