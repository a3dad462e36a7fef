import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Text } from '../i18n/text';
import { PreconditionFailedError } from './errors';

/** A strong entity tag for bytes or text: the same content always gives the same tag. */
export function etagOf(content: Buffer | string): string {
  return `"${createHash('sha1').update(content).digest('base64url')}"`;
}

/**
 * The entity tag of a stored resource, worked out from the fields an update replaces, so the
 * same stored values give the same tag on any process and either database.
 */
export function entityTagOf(fields: readonly unknown[]): string {
  return etagOf(JSON.stringify(fields));
}

/**
 * Whether a conditional header's list names `tag` (RFC 9110 8.8.3.2): `*` names any. A weak
 * comparison (If-None-Match) reads `W/"x"` as `"x"`; a strong one (If-Match) never matches it.
 */
function listNames(header: string, tag: string, comparison: 'weak' | 'strong'): boolean {
  return header
    .split(',')
    .map((listed) => (comparison === 'weak' ? listed.trim().replace(/^W\//, '') : listed.trim()))
    .some((listed) => listed === '*' || listed === tag);
}

/** Whether the client's copy (If-None-Match) is still the current one, for a 304. */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  return ifNoneMatch !== undefined && listNames(ifNoneMatch, etag, 'weak');
}

/** Whether `If-Match` lets a change go ahead on the version tagged `current` (none: it does). */
export function ifMatchAllows(ifMatch: string | undefined, current: string): boolean {
  return ifMatch === undefined || listNames(ifMatch, current, 'strong');
}

/** The `If-Match` the caller sent, or undefined when it sent none. */
export function ifMatchOf(request: FastifyRequest): string | undefined {
  const header = request.headers['if-match'];
  return Array.isArray(header) ? header.join(',') : header;
}

/** Refuses (412, nothing changed) a change made from another version than the stored one. */
export function assertIfMatch(request: FastifyRequest, current: string, changed: Text): void {
  if (!ifMatchAllows(ifMatchOf(request), current)) throw new PreconditionFailedError(changed);
}

/** Names the version an answer carries. */
export function tagReply(reply: FastifyReply, tag: string): void {
  void reply.header('etag', tag);
}
