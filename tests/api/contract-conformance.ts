import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { loadContract } from '../../server/http/contract';

/**
 * Every answer the API tests receive, held to what `openapi/api.yaml` promises a client: a
 * status the operation lists (or its `default`), and a JSON body its schema accepts. Clients
 * generated from the contract read exactly that; the server's own serializer only shapes what
 * it sends and checks neither enums, formats nor bounds.
 */

interface ResponseObject {
  $ref?: string;
  content?: Record<string, { schema?: unknown }>;
}

type Responses = Record<string, ResponseObject>;

interface Operation {
  method: string;
  segments: string[];
  /** Literal segments: `/topics/export` wins over `/topics/{id}`. */
  literals: number;
  pointer: string;
  responses: Responses;
  readsBody: boolean;
}

const pointerPart = (part: string) =>
  encodeURIComponent(part.replace(/~/g, '~0').replace(/\//g, '~1'));

let cache: { ajv: Ajv2020; operations: Operation[]; document: Record<string, unknown> } | null =
  null;

function contract() {
  if (cache) return cache;
  const { document } = loadContract();
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema(document, 'contract');
  // The operations as the server reads them (server/http/contract.ts), with their answers.
  const paths = document.paths as Record<string, Record<string, { responses: Responses }>>;
  const operations = loadContract().operations.map((operation): Operation => {
    const segments = operation.path.split('/').filter(Boolean);
    const method = operation.method.toLowerCase();
    return {
      method: operation.method,
      segments,
      literals: segments.filter((segment) => !segment.startsWith('{')).length,
      pointer: `#/paths/${pointerPart(operation.path)}/${method}`,
      responses: paths[operation.path]![method]!.responses,
      readsBody: operation.bodyTypes.length > 0,
    };
  });
  cache = { ajv, operations, document };
  return cache;
}

function operationOf(method: string, path: string): Operation | undefined {
  const segments = path.split('/').filter(Boolean);
  return contract()
    .operations.filter(
      (operation) =>
        operation.method === method &&
        operation.segments.length === segments.length &&
        operation.segments.every(
          (segment, index) => segment.startsWith('{') || segment === segments[index],
        ),
    )
    .sort((a, b) => b.literals - a.literals)[0];
}

/** A response of the error shape every error has. */
const ANY_ERROR = '#/components/responses/BadRequest';

const validators = new Map<string, ValidateFunction | null>();

/** The validator of a JSON answer's schema at `pointer` (null: the answer has no JSON schema). */
function validatorAt(pointer: string, response: ResponseObject): ValidateFunction | null {
  if (validators.has(pointer)) return validators.get(pointer)!;
  let target = response;
  let at = pointer;
  if (response.$ref) {
    at = `#${response.$ref
      .slice(1)
      .split('/')
      .map((part, index) => (index === 0 ? part : pointerPart(part)))
      .join('/')}`;
    const parts = response.$ref.slice(2).split('/');
    target = parts.reduce<unknown>(
      (node, part) => (node as Record<string, unknown>)[part],
      contract().document,
    ) as ResponseObject;
  }
  const validator = target.content?.['application/json']?.schema
    ? (contract().ajv.getSchema(
        `contract${at}/content/${pointerPart('application/json')}/schema`,
      ) ?? null)
    : null;
  validators.set(pointer, validator);
  return validator;
}

/** What is wrong with `value` as the contract's schema `name` (a component), or null. */
export function schemaViolation(name: string, value: unknown): string | null {
  const validate = contract().ajv.getSchema(`contract#/components/schemas/${pointerPart(name)}`);
  if (!validate) return `the contract has no schema ${name}`;
  if (validate(value)) return null;
  return (validate.errors ?? [])
    .slice(0, 3)
    .map((error) => `${error.instancePath || '(value)'} ${error.message ?? ''}`)
    .join('; ');
}

/**
 * What is wrong with the answer `status`/`body` to `method url` by the contract, or null when
 * it is as promised (or the call is not the API's: a page, a photo, a path the contract lacks).
 */
export function contractViolation(
  method: string,
  url: string,
  status: number,
  contentType: string,
  body: unknown,
): string | null {
  const path = url.split('?')[0]!;
  if (!path.startsWith('/api/v1/')) return null;
  const operation = operationOf(method.toUpperCase(), path.slice('/api/v1'.length));
  if (!operation) return null;
  const key =
    [String(status), `${String(status)[0]}XX`, 'default'].find(
      (candidate) => candidate in operation.responses,
    ) ?? null;
  const where = `${method} ${url} answered ${status}`;
  // The errors the contract's description promises of every operation (a database out of
  // reach), and of one that reads no body when it is sent one (unreadable, too large, of a type
  // unread); an operation that reads a body lists those three itself.
  const general = status === 503 || (!operation.readsBody && [400, 413, 415].includes(status));
  if (key === null && !general) return `${where}, a status the contract does not list for it`;
  if (!contentType.includes('json')) return null;
  const validate =
    key === null
      ? validatorAt(ANY_ERROR, { $ref: ANY_ERROR })
      : validatorAt(`${operation.pointer}/responses/${key}`, operation.responses[key]!);
  if (validate === null || validate(body)) return null;
  const problems = (validate.errors ?? [])
    .slice(0, 3)
    .map((error) => `${error.instancePath || '(body)'} ${error.message ?? ''}`)
    .join('; ');
  return `${where}: ${problems}`;
}

/**
 * Holds every answer `app.inject` gives the tests to the contract: one a client of it would not
 * expect throws, naming the call, and so fails the test that got it. A compressed answer is
 * left to the test that asked for it (it reads it uncompressed).
 */
export function holdToContract(app: FastifyInstance): void {
  const inject = app.inject.bind(app) as (
    options: InjectOptions | string,
  ) => Promise<LightMyRequestResponse>;
  const checked = async (options: InjectOptions | string) => {
    const response = await inject(options);
    if (response.headers['content-encoding'] !== undefined) return response;
    const type = String(response.headers['content-type'] ?? '');
    let body: unknown = response.body;
    if (type.includes('json')) {
      try {
        body = response.json();
      } catch {
        throw new Error(
          `Not as the contract says: ${response.raw.req.url} sent JSON it cannot read`,
        );
      }
    }
    const violation = contractViolation(
      response.raw.req.method ?? 'GET',
      response.raw.req.url ?? '',
      response.statusCode,
      type,
      body,
    );
    if (violation) throw new Error(`Not as the contract says: ${violation}`);
    return response;
  };
  app.inject = checked as unknown as FastifyInstance['inject'];
}
