import type { FastifyReply, FastifyRequest } from 'fastify';
import { BadRequestError } from './errors';
import { text, type Text } from '../i18n/text';

/**
 * Characters no stored text takes: U+0000 (PostgreSQL text cannot hold it), the other control
 * characters but tab, line feed and carriage return (a terminal or a CSV reader would act on
 * them), and a surrogate without its pair (not a character at all: stored as UTF-8 it turns into
 * replacement characters, and PostgreSQL refuses it).
 */
const UNSTORABLE =
  // eslint-disable-next-line no-control-regex -- control characters are what it looks for
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The first unstorable character of `text`: where it is and what it is, in words. */
export function firstUnstorable(value: string): { index: number; character: Text } | undefined {
  const found = UNSTORABLE.exec(value);
  if (!found) return undefined;
  const code = found[0].charCodeAt(0);
  const params = { code: `U+${code.toString(16).toUpperCase().padStart(4, '0')}` };
  const character =
    code === 0
      ? text('nulCharacter', params)
      : code >= 0xd800
        ? text('unpairedSurrogate', params)
        : text('controlCharacter', params);
  return { index: found.index, character };
}

/** What the first unstorable character of `text` is, in words, or undefined when it has none. */
export function unstorableCharacter(value: string): Text | undefined {
  return firstUnstorable(value)?.character;
}

// How a text is trimmed is the rule the SPA checks by too (domain/text.ts).
export { trimText } from '../../domain/text';

/** Whether a string or an object key anywhere in `value` holds an unstorable character. */
function holdsUnstorable(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (UNSTORABLE.test(item)) return true;
    } else if (Array.isArray(item)) {
      for (const element of item) pending.push(element);
    } else if (item !== null && typeof item === 'object') {
      for (const key in item) {
        if (!Object.hasOwn(item, key)) continue;
        if (UNSTORABLE.test(key)) return true;
        pending.push((item as Record<string, unknown>)[key]);
      }
    }
  }
  return false;
}

/**
 * Where in `value` a string (or an object key) holds an unstorable character, as
 * `body/answers/0/name`, and which one, or undefined. Walked with a stack of its own: a deeply
 * nested body must not overflow the call stack.
 */
export function findUnstorableText(
  value: unknown,
  root: string,
): { where: string; character: Text } | undefined {
  // Nearly every request holds none: that answer costs no path strings and no entry pairs.
  if (!holdsUnstorable(value)) return undefined;
  const pending: [unknown, string][] = [[value, root]];
  while (pending.length > 0) {
    const [item, where] = pending.pop() as [unknown, string];
    if (typeof item === 'string') {
      const character = unstorableCharacter(item);
      if (character) return { where, character };
    } else if (Array.isArray(item)) {
      item.forEach((element, index) => pending.push([element, `${where}/${index}`]));
    } else if (item !== null && typeof item === 'object') {
      for (const [key, element] of Object.entries(item)) {
        const character = unstorableCharacter(key);
        if (character) return { where, character };
        pending.push([element, `${where}/${key}`]);
      }
    }
  }
  return undefined;
}

/**
 * A preValidation hook refusing unstorable characters anywhere in the body, query or path
 * parameters, with a 400, on every database alike.
 */
export function rejectUnstorableText(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: (error?: Error) => void,
): void {
  const found =
    findUnstorableText(request.params, 'params') ??
    findUnstorableText(request.query, 'querystring') ??
    findUnstorableText(request.body, 'body');
  done(found ? new BadRequestError(text('mustNotContain', found)) : undefined);
}
