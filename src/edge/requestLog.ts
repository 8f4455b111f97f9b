import { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { stdTimeFunctions, symbols, type DestinationStream, type Logger } from 'pino';
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
  private line?: RequestLine;

  constructor(enabled: boolean) {
    // Fastify's own per-request lines (incoming, completed) give way to this one; its rarer ones follow the same switch.
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
      keyPrefix: request.keyPrefix ?? keyPrefixOf(request.headers.authorization),
    };
    if (error) reply.log.warn({ ...fields, ms: Number(fields.ms), err: error }, 'request failed while its response was sent');
    else (this.line ??= new RequestLine(request.server.log as Logger)).write(request.id, fields);
  }
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

interface RequestFields { method: string; route: string; status: number; ms: string; keyPrefix: string | undefined }

/**
 * The request line, written as pino writes a line of the service's logger (its level number, its
 * time, its bindings, then the fields and `msg`) straight to the logger's destination. This is the
 * one line every request writes: pino's general path (serializers, redaction, a per-field
 * stringifier) cost more than the request's security headers together, for fields that are all
 * known here: numbers, and strings that are a method, a route pattern, a request id and a key
 * prefix, none of which can hold an email or a key.
 */
class RequestLine {
  private readonly enabled: boolean;
  private readonly stream: DestinationStream;
  private readonly time: () => string;
  /** pino's default time (`,"time":` and Date.now()), made once per millisecond: the lines of one share it. */
  private readonly epochTime: boolean;
  private timeMs = 0;
  private timeField = '';
  private readonly start: string;
  private readonly bindings: string;

  constructor(logger: Logger) {
    const internals = logger as unknown as Record<symbol, unknown>;
    this.enabled = logger.isLevelEnabled('info');
    this.stream = internals[symbols.streamSym] as DestinationStream;
    this.time = internals[symbols.timeSym] as () => string;
    this.epochTime = this.time === stdTimeFunctions.epochTime;
    this.start = `{"level":${logger.levels.values.info}`;
    this.bindings = internals[symbols.chindingsSym] as string;
  }

  write(reqId: string, { method, route, status, ms, keyPrefix }: RequestFields): void {
    if (!this.enabled) return;
    // Quoted as they are: a request id is a UUID or matched GIVEN_ID (requestId.ts), a method is one
    // of the HTTP parser's, a route one of ours, a key prefix base64url: none holds a quote or a
    // backslash, nothing JSON would escape.
    const prefix = keyPrefix === undefined ? '' : `,"keyPrefix":"${keyPrefix}"`;
    this.stream.write(`${this.start}${this.timeNow()}${this.bindings},"reqId":"${reqId}","method":"${method}","route":"${route}",` +
      `"status":${status},"ms":${ms}${prefix},"msg":"request"}\n`);
  }

  private timeNow(): string {
    if (!this.epochTime) return this.time();
    const now = Date.now();
    if (now !== this.timeMs) {
      this.timeMs = now;
      this.timeField = `,"time":${now}`;
    }
    return this.timeField;
  }
}

/** Milliseconds to two decimals, as JSON: integers formatted, which is cheaper than a fraction's shortest form. */
function milliseconds(elapsed: number): string {
  const hundredths = Math.round(elapsed * 100);
  const fraction = hundredths % 100;
  return `${(hundredths - fraction) / 100}.${fraction < 10 ? '0' : ''}${fraction}`;
}

/** The display prefix of a well-formed key in an Authorization header; undefined (left out of the line) otherwise. */
function keyPrefixOf(authorization: string | undefined): string | undefined {
  if (authorization === undefined) return undefined;
  const parsed = keyFromAuthorization(authorization);
  return typeof parsed === 'object' ? displayPrefix(parsed.key) : undefined;
}
