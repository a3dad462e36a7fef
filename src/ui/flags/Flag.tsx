import { useId } from 'react';
import type { Language } from '../../i18n/config';
import * as styles from './flag.css';

const SIZE = { width: 24, height: 16 };

function UnitedKingdom() {
  const clip = `flag-gb-${useId().replace(/:/g, '')}`;
  return (
    <svg viewBox="0 0 60 30" {...SIZE} aria-hidden="true" focusable="false">
      <clipPath id={clip}>
        <path d="M30 15h30v15zv15H0zH0V0zV0h30z" />
      </clipPath>
      <path d="M0 0v30h60V0z" fill="#012169" />
      <path d="M0 0l60 30m0-30L0 30" stroke="#fff" strokeWidth="6" />
      <path d="M0 0l60 30m0-30L0 30" clipPath={`url(#${clip})`} stroke="#C8102E" strokeWidth="4" />
      <path d="M30 0v30M0 15h60" stroke="#fff" strokeWidth="10" />
      <path d="M30 0v30M0 15h60" stroke="#C8102E" strokeWidth="6" />
    </svg>
  );
}

function Russia() {
  return (
    <svg viewBox="0 0 9 6" {...SIZE} aria-hidden="true" focusable="false">
      <rect width="9" height="2" fill="#fff" />
      <rect y="2" width="9" height="2" fill="#0039A6" />
      <rect y="4" width="9" height="2" fill="#D52B1E" />
    </svg>
  );
}

function China() {
  const star = 'M0,-1 0.588,0.809 -0.951,-0.309 0.951,-0.309 -0.588,0.809Z';
  return (
    <svg viewBox="0 0 30 20" {...SIZE} aria-hidden="true" focusable="false">
      <rect width="30" height="20" fill="#EE1C25" />
      <path d={star} fill="#FFFF00" transform="translate(5,5) scale(3)" />
      <path d={star} fill="#FFFF00" transform="translate(10,2) rotate(23)" />
      <path d={star} fill="#FFFF00" transform="translate(12,4) rotate(46)" />
      <path d={star} fill="#FFFF00" transform="translate(12,7) rotate(70)" />
      <path d={star} fill="#FFFF00" transform="translate(10,9) rotate(21)" />
    </svg>
  );
}

function Korea() {
  // Simplified taegukgi: the taeguk and the four trigrams.
  const bar = (x: number, y: number, broken: boolean, key: string) =>
    broken ? (
      <g key={key}>
        <rect x={x} y={y} width="2.2" height="1" />
        <rect x={x + 2.8} y={y} width="2.2" height="1" />
      </g>
    ) : (
      <rect key={key} x={x} y={y} width="5" height="1" />
    );
  const trigram = (pattern: boolean[], transform: string, key: string) => (
    <g key={key} transform={transform} fill="#000">
      {pattern.map((broken, index) => bar(-2.5, -2 + index * 1.5, broken, `${key}-${index}`))}
    </g>
  );
  return (
    <svg viewBox="0 0 36 24" {...SIZE} aria-hidden="true" focusable="false">
      <rect width="36" height="24" fill="#fff" />
      <g transform="translate(18,12) rotate(33.7)">
        <circle r="6" fill="#CD2E3A" />
        <path d="M-6,0a6,6 0 0 0 12,0a3,3 0 0 0 -6,0a3,3 0 0 1 -6,0z" fill="#0047A0" />
      </g>
      {trigram([false, false, false], 'translate(7,5) rotate(-56.3)', 'geon')}
      {trigram([true, false, true], 'translate(29,5) rotate(56.3)', 'gam')}
      {trigram([false, true, false], 'translate(7,19) rotate(56.3)', 'ri')}
      {trigram([true, true, true], 'translate(29,19) rotate(-56.3)', 'gon')}
    </svg>
  );
}

const FLAGS: Record<Language, () => React.JSX.Element> = {
  en: UnitedKingdom,
  ru: Russia,
  zh: China,
  ko: Korea,
};

/** The flag of a language, decorative (the language name is always shown beside it). */
export function Flag({ language }: { language: Language }) {
  const Component = FLAGS[language];
  return (
    <span className={styles.flag}>
      <Component />
    </span>
  );
}
