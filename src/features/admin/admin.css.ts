import { globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { breakpoints, controlHeight, font, radius, vars } from '../../theme/theme.css';

export const stack = style({
  display: 'flex',
  flexDirection: 'column',
  gap: '1.25rem',
  minWidth: 0,
});

export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: '0.75rem',
});

export const toolbarEnd = style({
  marginLeft: 'auto',
  display: 'flex',
  flexWrap: 'wrap',
  gap: '0.5rem',
});

export const grow = style({ flex: '1 1 16rem', minWidth: 0 });

export const fixed = style({ flex: '0 0 auto', minWidth: '9rem' });

export const statsGrid = style({
  display: 'grid',
  gap: '1rem',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 190px), 1fr))',
});

export const stat = style({
  display: 'flex',
  flexDirection: 'column',
  gap: '0.25rem',
  padding: '1rem 1.25rem',
  borderRadius: radius.lg,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
  boxShadow: vars.shadow.sm,
  borderTop: `4px solid ${vars.color.primary}`,
});

export const statTone = styleVariants({
  primary: { borderTopColor: vars.color.primary },
  success: { borderTopColor: vars.color.success },
  warning: { borderTopColor: vars.color.warning },
  info: { borderTopColor: vars.color.secondary },
});

export const statLabel = style({
  color: vars.color.textMuted,
  fontSize: '0.9rem',
  fontWeight: 600,
  margin: 0,
});

export const statValue = style({ fontSize: '2rem', fontWeight: 800, lineHeight: 1.1, margin: 0 });

export const statHint = style({ color: vars.color.textMuted, fontSize: '0.82rem', margin: 0 });

export const dangerZone = style({
  display: 'flex',
  flexDirection: 'column',
  gap: '0.5rem',
  marginTop: '1rem',
  padding: '1rem 1.25rem',
  borderRadius: radius.lg,
  border: `1px solid ${vars.color.danger}`,
});

export const dangerTitle = style({ fontSize: '1rem', margin: 0, color: vars.color.danger });

export const columns = style({
  display: 'grid',
  gap: '1.25rem',
  gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 1fr)',
  alignItems: 'start',
  '@media': { 'screen and (max-width: 900px)': { gridTemplateColumns: 'minmax(0, 1fr)' } },
});

export const activity = style({ listStyle: 'none', margin: 0, padding: 0 });

export const activityItem = style({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  gap: '0.15rem 0.75rem',
  padding: '0.7rem 0',
  borderBottom: `1px solid ${vars.color.border}`,
  selectors: { '&:last-child': { borderBottom: 'none' } },
});

export const activityDot = style({
  gridRow: 'span 2',
  width: '0.65rem',
  height: '0.65rem',
  marginTop: '0.45rem',
  borderRadius: '50%',
  backgroundColor: vars.color.primary,
});

export const activityDotTone = styleVariants({
  exam: { backgroundColor: vars.color.success },
  examFailed: { backgroundColor: vars.color.warning },
  admin: { backgroundColor: vars.color.primary },
  danger: { backgroundColor: vars.color.danger },
});

export const activityText = style({ margin: 0, overflowWrap: 'anywhere' });

export const activityMeta = style({ margin: 0, color: vars.color.textMuted, fontSize: '0.85rem' });

export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  gap: '0.4rem 1rem',
  margin: 0,
});

export const factTerm = style({ color: vars.color.textMuted, fontSize: '0.9rem' });

export const factValue = style({ margin: 0, fontWeight: 600, overflowWrap: 'anywhere' });

export const mono = style({ fontFamily: font.mono, fontSize: '0.88rem', overflowWrap: 'anywhere' });

/**
 * A setting's key or an e-mail in a table: broken only where `breakableAfter` allows (after an
 * underscore, an `@` or a dot), never inside a word, so the column keeps the width of the longest
 * part and every part stays whole (`anywhere` let the column shrink to a letter or two:
 * "challe/nge_"). As a card, where a line may be narrower than a long part, it still breaks
 * anywhere as a last resort.
 */
export const wholeParts = style({
  fontFamily: font.mono,
  fontSize: '0.88rem',
  overflowWrap: 'normal',
  '@media': { [breakpoints.tableCards]: { overflowWrap: 'anywhere' } },
});

/**
 * Text a person typed (a name) that may hold no break, even under Korean's keep-all: it wraps
 * anywhere, and a long one takes no more of the table's width than a usual name.
 */
export const breakAnywhere = style({
  display: 'block',
  maxWidth: '16rem',
  overflowWrap: 'anywhere',
});

/**
 * Two lines of a long text (a question, a description). A word longer than the column (a link, a
 * code, 80 letters typed without a space) breaks where it must: otherwise it sets the column's
 * narrowest width, and the table pushes its Edit and Delete past the edge.
 */
export const clip = style({
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
  overflowWrap: 'anywhere',
  // As narrow as a long word was before it could break: other columns take no more than then.
  minWidth: '8rem',
  maxWidth: '32rem',
  '@media': { [breakpoints.tableCards]: { minWidth: 0, maxWidth: 'none' } },
});

