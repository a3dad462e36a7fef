import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';

/** Folders holding the database, its backups or the token secret: the owner's alone. */
export const PRIVATE_DIR_MODE = 0o700;
/** The database file, its -wal and -shm, backups: they hold every password hash. */
export const PRIVATE_FILE_MODE = 0o600;

/**
 * Creates a folder (and missing parents) readable by this user only. One that exists is left
 * as it is: it may be a mount point the operator set up on purpose.
 */
export function createDataDir(dir: string): void {
  if (existsSync(dir)) return;
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  // mkdir's mode passes through the umask; a umask that clears owner bits would leave less.
  chmodSync(dir, PRIVATE_DIR_MODE);
}

/**
 * Makes a file readable and writable by its owner only, creating it empty if missing. SQLite
 * gives the -wal and -shm files it creates the mode of the database file, so setting the
 * database file's mode before opening it covers them too; existing ones are set here as well.
 */
export function privateFile(file: string, companions: readonly string[] = []): void {
  if (existsSync(file)) chmodSync(file, PRIVATE_FILE_MODE);
  else closeSync(openSync(file, 'a', PRIVATE_FILE_MODE));
  for (const suffix of companions) {
    if (existsSync(file + suffix)) chmodSync(file + suffix, PRIVATE_FILE_MODE);
  }
}
