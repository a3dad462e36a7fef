/**
 * Start-up refuses what will not work, and keeps what it writes to itself: PostgreSQL without
 * a shared JWT_SECRET stops with a clear message, and the data directory, the SQLite file (with
 * its -wal) and every backup are readable by the server's user only.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ROOT } from '../../bench/server-process';
import { loadConfig } from '../../server/config';
import { createTestApp, type TestApp } from './helpers';

/** The permission bits of a file or folder, e.g. 0o600. */
const modeOf = (file: string) => statSync(file).mode & 0o777;

describe('start-up with PostgreSQL and no JWT_SECRET', () => {
  it('is refused by the configuration, naming JWT_SECRET and why', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://db.example/trainer' })).toThrow(
      /JWT_SECRET must be set with DATABASE_URL/,
    );
    // With the secret given, the same configuration is taken.
    expect(
      loadConfig({
        DATABASE_URL: 'postgres://db.example/trainer',
        JWT_SECRET: 'x'.repeat(32),
      }).jwtSecret,
    ).toBe('x'.repeat(32));
  });

  it('stops the real server with that message and a non-zero exit, before any connection', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'trainer-nosecret-'));
    try {
      const { JWT_SECRET: _ignored, ...env } = process.env;
      const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        cwd: ROOT,
        // Port 1 answers nobody: had the server tried to connect, it would fail otherwise.
        env: { ...env, DATABASE_URL: 'postgres://127.0.0.1:1/none', DATA_DIR: dataDir, PORT: '0' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const [code] = (await once(child, 'exit')) as [number | null];
      expect(code).toBe(1);
      expect(output).toContain('JWT_SECRET must be set with DATABASE_URL');
      // No secret was generated for it to fall back on.
      expect(existsSync(path.join(dataDir, 'jwt-secret'))).toBe(false);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 30_000);
});

describe('files the server keeps on SQLite', () => {
  let parent: string;
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
    rmSync(parent, { recursive: true, force: true });
  });

  it('creates the data directory 0700, the database, its WAL and backups 0600', async () => {
    parent = mkdtempSync(path.join(tmpdir(), 'trainer-modes-'));
    const dataDir = path.join(parent, 'not', 'yet', 'there');
    t = await createTestApp('sqlite', { dataDir });
    const admin = await t.adminToken();
    // A write, so the WAL file exists beside the database.
    await t.learner('modes');
    expect(modeOf(dataDir)).toBe(0o700);
    const database = path.join(dataDir, 'trainer.sqlite');
    expect(modeOf(database)).toBe(0o600);
    expect(existsSync(`${database}-wal`)).toBe(true);
    for (const suffix of ['-wal', '-shm']) {
      if (existsSync(database + suffix)) expect(modeOf(database + suffix)).toBe(0o600);
    }

    const backup = await t.api<{ filename: string }>(
      'POST',
      '/settings/maintenance/backup_database',
      { token: admin },
    );
    expect(backup.status, JSON.stringify(backup.body)).toBe(200);
    const backups = path.join(dataDir, 'backups');
    expect(modeOf(backups)).toBe(0o700);
    expect(modeOf(path.join(backups, backup.body.filename))).toBe(0o600);
  });

  it('tightens a database file left readable by others when it opens it', async () => {
    parent = mkdtempSync(path.join(tmpdir(), 'trainer-modes-'));
    t = await createTestApp('sqlite', { dataDir: parent });
    await t.close();
    t = undefined;
    const database = path.join(parent, 'trainer.sqlite');
    const { chmodSync } = await import('node:fs');
    chmodSync(database, 0o644);
    t = await createTestApp('sqlite', { dataDir: parent });
    expect(modeOf(database)).toBe(0o600);
  });

  it('keeps a generated JWT secret in a 0700 data directory, 0600 itself', () => {
    parent = mkdtempSync(path.join(tmpdir(), 'trainer-modes-'));
    const dataDir = path.join(parent, 'fresh');
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(path.join(dataDir, 'jwt-secret'))).toBe(0o600);
  });
});
