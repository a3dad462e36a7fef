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
}

interface RawOperation {
  operationId: OperationId;
  security?: Record<string, string[]>[];
  responses: Record<string, unknown>;
  requestBody?: { content: Record<string, unknown> };
}

let cached: { document: Record<string, unknown>; operations: ContractOperation[] } | undefined;

/** The contract document, parsed once per process. */
export function loadContract() {
  if (cached) return cached;
  const document = parse(readFileSync(CONTRACT_PATH, 'utf8')) as {
    paths: Record<string, Record<string, RawOperation>>;
    security: Record<string, string[]>[];
  };
  const operations: ContractOperation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!['get', 'post', 'put', 'delete', 'patch'].includes(method)) continue;
      const security = op.security ?? document.security;
      operations.push({
        operationId: op.operationId,
        method: method.toUpperCase(),
        path,
        access: accessOf(security),
        successStatus: Number(
          Object.keys(op.responses).find((code) => code.startsWith('2')) ?? 200,
        ),
        multipart: Boolean(op.requestBody?.content['multipart/form-data']),
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

export function contractOperation(operationId: OperationId): ContractOperation {
  const found = loadContract().operations.find((op) => op.operationId === operationId);
  if (!found) throw new Error(`No operation ${operationId} in the contract`);
  return found;
}
