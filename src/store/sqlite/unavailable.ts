/**
 * Whether a better-sqlite3 error means the database cannot be used now, rather than a bug: the
 * file is locked past the busy timeout, cannot be opened, or the disk fails to read or write.
 */
const UNAVAILABLE_CODES = /^SQLITE_(BUSY|LOCKED|CANTOPEN|IOERR)(_|$)/;

export function isSqliteUnavailable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && UNAVAILABLE_CODES.test(code);
}
