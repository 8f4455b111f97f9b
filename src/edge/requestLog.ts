import { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { presentedKeyOf } from './presentedKey.js';
import { UNMATCHED_ROUTE } from '../metrics/serviceMetrics.js';

/**
 * One log line per request, when it is answered: method, route pattern, status, duration and the
 * key's display prefix, with the request's id (reqId, as on every line of the request). Never the
 * URL, whose path or query string may hold what a client typed (an email, a search), nor more of a
 * key than the prefix an operator names it by. Fastify calls requestCompleted once per response
 * (MCP's too: its answers go through the reply), so the line costs no hook of its own (Fastify's
 * documented `logController` option; its own per-request lines, incoming and completed, give way
 * to this one).
 */
export class RequestLog extends LogController {
  private lines?: FastifyBaseLogger;

  constructor(enabled: boolean) {
    // Fastify's rarer per-request lines follow the same switch.
    super({ disableRequestLogging: !enabled });
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const fields = {
      method: request.method,
      route: request.routeOptions.url ?? UNMATCHED_ROUTE,
      status: reply.statusCode,
      ms: milliseconds(reply.elapsedTime),
      keyPrefix: request.keyPrefix ?? keyPrefixOf(request),
    };
    if (error) reply.log.warn({ ...fields, err: error }, 'request failed while its response was sent');
    else (this.lines ??= requestLines(request.server.log)).info({ reqId: request.id, ...fields }, 'request');
  }
}

/**
 * Where the request lines go: the service's logger without its redaction (pino's documented
 * `child(bindings, { redact: [] })`), made once. The request line is the one line every request
 * writes, and pino's redaction of it cost as much as the rest of the line; its fields are all
 * known here, numbers and strings that are a method, a route pattern, a request id and a key
 * prefix, none of which can hold an email or a key. Every other line is redacted as configured.
 * The line carries the request's id itself, as the request's own logger would (its bindings
 * come first): the same fields, in the same order.
 */
function requestLines(log: FastifyBaseLogger): FastifyBaseLogger {
  return log.child({}, { redact: [] });
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The display prefix of the key the request was checked with (routes/requireKey.ts): the line need not parse the header again. */
    keyPrefix: string | undefined;
  }
}

/** Made a request decoration (undefined until the key check sets it), so every request has the same shape. */
export function declareKeyPrefix(app: FastifyInstance): void {
  app.decorateRequest('keyPrefix', undefined);
}

/** Milliseconds to two decimals. */
function milliseconds(elapsed: number): number {
  return Math.round(elapsed * 100) / 100;
}

/** The display prefix of a well-formed key or token the request presented; undefined (left out of the line) otherwise. */
function keyPrefixOf(request: FastifyRequest): string | undefined {
  if (request.headers.authorization === undefined) return undefined;
  const presented = presentedKeyOf(request);
  return presented.kind === 'key' || presented.kind === 'token' ? presented.prefix : undefined;
}
