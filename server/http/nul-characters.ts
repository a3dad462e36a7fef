import type { FastifyReply, FastifyRequest } from 'fastify';
import { BadRequestError } from './errors';

const NUL = '\u0000';

/**
 * Where in `value` a string (or an object key) holds U+0000, as `body/answers/0/name`, or
 * undefined. Walked with a stack of its own: a deeply nested body must not overflow the call
 * stack.
 */
export function findNulCharacter(value: unknown, root: string): string | undefined {
  const pending: [unknown, string][] = [[value, root]];
  while (pending.length > 0) {
    const [item, where] = pending.pop() as [unknown, string];
    if (typeof item === 'string') {
      if (item.includes(NUL)) return where;
    } else if (Array.isArray(item)) {
      item.forEach((element, index) => pending.push([element, `${where}/${index}`]));
    } else if (item !== null && typeof item === 'object') {
      for (const [key, element] of Object.entries(item)) {
        if (key.includes(NUL)) return where;
        pending.push([element, `${where}/${key}`]);
      }
    }
  }
  return undefined;
}

/**
 * A preValidation hook refusing U+0000 anywhere in the body, query or path parameters.
 * PostgreSQL text cannot hold it (the query would fail with a server error) and no name,
 * answer or setting needs it, so both databases refuse it alike, with a 400.
 */
export function rejectNulCharacters(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: (error?: Error) => void,
): void {
  const where =
    findNulCharacter(request.params, 'params') ??
    findNulCharacter(request.query, 'querystring') ??
    findNulCharacter(request.body, 'body');
  done(
    where ? new BadRequestError(`${where} must not contain the NUL character (U+0000)`) : undefined,
  );
}
