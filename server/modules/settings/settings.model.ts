import { fitsContractString } from '../../http/contract';
import { entityTagOf } from '../../http/entity-tags';
import type { SettingRow } from '../../db/schema';
import type { Schema } from '../../http/operations';
import {
  COURSE_RULE_SETTINGS,
  DEFAULT_SETTINGS,
  type DataType,
  inRange,
  type SettingRule,
} from './settings.defaults';
import type { Language } from '../../i18n/language';
import { text, type Text } from '../../i18n/text';

export type Setting = Schema<'Setting'>;

const DATA_TYPES: readonly DataType[] = ['string', 'number', 'boolean', 'json'];

/** A data type's name as a message shows it, in the reader's language. */
export function dataTypeName(dataType: DataType): Text {
  return text(`dataType_${dataType}`);
}

export function isDataType(value: string): value is DataType {
  return (DATA_TYPES as readonly string[]).includes(value);
}

const BUILT_IN = new Map(DEFAULT_SETTINGS.map((setting) => [setting.key, setting]));

/**
 * A built-in setting's description as `language` words it, while it is still the one the
 * setting was seeded with; any other description as stored.
 */
function describedIn(row: Pick<SettingRow, 'key' | 'description'>, language: Language) {
  const builtIn = BUILT_IN.get(row.key);
  return builtIn && row.description === builtIn.description
    ? text(builtIn.about).in(language)
    : row.description;
}

/**
 * The description to store: a built-in setting's own, sent back as the caller read it (in
 * their language, say from an edit form), is stored as seeded, so every language keeps
 * showing it in its own words.
 */
export function descriptionToStore(
  key: string,
  description: string | null,
  language: Language,
): string | null {
  const builtIn = BUILT_IN.get(key);
  return builtIn && description === text(builtIn.about).in(language)
    ? builtIn.description
    : description;
}

/** The stored fields an update changes, in a fixed order (for entity tags and checks). */
export const SETTING_FIELDS = [
  'value',
  'description',
  'data_type',
  'is_public',
] as const satisfies readonly (keyof SettingRow)[];

/** The entity tag of a setting as stored. */
export function settingTagOf(row: Pick<SettingRow, (typeof SETTING_FIELDS)[number]>): string {
  return entityTagOf(SETTING_FIELDS.map((field) => row[field]));
}

/** A built-in setting's rule, with the value the app uses while the setting is missing. */
function ruleOf(key: string): SettingRule | null {
  const builtIn = BUILT_IN.get(key);
  if (!builtIn) return null;
  return COURSE_RULE_SETTINGS.includes(key)
    ? builtIn.rule
    : { ...builtIn.rule, default: builtIn.value };
}

/**
 * The API view of a stored setting; given the reader's language, a built-in description comes
 * in it (an export leaves it as stored).
 */
export function toSetting(row: SettingRow, language?: Language): Setting {
  return {
    id: row.id,
    key: row.key,
    value: row.value,
    description: language ? describedIn(row, language) : row.description,
    // A restored backup could carry a type this version does not know; it reads as text.
    data_type: isDataType(row.data_type) ? row.data_type : 'string',
    is_public: Boolean(row.is_public),
    updated_at: row.updated_at,
    rule: ruleOf(row.key),
  };
}

// Plain decimal notation only: `Number()` would also take '0x10', '' or ' 7 ', which
// readers of the setting in other languages or tools would not.
const DECIMAL = /^-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/** Why `value` does not fit `dataType`, or undefined when it does. */
function valueProblem(value: string, dataType: DataType): Text | undefined {
  switch (dataType) {
    case 'string':
      return undefined;
    case 'number':
      return DECIMAL.test(value) && Number.isFinite(Number(value))
        ? undefined
        : text('notANumber', { value: preview(value) });
    case 'boolean':
      return value === 'true' || value === 'false'
        ? undefined
        : text('notABoolean', { value: preview(value) });
    case 'json':
      try {
        JSON.parse(value);
        return undefined;
      } catch {
        return text('notJson', { value: preview(value) });
      }
  }
}

/**
 * Why `value` does not fit the setting `key` as the app reads it, or undefined when it does. A
 * setting the app knows keeps its type and its value fits its rule (a whole number in range, a
 * name of visible text and bounded length, an e-mail address, a notice of exactly the shape the
 * banner reads). Other settings only have to fit their type.
 */
