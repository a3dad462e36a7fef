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
