/**
 * Sentences of one message, in the reader's language: Chinese sets them one after another with
 * no space (its full stops carry their own), the other languages with a space. Missing ones
 * (`false`, null, undefined, '') are left out.
 */
export function joinSentences(
  language: string,
  sentences: readonly (string | false | null | undefined)[],
): string {
  const separator = language.startsWith('zh') ? '' : ' ';
  return sentences.filter((sentence): sentence is string => Boolean(sentence)).join(separator);
}

/**
 * Items that may hold commas themselves (answers' texts), one after another: with a semicolon,
 * Chinese's full-width one with no space after it.
 */
export function joinItems(language: string, items: readonly string[]): string {
  return items.join(language.startsWith('zh') ? '；' : '; ');
}
