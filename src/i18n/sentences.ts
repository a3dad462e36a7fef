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