export const nowrap = style({
  whiteSpace: 'nowrap',
  overflowWrap: 'normal',
  '@media': { [breakpoints.tableCards]: { whiteSpace: 'normal', overflowWrap: 'anywhere' } },
});

export const flag = styleVariants({
  yes: { color: vars.color.success, fontWeight: 700 },
  no: { color: vars.color.textMuted },
  admin: { backgroundColor: vars.color.warningSoft },
});

export const thumb = style({
  width: '3.5rem',
  height: '2.6rem',
  objectFit: 'contain',
  borderRadius: radius.sm,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: '#fff',
  display: 'block',
});

export const noThumb = style({ color: vars.color.textMuted, fontSize: '0.85rem' });

export const pager = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '0.75rem 1.25rem',
});

export const pagerGroup = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: '0.5rem',
});

export const pagerInput = style({
  width: '5rem',
  padding: '0.45rem 0.6rem',
  borderRadius: radius.md,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  // As tall as the small buttons beside it.
  height: controlHeight.sm,
  paddingBlock: 0,
  '@media': { '(pointer: coarse)': { height: controlHeight.smCoarse } },
});

export const pagerSelect = style({
  padding: '0.4rem 0.5rem',
  borderRadius: radius.md,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  // As tall as the small buttons beside it.
  height: controlHeight.sm,
  paddingBlock: 0,
  '@media': { '(pointer: coarse)': { height: controlHeight.smCoarse } },
});

// Lines quoting a search or a topic name, which may run long without a space.
/** A figure with a line about it underneath (a course's question total). */
export const figureWithNote = style({
  display: 'flex',
  flexDirection: 'column',
  gap: '0.2rem',
});

export const muted = style({
  color: vars.color.textMuted,
  margin: 0,
  minWidth: 0,
  overflowWrap: 'anywhere',
});

export const fileForm = style({ marginTop: '0.75rem' });

/** Said where a row's Delete would be: centred on the Edit button beside it, smaller. */
export const cannotDelete = style({ alignSelf: 'center', fontSize: '0.85rem' });

export const csvErrors = style({
  margin: '0.5rem 0 0',
  paddingLeft: '1.25rem',
  maxHeight: '14rem',
  overflowY: 'auto',
});

export const code = style({
  fontFamily: font.mono,
  fontSize: '0.82rem',
  backgroundColor: vars.color.bgSubtle,
  padding: '0.1rem 0.35rem',
  borderRadius: radius.sm,
  overflowWrap: 'anywhere',
});

export const ticketGrid = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: '0.75rem',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 170px), 1fr))',
});

export const ticket = style({
  padding: '0.85rem 1rem',
  borderRadius: radius.md,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
  display: 'flex',
  flexDirection: 'column',
  gap: '0.2rem',
});

export const ticketTitle = style({ fontWeight: 700, margin: 0 });

/** A ticket's questions, opened under its figures: the card then takes the whole row. */
export const ticketQuestions = style({
  marginTop: '0.35rem',
  fontSize: '0.9rem',
});
globalStyle(`${ticket}:has(${ticketQuestions}[open])`, { gridColumn: '1 / -1' });
globalStyle(`${ticketQuestions} > summary`, {
  cursor: 'pointer',
  color: vars.color.primary,
  fontWeight: 600,
});

export const ticketQuestionList = style({
  margin: '0.5rem 0 0',
  paddingLeft: '1.5rem',
  display: 'flex',
  flexDirection: 'column',
  gap: '0.3rem',
  overflowWrap: 'anywhere',
});

/** Generate's two numbers side by side, each as wide as its hint needs; one a row on a phone. */
export const generationFields = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-start',
  gap: '1rem 1.25rem',
});

export const generationField = style({ flex: '1 1 14rem', minWidth: 0, maxWidth: '22rem' });

export const formGrid = style({
  display: 'grid',
  gap: '1rem',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 220px), 1fr))',
});

export const formStack = style({ display: 'flex', flexDirection: 'column', gap: '1rem' });

export const answerGrid = style({
  display: 'grid',
  gap: '0.75rem',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 300px), 1fr))',
});

/** An answer's box: two lines high, growing with its text where the browser can. */
export const answerField = style({});
globalStyle(`${answerField} textarea`, { minHeight: '3.6rem', fieldSizing: 'content' });

export const preview = style({
  maxWidth: '14rem',
  maxHeight: '9rem',
  objectFit: 'contain',
  borderRadius: radius.md,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: '#fff',
  display: 'block',
});

export const photoRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: '1rem',
});

export const maintenance = style({
  marginTop: '1rem',
  display: 'grid',
  gap: '0.75rem',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 220px), 1fr))',
});

export const maintenanceItem = style({
  display: 'flex',
  flexDirection: 'column',
  gap: '0.5rem',
  padding: '1rem',
  borderRadius: radius.md,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.bgSubtle,
});

