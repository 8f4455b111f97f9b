import { readRateLimit, readRetryAfter, type RateLimit } from './rateLimit.js';
import type { ErrorCode } from './types.js';

/**
 * An answer other than 2xx. `message` is the API's own sentence (its `{"error": "...", "code": "..."}`
 * body), which says what went wrong and what to do; `code` says it for a program.
 */
export class CatalogApiError extends Error {
  override readonly name = 'CatalogApiError';
  /** The HTTP status: 400 bad parameter, 401 missing or unknown key, 404 not found, 409 email has a key, 429 quota spent. */
  readonly status: number;
  /** The API's code for what went wrong (`not_found`, `quota_exceeded`, …), or null when the answer was not the API's. */
  readonly code: ErrorCode | null;
  /** The rate-limit headers of the refusal, or null when it had none. */
  readonly rateLimit: RateLimit | null;
  /** Seconds until the window resets, from `Retry-After` (sent with 429); null otherwise. */
  readonly retryAfterSeconds: number | null;
  /** The body as received: the parsed JSON, or the text when it was not JSON. */
  readonly body: unknown;
  /** The answer's `X-Request-Id` (the service's log lines of the request carry it: quote it when reporting a problem), or null. */
  readonly requestId: string | null;

  constructor(response: Response, body: unknown) {
    super(messageOf(response, body));
    this.status = response.status;
    this.code = codeOf(body);
    this.rateLimit = readRateLimit(response.headers);
    this.retryAfterSeconds = readRetryAfter(response.headers);
    this.body = body;
    this.requestId = response.headers.get('x-request-id');
  }

  /** True for 429: the key's month (or the address's daily key allowance) is spent until `retryAfterSeconds`. */
  get rateLimited(): boolean {
    return this.status === 429;
  }
}

function messageOf(response: Response, body: unknown): string {
  if (typeof body === 'object' && body !== null && typeof (body as { error?: unknown }).error === 'string') {
    return (body as { error: string }).error;
  }
  // Not the API's error shape: a proxy or gateway answered.
  return `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
}

function codeOf(body: unknown): ErrorCode | null {
  const code = typeof body === 'object' && body !== null ? (body as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code as ErrorCode : null;
}
