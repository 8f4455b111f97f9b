import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';
import { displayPrefix, keyFromAuthorization } from '../access/keyFormat.js';
import { UNMATCHED_ROUTE } from '../metrics/serviceMetrics.js';

/**
 * One log line per request, when it is answered: method, route pattern, status, duration and the
 * key's display prefix, with the request's id (reqId, as on every line of the request). Never the
 * URL, whose path or query string may hold what a client typed (an email, a search), nor more of a
 * key than the prefix an operator names it by. Fastify calls requestCompleted once per response,
 * hijacked ones (MCP) included, so the line costs no hook of its own.
 */
export class RequestLog extends LogController {
  /**
   * Where the request lines go: the service's logger without its redaction, which cost two fifths
   * of a line. A request line is made of the fields below only, none of which can hold an email
   * or a key (the prefix is the operator's name for it), so there is nothing to redact.
   */
  private lines?: FastifyBaseLogger;

  constructor(enabled: boolean) {
    // Fastify's own per-request lines (incoming, completed) give way to this one; its rarer ones follow the same switch.
    super({ disableRequestLogging: !enabled });
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const line = {
      method: request.method,
      route: request.routeOptions.url ?? UNMATCHED_ROUTE,
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 100) / 100,
      keyPrefix: keyPrefixOf(request.headers.authorization),
    };
    if (error) reply.log.warn({ ...line, err: error }, 'request failed while its response was sent');
    else (this.lines ??= request.server.log.child({}, { redact: { paths: [UNUSED_PATH] } })).info({ reqId: request.id, ...line }, 'request');
  }
}

/** A path no request line has: pino's way to say "no redaction" for a child. */
const UNUSED_PATH = 'unredacted';

/** The display prefix of a well-formed key in an Authorization header; undefined (left out of the line) otherwise. */
function keyPrefixOf(authorization: string | undefined): string | undefined {
  if (authorization === undefined) return undefined;
  const parsed = keyFromAuthorization(authorization);
  return typeof parsed === 'object' ? displayPrefix(parsed.key) : undefined;
}