export const maintenanceText = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: '0.9rem',
  flex: 1,
});

export const sectionTitle = style({ fontSize: '1.15rem', margin: 0 });

export const sectionHead = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '0.75rem',
  marginBottom: '1rem',
});

export const footerStart = style({ marginRight: 'auto' });

export const csvAlert = style({ marginTop: '1rem', marginBottom: 0 });

/** Wraps a field whose input shows code (keys, values, ID lists) in a monospace font. */
export const monoField = style({ minWidth: 0 });

globalStyle(`${monoField} input, ${monoField} textarea`, {
  fontFamily: font.mono,
  fontSize: '0.9rem',
});

export const restore = style({
  marginTop: '1.25rem',
  paddingTop: '1rem',
  borderTop: `1px solid ${vars.color.border}`,
});

export const subTitle = style({ fontSize: '1rem', margin: 0 });

/** A value edited through several controls (a switch and a message): one group, no frame. */
export const valueGroup = style({
  border: 'none',
  margin: 0,
  padding: 0,
  minWidth: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: '0.6rem',
});

// A legend is padded by default: it lines up with the controls under it instead.
globalStyle(`${valueGroup} > legend`, { padding: 0, marginBottom: '0.35rem' });

/**
 * A value in the settings table: breaks between words (JSON is shown with a space after each
 * comma and colon), mid-word only for a word wider than the column, and two lines at most (the
 * whole value is in the cell's title). `anywhere`, not `break-word`: a long word must not widen
 * the column either, and `minWidth` keeps the column from being squeezed to a few letters.
 */
export const settingValue = style({
  fontFamily: font.mono,
  fontSize: '0.88rem',
  overflowWrap: 'anywhere',
  wordBreak: 'normal',
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
  maxWidth: '24rem',
  minWidth: '10rem',
  // A phone's card has no room to give.
  '@media': {
    [breakpoints.tableCards]: { maxWidth: 'none', minWidth: 0 },
  },
});

// Photos uploaded for a CSV import, under its form: a ruled-off part of the same card.
export const csvPhotos = style({
  display: 'flex',
  flexDirection: 'column',
  // Buttons as wide as their words, as everywhere else in the card.
  alignItems: 'flex-start',
  gap: '0.75rem',
  marginTop: '1.25rem',
  paddingTop: '1rem',
  borderTop: `1px solid ${vars.color.border}`,
});

export const csvPhotoList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: '0.5rem',
});

export const csvPhotoItem = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  columnGap: '0.75rem',
  rowGap: '0.25rem',
});

// A stored file name (`q-3f9c….png`) read and copied whole: never broken at its hyphen.
export const fileName = style({ whiteSpace: 'nowrap' });

/** A group of a form's fields under a title of its own (a course's exam rules). */
export const fieldset = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.md,
  margin: 0,
  padding: '0.75rem 1rem 1rem',
  minWidth: 0,
});

export const legend = style({ fontWeight: 700, padding: '0 0.35rem' });

/** A topic's names in other languages, under its own name in the list: one after another. */
export const otherNames = style({
  display: 'flex',
  flexWrap: 'wrap',
  columnGap: '0.75rem',
  marginTop: '0.15rem',
  color: vars.color.textMuted,
  fontSize: '0.875rem',
});

/** A fieldset whose fields stand one under the other, spaced as the form's own. */
export const fieldStack = style({ display: 'grid', gap: '0.75rem' });

/** What a fieldset's fields are for, under its legend. */
export const fieldsetHint = style({ margin: 0, color: vars.color.textMuted, fontSize: '0.875rem' });

/** A course's name with its "Default" badge, wrapping under it on a narrow row. */
export const courseName = style({
  display: 'inline-flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: '0.4rem',
});

/** The course picker above the bank tabs: as wide as its longest name allows, on a phone all. */
export const coursePicker = style({
  maxWidth: '36rem',
  padding: '0.75rem 1rem',
  borderRadius: radius.lg,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
});

/** A course's rules two by two (count and time, rule and mark, the extras), one by one on a phone. */
export const rulesGrid = style({
  display: 'grid',
  gap: '1rem',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  '@media': { [breakpoints.mobile]: { gridTemplateColumns: 'minmax(0, 1fr)' } },
});

/** The question list's filters: search and topic, then the missing translation (issue 42). */
export const filterRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: '0.75rem',
});

/** A question's languages in the list: its own first (outlined), then each translation. */
export const languageTags = style({ display: 'inline-flex', flexWrap: 'wrap', gap: '0.25rem' });

export const languageTag = style({
  display: 'inline-block',
  padding: '0.05rem 0.4rem',
  borderRadius: radius.sm,
  backgroundColor: vars.color.primarySoft,
  color: vars.color.text,
  fontSize: '0.75rem',
  fontWeight: 600,
  letterSpacing: '0.03em',
});

export const languageTagOwn = style({
  backgroundColor: 'transparent',
  border: `1px solid ${vars.color.border}`,
});