export function settingProblem(key: string, value: string, dataType: DataType): Text | undefined {
  const known = BUILT_IN.get(key);
  if (known && dataType !== known.data_type)
    return text('settingOfType', { key, type: dataTypeName(known.data_type) });
  const problem = valueProblem(value, dataType);
  if (problem || !known) return problem;
  return ruleProblem(value, known.rule);
}

/** Why `value`, already of the right type, breaks `rule`, or undefined. */
function ruleProblem(value: string, rule: SettingRule): Text | undefined {
  switch (rule.kind) {
    case 'text':
      if (value.trim() === '') return text('valueEmpty');
      return tooLong(value, rule.max_length, 'valueTooLong');
    case 'email':
      return fitsContractString('Email', value)
        ? undefined
        : text('notAnEmail', { value: preview(value) });
    case 'whole_number':
      return inRange(Number(value), rule)
        ? undefined
        : text('notInRange', { value: preview(value), min: rule.min ?? 0, max: rule.max ?? 0 });
    case 'boolean':
      return undefined;
    case 'notice':
      return noticeProblem(JSON.parse(value), rule.max_length);
    case 'donations':
      return donationsProblem(JSON.parse(value), rule.max_length);
  }
}

/** Longer than `max` characters (counted as a reader counts them, not in UTF-16 units)? */
function tooLong(
  value: string,
  max: number | undefined,
  problem: 'valueTooLong' | 'noticeTooLong' | 'donationDetailsTooLong',
): Text | undefined {
  const length = [...value].length;
  return max !== undefined && length > max ? text(problem, { length, max }) : undefined;
}

/** The interface languages a notice may have its own text in (`messages`). */
const NOTICE_LANGUAGES: readonly string[] = ['en', 'ru', 'zh', 'ko'];

/**
 * The banner reads `{"enabled": boolean, "message": string}`, optionally with `messages`, a text
 * per interface language (`{"ko": "..."}`) shown instead of `message` to readers of that
 * language; anything else (a misspelt key, `"true"` as text, a missing message, an array, an
 * unknown language) would be saved and silently show nothing. A notice that is shown needs a
 * text in some language.
 */
function noticeProblem(notice: unknown, max: number | undefined): Text | undefined {
  if (typeof notice !== 'object' || notice === null || Array.isArray(notice))
    return text('notANotice');
  const keys = Object.keys(notice).sort();
  const { enabled, message, messages } = notice as Record<string, unknown>;
  const isObject = typeof messages === 'object' && messages !== null && !Array.isArray(messages);
  const perLanguage: [string, unknown][] = isObject ? Object.entries(messages) : [];
  if (
    keys.join() !== (messages === undefined ? 'enabled,message' : 'enabled,message,messages') ||
    typeof enabled !== 'boolean' ||
    typeof message !== 'string' ||
    (messages !== undefined && !isObject) ||
    perLanguage.some(
      ([language, value]) => !NOTICE_LANGUAGES.includes(language) || typeof value !== 'string',
    )
  )
    return text('notANotice');
  const texts = [message, ...perLanguage.map(([, value]) => value as string)];
  if (enabled && texts.every((value) => value.trim() === '')) return text('noticeWithoutMessage');
  for (const value of texts) {
    const problem = tooLong(value, max, 'noticeTooLong');
    if (problem) return problem;
  }
  return undefined;
}

/**
 * Donation details read `{"ru": "lines", ...}`: a text per interface language, nothing else (an
 * empty object offers none, and the page says so).
 */
function donationsProblem(details: unknown, max: number | undefined): Text | undefined {
  if (typeof details !== 'object' || details === null || Array.isArray(details))
    return text('notDonationDetails');
  const entries = Object.entries(details);
  if (
    entries.some(
      ([language, value]) => !NOTICE_LANGUAGES.includes(language) || typeof value !== 'string',
    )
  )
    return text('notDonationDetails');
  for (const [, value] of entries) {
    const problem = tooLong(value as string, max, 'donationDetailsTooLong');
    if (problem) return problem;
  }
  return undefined;
}

function preview(value: string): string {
  return value.length > 40 ? `${value.slice(0, 40)}...` : value;
}
