import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { spaPage } from './spa-page';

const PAGE = '<!doctype html><html><head><style>body{margin:0}</style></head><body></body></html>';

describe('spaPage', () => {
  let dir: string;
  let app: FastifyInstance;

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'spa-page-'));
    app = Fastify();
    const send = spaPage(dir);
    app.get(
      '/*',
      (request, reply) => send(request, reply) ?? reply.code(404).send({ detail: 'x' }),
    );
  });
  afterEach(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const writeBuild = () => {
    writeFileSync(path.join(dir, 'index.html'), PAGE);
    writeFileSync(path.join(dir, 'index.html.br'), brotliCompressSync(PAGE));
    writeFileSync(path.join(dir, 'index.html.gz'), gzipSync(PAGE));
  };

  it('sends the page brotli- or gzip-encoded, saying so, to browsers that accept it', async () => {
    writeBuild();
    const br = await app.inject({ url: '/login', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(PAGE);
    const gzip = await app.inject({ url: '/dashboard', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(PAGE);
    for (const response of [br, gzip]) {
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers.vary).toBe('accept-encoding');
    }
  });

  it('sends the plain page to a client that accepts no encoding', async () => {
    writeBuild();
    const response = await app.inject({ url: '/exam' });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(PAGE);
  });

  it('sends nothing until there is a build, and the page once there is one', async () => {
    expect((await app.inject({ url: '/' })).statusCode).toBe(404);
    writeFileSync(path.join(dir, 'index.html'), PAGE);
    const response = await app.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(PAGE);
  });

  it('sends the new page after a rebuild while the server runs', async () => {
    writeBuild();
    await app.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
    const rebuilt = PAGE.replace('margin:0', 'margin:1px');
    writeFileSync(path.join(dir, 'index.html'), rebuilt);
    writeFileSync(path.join(dir, 'index.html.br'), brotliCompressSync(rebuilt));
    const later = new Date(Date.now() + 5_000);
    for (const name of ['index.html', 'index.html.br']) {
      utimesSync(path.join(dir, name), later, later);
    }
    const response = await app.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(rebuilt);
  });
});
