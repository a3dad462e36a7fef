import { toLanguage, type Language } from '../i18n/config';

export type NameField = 'first_name' | 'last_name';

/** The name fields of a form, given name first; see inNameOrder. */
export const NAME_FIELDS: readonly NameField[] = ['first_name', 'last_name'];

/** Interface languages whose forms ask for the family name before the given name. */
const FAMILY_NAME_FIRST: ReadonlySet<Language> = new Set(['zh', 'ko']);

/** `fields` with the given and family name in the order the interface language asks for them. */
export function inNameOrder<Field extends string>(
  fields: readonly Field[],
  language: string | undefined,
): Field[] {
  if (!FAMILY_NAME_FIRST.has(toLanguage(language))) return [...fields];
  const names = fields.filter((field) => field === 'first_name' || field === 'last_name');
  const swapped = [...names].reverse();
  return fields.map((field) =>
    field === 'first_name' || field === 'last_name'
      ? (swapped[names.indexOf(field)] ?? field)
      : field,
  );
}

// Han, Hiragana, Katakana and Hangul: names in these scripts are written family name first.
const EAST_ASIAN_NAME =
  /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}·・\s]+$/u;

/** Whether a name is written family name first: both parts in Han, Kana or Hangul. */
const familyNameFirst = (given: string, family: string): boolean =>
  given !== '' && family !== '' && EAST_ASIAN_NAME.test(given) && EAST_ASIAN_NAME.test(family);

/**
 * A person's full name as their own script writes it: 王小明 and 김민준 family name first and
 * unspaced, Anna Lee and Иван Петров given name first; '' without either name.
 */
export function fullName(person: { first_name: string; last_name: string }): string {
  const given = person.first_name.trim();
  const family = person.last_name.trim();
  if (familyNameFirst(given, family)) return family + given;
  return [given, family].filter(Boolean).join(' ');
}

/**
 * The name a greeting or the user menu calls a person by: the given name (Anna), but the whole
 * of a Chinese or Korean name (王小明, 김민준), whose given name alone reads as too familiar; ''
 * without a given name.
 */
export function addressName(person: { first_name: string; last_name: string }): string {
  const given = person.first_name.trim();
  const family = person.last_name.trim();
  return familyNameFirst(given, family) ? family + given : given;
}

/** What the greeting and the user menu call a signed-in user: `addressName`, else the username. */
export function greetingName(user: {
  first_name: string;
  last_name: string;
  username: string;
}): string {
  return addressName(user) || user.username;
}
