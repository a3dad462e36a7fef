import { entityTagOf } from '../../http/entity-tags';
import type { SettingRow } from '../../db/schema';
import type { Schema } from '../../http/operations';
import { DEFAULT_SETTINGS, type DataType, inRange } from './settings.defaults';
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
 * setting the app knows keeps its type and, for a number, takes whole numbers in its range; its
 * text is never blank. Other settings only have to fit their type.
 */
export function settingProblem(key: string, value: string, dataType: DataType): Text | undefined {
  const known = DEFAULT_SETTINGS.find((setting) => setting.key === key);
  if (known && dataType !== known.data_type)
    return text('settingOfType', { key, type: dataTypeName(known.data_type) });
  const problem = valueProblem(value, dataType);
  if (problem || !known) return problem;
  if (known.range && !inRange(Number(value), known.range)) {
    return text('notInRange', {
      value: preview(value),
      min: known.range.min,
      max: known.range.max,
    });
  }
  if (dataType === 'string' && value.trim() === '') return text('valueEmpty');
  return undefined;
}

function preview(value: string): string {
  return value.length > 40 ? `${value.slice(0, 40)}...` : value;
}
