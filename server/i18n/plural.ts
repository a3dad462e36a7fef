/** `1 bad row`, `2 bad rows`: English singular or plural by count. */
export function countOf(count: number, one: string, other: string): string {
  return `${count} ${count === 1 ? one : other}`;
}

const RUSSIAN = new Intl.PluralRules('ru');

/** `1 строка`, `2 строки`, `5 строк`, `1,5 строки`: Russian forms by the count's plural category. */
export function russianCountOf(count: number, one: string, few: string, many: string): string {
  const category = RUSSIAN.select(count);
  // `other` is a fraction, which takes the genitive singular, as `few` does.
  return `${count} ${category === 'one' ? one : category === 'many' ? many : few}`;
}
