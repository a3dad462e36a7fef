import { useTranslation } from './react';
import { toLanguage, type Language } from './config';

export interface DateFormats {
  /** A day of the year, short: "Dec 5", "5 дек.", "12月5日", "12월 5일". */
  dayMonth: (date: Date) => string;
  /** A date: "Dec 5, 2026", "5 дек. 2026 г.", "2026年12月5日", "2026. 12. 5.". */
  date: (date: Date) => string;
  /** A date and its time of day, to the minute: "Dec 5, 2026, 8:37 PM". */
  dateTime: (date: Date) => string;
  /**
   * A date and its time of day to the second, "Dec 5, 2026, 8:37:12 PM": to tell apart moments
   * of one minute where only a name tells them apart (a screen reader's).
   */
  dateTimeSeconds: (date: Date) => string;
  /** A calendar day given as YYYY-MM-DD, in full: "December 5, 2026", "5 декабря 2026 г.". */
  longDay: (day: string) => string;
}

/** The parts of a moment in the reader's time zone that the formats write. */
interface Parts {
  year: number;
  /** 1 to 12. */
  month: number;
  day: number;
  hours: number;
  minutes: number;
  seconds: number;
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** :12, the seconds of a time written to the second, or nothing. */
const secondsOf = ({ seconds }: Parts, withSeconds: boolean) =>
  withSeconds ? `:${twoDigits(seconds)}` : '';

/** 20:37, 00:05 (20:37:12 with seconds) */
const clock24 = (p: Parts, withSeconds: boolean) =>
  `${twoDigits(p.hours)}:${twoDigits(p.minutes)}${secondsOf(p, withSeconds)}`;

/** 8:37 and 12:05 for 20:37 and 00:05, on a twelve-hour clock (8:37:12 with seconds). */
const clock12 = (p: Parts, withSeconds: boolean) =>
  `${p.hours % 12 || 12}:${twoDigits(p.minutes)}${secondsOf(p, withSeconds)}`;

const EN_MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
/** Genitive (5 декабря) and its abbreviation (5 дек.), as a date writes the month. */
const RU_MONTHS = [
  'января',
  'февраля',
  'марта',
  'апреля',
  'мая',
  'июня',
  'июля',
  'августа',
  'сентября',
  'октября',
  'ноября',
  'декабря',
];
const RU_MONTHS_SHORT = [
  'янв.',
  'февр.',
  'мар.',
  'апр.',
  'мая',
  'июн.',
  'июл.',
  'авг.',
  'сент.',
  'окт.',
  'нояб.',
  'дек.',
];

type Patterns = Record<'dayMonth' | 'date' | 'longDay', (parts: Parts) => string> & {
  dateTime: (parts: Parts, withSeconds: boolean) => string;
};

/**
 * How each interface language writes a date, as CLDR has it (what `Intl.DateTimeFormat` gives
 * for the language's tag in Chromium with the same options; dates.test.ts holds them to it).
 * Written out rather than asked of Intl for the reason numbers.ts gives: a renderer's first
 * Intl.DateTimeFormat loads ICU's locale data, some 40 ms of main thread on a desktop and four
 * times that on a phone, and the dashboard's first render would pay it.
 */
const PATTERNS: Record<Language, Patterns> = {
  en: {
    dayMonth: (p) => `${EN_MONTHS[p.month - 1]!.slice(0, 3)} ${p.day}`,
    date: (p) => `${EN_MONTHS[p.month - 1]!.slice(0, 3)} ${p.day}, ${p.year}`,
    dateTime: (p, withSeconds) =>
      `${PATTERNS.en.date(p)}, ${clock12(p, withSeconds)} ${p.hours < 12 ? 'AM' : 'PM'}`,
    longDay: (p) => `${EN_MONTHS[p.month - 1]} ${p.day}, ${p.year}`,
  },
  ru: {
    dayMonth: (p) => `${p.day} ${RU_MONTHS_SHORT[p.month - 1]}`,
    date: (p) => `${p.day} ${RU_MONTHS_SHORT[p.month - 1]} ${p.year} г.`,
    dateTime: (p, withSeconds) => `${PATTERNS.ru.date(p)}, ${clock24(p, withSeconds)}`,
    longDay: (p) => `${p.day} ${RU_MONTHS[p.month - 1]} ${p.year} г.`,
  },
  zh: {
    dayMonth: (p) => `${p.month}月${p.day}日`,
    date: (p) => `${p.year}年${p.month}月${p.day}日`,
    dateTime: (p, withSeconds) => `${PATTERNS.zh.date(p)} ${clock24(p, withSeconds)}`,
    longDay: (p) => `${p.year}年${p.month}月${p.day}日`,
  },
  ko: {
    dayMonth: (p) => `${p.month}월 ${p.day}일`,
    date: (p) => `${p.year}. ${p.month}. ${p.day}.`,
    dateTime: (p, withSeconds) =>
      `${PATTERNS.ko.date(p)} ${p.hours < 12 ? '오전' : '오후'} ${clock12(p, withSeconds)}`,
    longDay: (p) => `${p.year}년 ${p.month}월 ${p.day}일`,
  },
};

/** A moment's parts in the reader's time zone. */
function localParts(date: Date): Parts {
  return {
    year: date.getFullYear(),
    month: date.getMonth() + 1,
    day: date.getDate(),
    hours: date.getHours(),
    minutes: date.getMinutes(),
    seconds: date.getSeconds(),
  };
}

/** A YYYY-MM-DD day's parts, whatever the reader's time zone. */
function dayParts(day: string): Parts {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return { year, month, day: date, hours: 0, minutes: 0, seconds: 0 };
}

const formatsByLanguage = new Map<Language, DateFormats>();

/** Dates as the interface language writes them. */
export function dateFormatsFor(language: string | undefined): DateFormats {
  const known = toLanguage(language);
  let formats = formatsByLanguage.get(known);
  if (!formats) {
    const patterns = PATTERNS[known];
    formats = {
      dayMonth: (date) => patterns.dayMonth(localParts(date)),
      date: (date) => patterns.date(localParts(date)),
      dateTime: (date) => patterns.dateTime(localParts(date), false),
      dateTimeSeconds: (date) => patterns.dateTime(localParts(date), true),
      longDay: (day) => patterns.longDay(dayParts(day)),
    };
    formatsByLanguage.set(known, formats);
  }
  return formats;
}

export function useDateFormats(): DateFormats {
  const { i18n } = useTranslation();
  return dateFormatsFor(i18n.resolvedLanguage);
}
