const codeOf = (error: unknown): string | undefined => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
};

/**
 * Whether a database error says the data itself does not fit (a constraint, a wrong type),
 * as opposed to the database being unreachable: the first is the caller's fault (4xx).
 */
export function isDataError(error: unknown): boolean {
  const code = codeOf(error);
  if (code === undefined) return false;
  // PostgreSQL SQLSTATE classes 22 (data exception) and 23 (integrity constraint violation).
  if (/^2[23][0-9A-Z]{3}$/.test(code)) return true;
  return (
    code.startsWith('SQLITE_CONSTRAINT') || code === 'SQLITE_MISMATCH' || code === 'SQLITE_TOOBIG'
  );
}

/** Whether a database error says a row with the same unique key is already stored. */
export function isUniqueViolation(error: unknown): boolean {
  const code = codeOf(error);
  return (
    code === '23505' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}

/** Socket errors of a database connection that could not be made or broke. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/** What node-postgres says, without a code, of a connection that ended or never came. */
const LOST_CONNECTION =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed)/;

/**
 * Whether an error says the database cannot serve right now: it does not answer (refused,
 * reset, ended by the server, too many connections) or cannot store anything (a full disk, a
 * read-only file or server, an I/O error). Not the caller's fault, and not a bug: 503, and
 * worth trying again shortly.
 */
export function isUnavailable(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && depth < 5; depth += 1) {
    const code = codeOf(cause);
    if (code !== undefined && unavailableCode(code)) return true;
    const message = (cause as { message?: unknown }).message;
    if (code === undefined && typeof message === 'string' && LOST_CONNECTION.test(message))
      return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

function unavailableCode(code: string): boolean {
  if (NETWORK_CODES.has(code)) return true;
  // PostgreSQL: class 08 connection exception, 53 insufficient resources (disk full, out of
  // memory, too many connections), 57P01-57P04 the server shutting down or refusing for now,
  // 25006 a read-only transaction (a standby, or default_transaction_read_only).
  if (/^08[0-9A-Z]{3}$/.test(code) || /^53[0-9A-Z]{3}$/.test(code)) return true;
  if (/^57P0[1-4]$/.test(code) || code === '25006') return true;
  return /^SQLITE_(FULL|IOERR|READONLY|BUSY|LOCKED|CANTOPEN|NOMEM|PROTOCOL)(_|$)/.test(code);
}
