import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { CONTRACT_PATH } from '../paths';
import type { OperationId } from './operations';

export type Access = 'public' | 'optional' | 'user' | 'admin';

export interface ContractOperation {
  operationId: OperationId;
  method: string;
  path: string;
  access: Access;
  successStatus: number;
  multipart: boolean;
  /** Whether a request must carry a body. */
  bodyRequired: boolean;
  /** Whether it reads path or query parameters (its own or its path's). */
  hasParameters: boolean;
  /** Media types of the request body it reads, and of the answers it sends. */
  bodyTypes: string[];
  answerTypes: string[];
}

interface RawOperation {
  operationId: OperationId;
  parameters?: unknown[];
  security?: Record<string, string[]>[];
  responses: Record<string, { content?: Record<string, unknown> }>;
  requestBody?: { required?: boolean; content: Record<string, unknown> };
}

/** The keys of a path item that hold operations (the others are shared parameters and text). */
const OPERATION_METHODS = ['get', 'post', 'put', 'delete', 'patch'];

let cached: { document: Record<string, unknown>; operations: ContractOperation[] } | undefined;

/** The contract document, parsed once per process. */
export function loadContract() {
  if (cached) return cached;
  const document = parse(readFileSync(CONTRACT_PATH, 'utf8')) as {
    paths: Record<string, Record<string, RawOperation> & { parameters?: unknown[] }>;
    security: Record<string, string[]>[];
  };
  const operations: ContractOperation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, entry] of Object.entries(item)) {
      if (!OPERATION_METHODS.includes(method)) continue;
      const op = entry as RawOperation;
      const security = op.security ?? document.security;
      operations.push({
        operationId: op.operationId,
        method: method.toUpperCase(),
        path,
        access: accessOf(security),
        successStatus: successStatusOf(Object.keys(op.responses)),
        multipart: Boolean(op.requestBody?.content['multipart/form-data']),
        bodyRequired: Boolean(op.requestBody?.required),
        hasParameters: (op.parameters?.length ?? 0) + (item.parameters?.length ?? 0) > 0,
        bodyTypes: Object.keys(op.requestBody?.content ?? {}),
        answerTypes: Object.values(op.responses).flatMap((answer) =>
          Object.keys(answer.content ?? {}),
        ),
      });
    }
  }
  cached = { document, operations };
  return cached;
}

function accessOf(security: Record<string, string[]>[]): Access {
  if (security.length === 0) return 'public';
  if (security.some((requirement) => Object.keys(requirement).length === 0)) return 'optional';
  if (security.some((requirement) => requirement.bearerAuth?.includes('admin'))) return 'admin';
  return 'user';
}

/**
 * Media types the contract names only for answers (a CSV export, a photo, a backup file): the
 * server sends them and never reads a request body of them.
 */
export function sentOnlyMediaTypes(): string[] {
  const { operations } = loadContract();
  const read = new Set(operations.flatMap((op) => op.bodyTypes));
  const sent = new Set(operations.flatMap((op) => op.answerTypes));
  return [...sent].filter((type) => !read.has(type) && type !== 'application/json');
}

/** Matches a concrete path against the contract's path template (`{name}` is one segment). */
function templatePattern(template: string): RegExp {
  const pattern = template
    .split(/\{[^}]+\}/)
    .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
    .join('[^/]+');
  return new RegExp(`^${pattern}/?$`);
}

let templates: { pattern: RegExp; method: string }[] | undefined;

/**
 * The methods the contract offers at a path (without the /api/v1 prefix), for telling a
 * wrong method (405 with Allow) from a path that does not exist (404).
 */
export function methodsAt(path: string): string[] {
  templates ??= loadContract().operations.map((op) => ({
    pattern: templatePattern(op.path),
    method: op.method,
  }));
  const methods = new Set(templates.filter((t) => t.pattern.test(path)).map((t) => t.method));
  return [...methods].sort();
}

/**
 * A copy of the contract document holding only the operations `keep` accepts (and everything
 * else: components, security), for registering a part of the API in a scope of its own.
 */
export function contractPart(
  keep: (operation: ContractOperation) => boolean,
): Record<string, unknown> {
  const { document, operations } = loadContract();
  const part = structuredClone(document) as { paths: Record<string, Record<string, unknown>> };
  for (const operation of operations) {
    if (keep(operation)) continue;
    const item = part.paths[operation.path];
    if (!item) continue;
    delete item[operation.method.toLowerCase()];
    if (!Object.keys(item).some((key) => OPERATION_METHODS.includes(key)))
      delete part.paths[operation.path];
  }
  return part;
}

export function contractOperation(operationId: OperationId): ContractOperation {
  const found = loadContract().operations.find((op) => op.operationId === operationId);
  if (!found) throw new Error(`No operation ${operationId} in the contract`);
  return found;
}

interface StringSchema {
  minLength?: number;
  maxLength?: number;
  pattern?: string;
}

const stringChecks = new Map<string, (value: string) => boolean>();

/** A check of one of the contract's string schemas, built once per schema. */
function stringCheck(schemaName: string): (value: string) => boolean {
  let check = stringChecks.get(schemaName);
  if (check) return check;
  const { components } = loadContract().document as {
    components: { schemas: Record<string, StringSchema | undefined> };
  };
  const schema = components.schemas[schemaName];
  if (!schema) throw new Error(`The contract has no schema ${schemaName}`);
  // Patterns with the `u` flag and lengths in code points, as the request validator (Ajv) does.
  const pattern = schema.pattern === undefined ? undefined : new RegExp(schema.pattern, 'u');
  check = (value) => {
    const length = [...value].length;
    return (
      length >= (schema.minLength ?? 0) &&
      length <= (schema.maxLength ?? Infinity) &&
      (pattern === undefined || pattern.test(value))
    );
  };
  stringChecks.set(schemaName, check);
  return check;
}

/**
 * Whether `value` fits one of the contract's string schemas (`Username`, `Email`) as the request
 * validator would check it, for data that reaches the store another way (a restored backup).
 */
export function fitsContractString(schemaName: string, value: unknown): boolean {
  return typeof value === 'string' && stringCheck(schemaName)(value);
}

/**
 * The status a handler's answer gets unless it sets one: 201 where the operation creates (an
 * operation listing 200 as well answers it by hand, for what was there before), else its one
 * 2xx. Object keys that are numbers come in numeric order, whatever the document's order.
 */
function successStatusOf(codes: readonly string[]): number {
  const success = codes.filter((code) => code.startsWith('2'));
  return success.includes('201') ? 201 : Number(success[0] ?? 200);
}
