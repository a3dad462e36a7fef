import { globalStyle, style } from '@vanilla-extract/css';
import { font, radius, vars } from '../../theme/theme.css';

/** Where files are dropped: the whole area takes them, its input opens the picker. */
export const dropZone = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: '0.6rem',
  marginTop: '0.75rem',
  padding: '1rem',
  border: `2px dashed ${vars.color.border}`,
  borderRadius: radius.md,
  backgroundColor: vars.color.bgSubtle,
  transition: 'border-color 120ms, background-color 120ms',
});

export const dropZoneActive = style({
  borderColor: vars.color.primary,
  backgroundColor: vars.color.primarySoft,
});

export const dropText = style({ margin: 0, fontWeight: 600 });

export const chosen = style({ margin: 0, color: vars.color.text, overflowWrap: 'anywhere' });

/** The import's one choice, under the drop area. */
export const option = style({ marginTop: '0.75rem' });

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: '0.75rem',
  marginTop: '0.75rem',
});

export const progress = style({ display: 'flex', flexDirection: 'column', gap: '0.35rem' });

export const progressBar = style({
  width: '100%',
  height: '0.75rem',
  accentColor: vars.color.primary,
});

export const progressText = style({ margin: 0, fontSize: '0.9rem', color: vars.color.textMuted });

export const errorsHead = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '0.5rem',
});

export const errorList = style({
  margin: '0.5rem 0 0',
  paddingLeft: '1.25rem',
  maxHeight: '16rem',
  overflowY: 'auto',
  overflowWrap: 'anywhere',
  userSelect: 'text',
});

globalStyle(`${errorList} li + li`, { marginTop: '0.2rem' });

export const fileLabel = style({ fontFamily: font.mono, fontSize: '0.85rem' });

export const conflictNames = style({ margin: '0.35rem 0 0.6rem', overflowWrap: 'anywhere' });

/** A photo's result in the picker's list: its name, what happened, its stored name to copy. */
export const photoResult = style({ fontSize: '0.9rem' });
export const photoOk = style({ color: vars.color.success });
export const photoProblem = style({ color: vars.color.danger });
