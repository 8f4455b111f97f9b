import type { FastifyBaseLogger } from 'fastify';
import type { ErrorCode } from '../vocabulary/errorCodes.js';
import { isStoreUnavailable, UNAVAILABLE_MESSAGE } from '../storeUnavailable.js';

/**
 * What a thrown error means to a client, whichever edge caught it. Expected failures inside the
 * domain are values (QueryResult, KeyCreation) and never reach this; what is thrown is a request
 * Fastify refused (schema, body parser, limits), an edge's refusal, an outage or a bug. Each edge
 * wraps the result in its own envelope: `{"error": ..., "code": ...}` for REST, a JSON-RPC error or
 * an isError tool result (the code in its _meta) for MCP.
 */
export type FailureKind =
  /** A request part or tool argument broke its schema; the message says which and how. */
  | 'validation'
  /** An edge refused the request where it could only throw (see refusal()); the message is for the client. */
  | 'refused'
  /** The database does not answer: retry shortly. */
  | 'unavailable'
  | 'too-large'
  | 'unsupported-media-type'
  /** The body is not JSON. */
  | 'bad-json'
  /** Any other client error Fastify raised. */
  | 'bad-request'
  /** A bug. */
  | 'internal';

export interface Failure {
  kind: FailureKind;
  status: number;
  code: ErrorCode;
  message: string;
  /** warn for an outage, error for a bug; a client's mistake is not logged. */
  log?: 'warn' | 'error';
}

const REFUSED = 'TCG_ERR_REFUSED';
const BAD_JSON_CODES = new Set(['FST_ERR_CTP_EMPTY_JSON_BODY', 'FST_ERR_CTP_INVALID_JSON_BODY']);

/**
 * A client error for the places that can only fail by throwing or passing an error (a content-type
 * parser): Fastify's error shape, a status and a message written for the client, which failureOf
 * passes through as it is.
 */
export function refusal(status: 400, code: ErrorCode, message: string): Error {
  return Object.assign(new Error(message), { statusCode: status, code: REFUSED, errorCode: code });
}

/** Maps any thrown value to the status, code and message a client gets, and whether to log it. */
export function failureOf(error: unknown): Failure {
  const { statusCode, code, errorCode, validation, message } = (typeof error === 'object' && error !== null ? error : {}) as {
    statusCode?: unknown; code?: unknown; errorCode?: ErrorCode; validation?: unknown; message?: unknown;
  };
  const status = typeof statusCode === 'number' ? statusCode : 500;
  if (code === REFUSED && typeof message === 'string') return { kind: 'refused', status, code: errorCode ?? 'bad_request', message };
  if (isStoreUnavailable(error)) return { kind: 'unavailable', status: 503, code: 'unavailable', message: UNAVAILABLE_MESSAGE, log: 'warn' };
  // Fastify's validation errors carry the message validationMessage worded for them.
  if (validation && typeof message === 'string') return { kind: 'validation', status: 400, code: 'invalid_parameter', message };
  if (status === 413) return { kind: 'too-large', status, code: 'body_too_large', message: 'the request body is larger than 16 KiB' };
  if (status === 415) {
    return { kind: 'unsupported-media-type', status, code: 'unsupported_media_type', message: 'send the request body as application/json' };
  }
  if (status >= 400 && status < 500) {
    return (typeof code === 'string' && BAD_JSON_CODES.has(code)) || error instanceof SyntaxError
      ? { kind: 'bad-json', status: 400, code: 'not_json', message: 'the request body must be valid JSON' }
      : { kind: 'bad-request', status: 400, code: 'bad_request', message: 'the request could not be understood' };
  }
  // A bug; an error that already says 5xx (other than 500) keeps its status.
  const serverStatus = status >= 501 && status <= 599 ? status : 500;
  return serverStatus === 503
    ? { kind: 'internal', status: serverStatus, code: 'unavailable', message: UNAVAILABLE_MESSAGE, log: 'error' }
    : { kind: 'internal', status: serverStatus, code: 'internal', message: 'internal error', log: 'error' };
}

/** Logs a failure that deserves it: an outage as a warning, a bug as an error described by `failed`. */
export function logFailure(log: Pick<FastifyBaseLogger, 'warn' | 'error'>, failure: Failure, error: unknown, failed: string,
  fields: Record<string, unknown> = {}): void {
  if (failure.log === 'warn') log.warn({ err: error, ...fields }, 'the database does not answer');
  else if (failure.log === 'error') log.error({ err: error, ...fields }, failed);
}
