import { style } from '@vanilla-extract/css';
import { breakpoints, radius, vars } from '../../theme/theme.css';

export const hero = style({
  display: 'grid',
  gap: '2rem',
  gridTemplateColumns: 'minmax(0, 1.2fr) minmax(0, 1fr)',
  alignItems: 'center',
  padding: '2.5rem 0 3rem',
  '@media': {
    [breakpoints.mobile]: { gridTemplateColumns: 'minmax(0, 1fr)', padding: '1rem 0 2rem' },
  },
});

export const eyebrow = style({
  display: 'inline-block',
  padding: '0.25rem 0.75rem',
  borderRadius: radius.full,
  backgroundColor: vars.color.primarySoft,
  color: vars.color.text,
  fontWeight: 600,
  fontSize: '0.85rem',
  marginBottom: '1rem',
});

export const heroTitle = style({
  fontSize: 'clamp(2rem, 1.3rem + 3vw, 3.4rem)',
  lineHeight: 1.1,
  letterSpacing: '-0.02em',
  margin: '0 0 1rem',
});

export const heroText = style({
  fontSize: '1.15rem',
  color: vars.color.textMuted,
  maxWidth: '52ch',
  margin: '0 0 1.75rem',
});

export const heroArt = style({
  borderRadius: radius.lg,
  padding: '1.5rem',
  backgroundColor: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  boxShadow: vars.shadow.lg,
});

export const stats = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
  gap: '0.75rem',
  marginTop: '1.5rem',
});

// Three boxes side by side are under 80 px wide on a phone and on a tablet, where the hero
// shares the row with its text: the figure ("1000+" is 3.6 times as wide as its font size) and
// the label's longest word ("успешных") shrink with their box, sized in its own width (cqi).
export const stat = style({
  containerType: 'inline-size',
  textAlign: 'center',
  padding: '0.75rem 0.25rem',
  borderRadius: radius.md,
  backgroundColor: vars.color.bgSubtle,
});

export const statValue = style({
  display: 'block',
  fontSize: 'clamp(1rem, 26cqi, 1.5rem)',
  fontWeight: 800,
  color: vars.color.link,
});

export const statLabel = style({
  fontSize: 'clamp(0.7rem, 19cqi, 0.8rem)',
  color: vars.color.textMuted,
});

export const sampleQuestion = style({ fontWeight: 600, marginBottom: '0.75rem' });

export const sampleAnswer = style({
  display: 'flex',
  alignItems: 'center',
  gap: '0.4rem',
  padding: '0.6rem 0.8rem',
  borderRadius: radius.md,
  border: `1px solid ${vars.color.border}`,
  marginBottom: '0.5rem',
  fontSize: '0.95rem',
});

export const sampleRight = style({
  borderColor: vars.color.success,
  backgroundColor: vars.color.successSoft,
});

export const features = style({ margin: '1rem 0 3rem' });

export const sectionTitle = style({
  textAlign: 'center',
  fontSize: '1.8rem',
  margin: '0 0 1.5rem',
});

export const cta = style({
  textAlign: 'center',
  padding: 'clamp(1.5rem, 5vw, 3rem)',
  borderRadius: radius.lg,
  backgroundColor: vars.color.primary,
  color: vars.color.primaryText,
});

export const ctaText = style({ maxWidth: '55ch', margin: '0 auto 1.5rem' });

export const ctaButton = style({
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  '@media': {
    '(hover: hover)': { selectors: { '&:hover': { backgroundColor: vars.color.bgSubtle } } },
  },
});

export const meta = style({ color: vars.color.textMuted, margin: '0 0 1.5rem' });

/**
 * The four highlight cards of privacy and terms: four, two or one a row. Long words (Russian
 * "Неофициальный", "злоупотребляйте") stuck out of cards as narrow as the small grid's.
 */
export const highlights = style({
  display: 'grid',
  gap: '0.75rem',
  gridTemplateColumns: 'repeat(4, minmax(0, 1fr))',
  '@media': {
    'screen and (max-width: 1000px)': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
    'screen and (max-width: 520px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
});

export const highlight = style({ textAlign: 'left', overflowWrap: 'break-word' });

export const numbered = style({
  counterReset: 'section',
  paddingLeft: 0,
  listStyle: 'none',
  margin: 0,
});

export const numberedItem = style({
  counterIncrement: 'section',
  padding: '1.25rem 0',
  borderBottom: `1px solid ${vars.color.border}`,
  selectors: { '&:last-child': { borderBottom: 'none' } },
});

export const numberedTitle = style({
  display: 'flex',
  gap: '0.6rem',
  alignItems: 'baseline',
  fontSize: '1.15rem',
  '::before': {
    content: 'counter(section) "."',
    color: vars.color.link,
    fontWeight: 800,
  },
});

export const notice = style({
  padding: '1rem 1.25rem',
  borderRadius: radius.md,
  backgroundColor: vars.color.warningSoft,
  border: `1px solid ${vars.color.warning}`,
  margin: '1.5rem 0',
});

export const list = style({
  paddingLeft: '1.25rem',
  margin: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: '0.4rem',
});

export const accordionItem = style({
  borderBottom: `1px solid ${vars.color.border}`,
  selectors: { '&:last-child': { borderBottom: 'none' } },
});

export const accordionHeader = style({ margin: 0, fontSize: '1rem' });

export const accordionTrigger = style({
  display: 'flex',
  width: '100%',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '1rem',
  padding: '1rem 0.25rem',
  border: 'none',
  background: 'transparent',
  color: vars.color.text,
  fontWeight: 600,
  fontSize: '1rem',
  textAlign: 'left',
  cursor: 'pointer',
  borderRadius: radius.sm,
});

export const chevron = style({
  transition: 'transform 150ms ease',
  color: vars.color.textMuted,
  selectors: { [`${accordionTrigger}[data-state="open"] &`]: { transform: 'rotate(180deg)' } },
});

export const accordionContent = style({ padding: '0 0.25rem 1rem', color: vars.color.textMuted });

export const method = style({ display: 'flex', flexDirection: 'column', gap: '0.35rem' });

export const methodLabel = style({ fontSize: '0.85rem', color: vars.color.textMuted, margin: 0 });

export const methodValue = style({
  fontFamily: 'ui-monospace, Menlo, Consolas, monospace',
  fontSize: '0.95rem',
  padding: '0.4rem 0.6rem',
  borderRadius: radius.sm,
  backgroundColor: vars.color.bgSubtle,
  overflowWrap: 'anywhere',
  margin: 0,
});
