/**
 * Reads a list of question ids leniently: a JSON array (or its text), or numbers separated by
 * commas, semicolons, spaces or `|` (as a bank CSV's `topics` and `ticket` columns list theirs).
 * Returns undefined when something in it is not a positive integer.
 */
export function parseQuestionIds(input: string | readonly number[]): number[] | undefined {
  let items: unknown[];
  if (Array.isArray(input)) {
    items = [...input];
  } else {
    const text = String(input).trim();
    if (text.startsWith('[')) {
      try {
        const parsed: unknown = JSON.parse(text);
        if (!Array.isArray(parsed)) return undefined;
        items = parsed;
      } catch {
        return undefined;
      }
    } else {
      items = text === '' ? [] : text.split(/[,;|\s]+/).filter(Boolean);
    }
  }
  const ids = items.map((item) => (typeof item === 'string' ? Number(item.trim()) : item));
  if (!ids.every((id): id is number => typeof id === 'number' && Number.isInteger(id) && id > 0)) {
    return undefined;
  }
  return ids;
}
