import type { FastifyReply, FastifyRequest } from 'fastify';
import type { operations } from '../../openapi/schema';
import type { ContentLanguage } from '../../domain/question-languages';
import { UnauthorizedError } from './errors';

export type OperationId = keyof operations;

type Get<T, K extends PropertyKey> = T extends { [P in K]?: infer V } ? NonNullable<V> : never;

type PathParams<Op> = Get<Get<Op, 'parameters'>, 'path'>;
type QueryParams<Op> = Get<Get<Op, 'parameters'>, 'query'>;
type JsonBody<Op> =
  Get<Op, 'requestBody'> extends { content: { 'application/json': infer B } } ? B : undefined;

type SuccessResponse<Op> =
  Get<Op, 'responses'> extends infer R
    ? R extends { 200: infer S }
      ? S
      : R extends { 201: infer S }
        ? S
        : never
    : never;
type JsonContent<S> = S extends { content: { 'application/json': infer B } } ? B : never;

/** The signed-in caller, as read from the database on each request. */
export interface Caller {
  id: number;
  username: string;
  isAdmin: boolean;
  /** Moves whenever the caller's exam results or memory change (see migration 0007). */
  activity: number;
  /** The course the caller learns: their exams, training and statistics act on it. */
  courseId: number;
  /** The language the caller chose to read questions in; null for the default (see contentLanguageOf). */
  contentLanguage: ContentLanguage | null;
}

/** The caller of an operation the contract secures: signed in, or a 401. */
export function requireCaller(caller: Caller | null): Caller {
  if (!caller) throw new UnauthorizedError();
  return caller;
}

export interface OperationContext<K extends OperationId> {
  request: FastifyRequest;
  reply: FastifyReply;
  params: PathParams<operations[K]>;
  query: QueryParams<operations[K]>;
  body: JsonBody<operations[K]>;
  /** Null only on operations whose security allows guests. */
  caller: Caller | null;
}

/** The JSON body an operation answers with on success (200 or 201). */
export type OperationResult<K extends OperationId> = JsonContent<SuccessResponse<operations[K]>>;

/**
 * A handler returns its JSON success body, or the reply itself when it has sent a file or
 * set a non-default status by hand.
 */
export type OperationHandler<K extends OperationId> = (
  context: OperationContext<K>,
) => Promise<OperationResult<K> | FastifyReply>;

export type OperationHandlers = { [K in OperationId]: OperationHandler<K> };

/** A schema type by name, e.g. `Schema<'User'>`. */
export type Schema<N extends keyof import('../../openapi/schema').components['schemas']> =
  import('../../openapi/schema').components['schemas'][N];

/**
 * Sends JSON the handler wrote itself (from cached parts of it), as UTF-8 bytes or text:
 * Fastify sends either as it is, unchecked, so it must match the operation's response schema.
 */
export function sendJson(reply: FastifyReply, json: Buffer | string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}
