/** Whether a node-postgres error means the database cannot be reached now, rather than a bug. */

const NETWORK_CODES = new Set([
  'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN',
]);
// SQLSTATE classes 08 (connection exception), 57P01-57P03 (admin/crash shutdown, cannot connect now),
// 53300 (too many connections), 57014 (a statement canceled: past the statement timeout, or by an operator).
const UNAVAILABLE_STATES = /^(08...|57P0[123]|53300|57014)$/;
// node-postgres and its pool report a lost or unobtainable connection, or no answer in time (query_timeout), with these messages and no code.
const CODELESS_MESSAGES = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly|Query read timeout)/i;

export function isPostgresUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') return NETWORK_CODES.has(code) || UNAVAILABLE_STATES.test(code);
  if (CODELESS_MESSAGES.test(error.message)) return true;
  // Connecting to several addresses fails as an AggregateError; some failures come wrapped in a cause.
  const inner = error as { errors?: unknown[]; cause?: unknown };
  return (Array.isArray(inner.errors) && inner.errors.some(isPostgresUnavailable)) || isPostgresUnavailable(inner.cause);
}
