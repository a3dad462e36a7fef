import { style } from '@vanilla-extract/css';
import { breakpoints } from '../../theme/theme.css';
import { BELOW_HEADER } from '../layout/header-height';

/**
 * How far down an open dialog's close button reaches, in px, set on the root element by the
 * dialog (ui/modal/dialog-clearance.ts) while it is open: notifications start below it.
 */
export const DIALOG_CLEARANCE = '--dialog-clearance';

/** Below the header (its measured height, taller with the phone menu open) and any dialog's close. */
const belowHeader = (gap: string) =>
  `max(calc(${BELOW_HEADER} + ${gap}), var(${DIALOG_CLEARANCE}, 0px))`;

// Never over the header's language, theme and user controls, nor over an open dialog's close.
export const region = style({
  position: 'fixed',
  top: belowHeader('1rem'),
  right: '1rem',
  zIndex: 1000,
  display: 'flex',
  flexDirection: 'column',
  gap: '0.5rem',
  width: 'min(380px, calc(100vw - 2rem))',
  pointerEvents: 'none',
  '@media': {
    [breakpoints.mobile]: {
      top: belowHeader('0.5rem'),
      right: '0.5rem',
      width: 'calc(100vw - 1rem)',
    },
  },
});
