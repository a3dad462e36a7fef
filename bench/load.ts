import autocannon from 'autocannon';
import { onLoadCore } from './cpu-pinning';

export interface LoadFigures {
  /** Mean requests per second. */
  rps: number;
  /** 99th percentile latency in milliseconds. */
  p99Ms: number;
  requests: number;
  /** Answers outside 2xx plus connection errors: a case with any is not a valid figure. */
  failures: number;
  statuses: Record<string, number>;
}

export interface LoadCase {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** A fresh path for each request (e.g. a different page), instead of the url's own. */
  path?: () => string;
  /** A fresh body for each request (e.g. another exam's submission), instead of `body`. */
  bodies?: () => string;
  seconds: number;
  connections?: number;
}

/** Runs autocannon against one endpoint: 10 connections, no pipelining, by default. */
export async function load(options: LoadCase): Promise<LoadFigures> {
  const { path, bodies } = options;
  const result = await onLoadCore(() =>
    autocannon({
      url: options.url,
      connections: options.connections ?? 10,
      pipelining: 1,
      duration: options.seconds,
      method: options.method ?? 'GET',
      headers: options.headers ?? {},
      ...(options.body === undefined ? {} : { body: options.body }),
      ...(path || bodies
        ? {
            requests: [
              {
                setupRequest: (request) => ({
                  ...request,
                  ...(path ? { path: path() } : {}),
                  ...(bodies ? { body: bodies() } : {}),
                }),
              },
            ],
          }
        : {}),
    }),
  );
  const statuses: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) {
    statuses[code] = stat.count ?? 0;
  }
  return {
    rps: result.requests.average,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    failures: result.non2xx + result.errors,
    statuses,
  };
}
