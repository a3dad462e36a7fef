import { en, type Catalog } from './en';
import { ko } from './ko';
import type { Language } from './language';
import { ru } from './ru';
import { zh } from './zh';

const CATALOGS: Record<Language, Catalog> = { en, ru, zh, ko };

type Key = keyof Catalog;
type ParamsOf<K extends Key> = Catalog[K] extends (params: infer P) => string ? P : never;
/**
 * A text parameter is given as it is shown, as a text of its own worded in the same language,
 * or as a list of either (joined with `; `).
 */
type Given<P> = {
  [Name in keyof P]: P[Name] extends string ? string | Text | readonly (string | Text)[] : P[Name];
};
type Args<K extends Key> = Catalog[K] extends string ? [] : [params: Given<ParamsOf<K>>];

/**
 * A message the API sends, kept as its catalog key and parameters until the reply is worded in
 * the caller's language (the error handler reads Accept-Language).
 */
export class Text {
  constructor(
    readonly key: Key,
    readonly params: Record<string, unknown> | undefined,
  ) {}

  in(language: Language): string {
    const entry = CATALOGS[language][this.key] as string | ((params: unknown) => string);
    if (typeof entry === 'string') return entry;
    const params = Object.fromEntries(
      Object.entries(this.params ?? {}).map(([name, value]) => [
        name,
        Array.isArray(value)
          ? value.map((item: unknown) => wordedItem(item, language)).join('; ')
          : wordedItem(value, language),
      ]),
    );
    return entry(params);
  }

  /** English, for logs and for Error.message. */
  toString(): string {
    return this.in('en');
  }
}

function wordedItem(value: unknown, language: Language): unknown {
  return value instanceof Text ? value.in(language) : value;
}

/** The message `key` of the catalog with its parameters, worded later. */
export function text<K extends Key>(key: K, ...args: Args<K>): Text {
  return new Text(key, args[0] as Record<string, unknown> | undefined);
}

/** `T` with its texts worded. */
export type Worded<T> = T extends Text
  ? string
  : T extends readonly (infer Item)[]
    ? Worded<Item>[]
    : T extends object
      ? { [Name in keyof T]: Worded<T[Name]> }
      : T;

/** `value` with every Text inside it (a reply's `errors[].reason`, say) worded in `language`. */
export function worded<T>(value: T, language: Language): Worded<T> {
  return wordedValue(value, language) as Worded<T>;
}

function wordedValue(value: unknown, language: Language): unknown {
  if (value instanceof Text) return value.in(language);
  if (Array.isArray(value)) return value.map((item) => wordedValue(item, language));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([name, item]) => [name, wordedValue(item, language)]),
    );
  }
  return value;
}
