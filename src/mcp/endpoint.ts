import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import type { AccessControl } from '../access/accessControl.js';
import { failureOf, logFailure, type Failure, type FailureKind } from '../edge/failures.js';
import { rawHeaders, setRateLimitHeaders } from '../edge/rateLimitHeaders.js';
import type { UnkeyedThrottle } from '../edge/unkeyedThrottle.js';
import { type Allowance } from '../access/allowance.js';
import type { CatalogQueries } from '../catalog/catalogQueries.js';
import type { DeckChecker } from '../decks/deckCheck.js';
import type { ServiceMetrics } from '../metrics/serviceMetrics.js';
import { McpToolbox, type ToolCallContext } from './toolbox.js';
import { directResponse, directToolCall } from './directToolCall.js';
import { MCP_TOOLS } from './tools.js';
import { keyChallenge, keyedToolCall, UNAUTHORIZED_CODE } from './keyChallenge.js';
import { envelopeRefusal, inexactId, jsonRpcErrorBody, type EnvelopeRefusal } from './jsonRpcEnvelope.js';
import { acceptsJson, headersForTransport, NOT_ACCEPTABLE, ORIGIN_REFUSED, originAllowed, sentAsJson } from './requestHeaders.js';
import { inToolTerms } from './toolTerms.js';
import { writeMcpAnswer } from './mcpResponse.js';
import { MODERN_PROTOCOL_VERSION, routeByRevision } from './modernRevision.js';
import { ModernAnswers } from './modernAnswers.js';
import { bodyTooLarge, MCP_ROUTE_BODY_LIMIT, withinBodyLimit } from './bodyLimit.js';

export interface McpRouteOptions {
  queries: CatalogQueries;
  decks: DeckChecker;
  access: AccessControl;
  throttle: UnkeyedThrottle;
  metrics: ServiceMetrics;
  /** The service's public URL, for the 401's resource_metadata. */
  publicBaseUrl: string;
  /** MCP_ALLOWED_ORIGINS: the browser origins answered; null: every one. */
  allowedOrigins: readonly string[] | null;
}

/** JSON-RPC error codes the endpoint answers with outside a tool call. */
const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;
const INTERNAL_ERROR = -32603;
const SERVER_ERROR = -32000;

const NOT_JSON_RPC = 'Parse error: the request body must be valid JSON';
const UNSUPPORTED_MEDIA_TYPE = 'Unsupported Media Type: Content-Type must be application/json';
/**
 * The JSON-RPC error for each kind of failure (see failureOf), with the status REST gives it. Where
 * MCP words a case its own way (as a JSON-RPC parser would), the wording is here; otherwise the
 * message is REST's.
 */
const JSON_RPC_FAILURES: Record<FailureKind, { code: number; message?: string }> = {
  'too-large': { code: INVALID_REQUEST },
  'unsupported-media-type': { code: SERVER_ERROR, message: UNSUPPORTED_MEDIA_TYPE },
  // Before the transport runs, every client error is a body that could not be read as JSON-RPC.
  'bad-json': { code: PARSE_ERROR, message: NOT_JSON_RPC },
  'bad-request': { code: PARSE_ERROR, message: NOT_JSON_RPC },
  validation: { code: PARSE_ERROR, message: NOT_JSON_RPC },
  refused: { code: PARSE_ERROR, message: NOT_JSON_RPC },
  unavailable: { code: SERVER_ERROR },
  internal: { code: INTERNAL_ERROR },
};

let sdkLoading: Promise<typeof import('./sdkEndpoint.js')> | undefined;
/** The SDK's part of the endpoint (and its protocol versions), loaded by the first /mcp request. */
const loadSdk = () => (sdkLoading ??= import('./sdkEndpoint.js'));

/**
 * The remote MCP endpoint: Streamable HTTP, stateless, on the REST server's port, speaking revision
 * 2026-07-28 beside the 2025 ones. A 2026-07-28 message (its revision in params._meta) is checked
 * and answered by modernRevision.ts and modernAnswers.ts; of the rest, a plain tools/call is
 * answered directly (directToolCall.ts) and every other POST goes to the SDK's server and
 * transport (sdkEndpoint.ts). Both eras share the envelope checks, the 401 challenge and the toolbox.
 */
export async function mcpRoutes(app: FastifyInstance, { queries, decks, access, throttle, metrics, publicBaseUrl, allowedOrigins }: McpRouteOptions): Promise<void> {
  const toolbox = new McpToolbox(MCP_TOOLS, { queries, decks, access, metrics });
  /** Revision 2026-07-28's answers, made by the first request (the SDK, loaded then, names the 2025 revisions served). */
  let modern: ModernAnswers | undefined;
  // The body as Fastify parses JSON, and an id JSON.parse could not keep exactly refused with its text in hand.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, text, done) => {
    const json = text as string;
    parseJson(request, json, (error, body) => {
      if (error) return done(error, undefined);
      if (!withinBodyLimit(body, Buffer.byteLength(json))) return done(bodyTooLarge(), undefined);
      const refusal = inexactId(json, body);
      return refusal ? done(new RefusedMessage(refusal), undefined) : done(null, body);
    });
  });
  app.addHook('onRequest', (request, reply, done) => {
    if (originAllowed(request.headers.origin, allowedOrigins)) return done();
    return reply.code(403).type('application/json').send(jsonRpcError(SERVER_ERROR, ORIGIN_REFUSED));
  });

  app.post('/mcp', { schema: { hide: true }, bodyLimit: MCP_ROUTE_BODY_LIMIT, errorHandler: jsonRpcErrorHandler(metrics) }, async (request, reply) => {
    // From here the transport owns the response, so Fastify writes no headers: the ones set so
    // far (CORS, the unkeyed rate-limit defaults) are copied onto the raw response now, and
    // again after each access decision, so the last decision's allowance is what is sent.
    reply.hijack();
    copyHeaders(reply);
    const context: ToolCallContext = {
      authorization: request.headers.authorization,
      clientAddress: request.ip,
      log: request.log,
      onAllowance: (allowance, retryAfterSeconds) => showAllowance(reply, allowance, retryAfterSeconds),
      onKeyRefused: () => throttle.keyRefused(request),
    };
    try {
      if (!acceptsJson(request.headers.accept)) {
        writeMcpAnswer(request.headers, reply.raw, 406, Buffer.from(jsonRpcError(SERVER_ERROR, NOT_ACCEPTABLE)));
        return;
      }
      if (!sentAsJson(request.headers['content-type'])) {
        writeMcpAnswer(request.headers, reply.raw, 415, Buffer.from(jsonRpcError(SERVER_ERROR, UNSUPPORTED_MEDIA_TYPE)));
        return;
      }
      const sdk = await loadSdk();
      // 2026-07-28 (a revision in params._meta, no initialize) or 2025-era: told apart before anything else is read.
      modern ??= new ModernAnswers(toolbox, [MODERN_PROTOCOL_VERSION, ...sdk.SUPPORTED_PROTOCOL_VERSIONS]);
      const route = routeByRevision(request.headers, request.body, modern.servedVersions);
      if (route.era === 'refused') {
        const { status, code, message, id, data } = route.refusal;
        writeMcpAnswer(request.headers, reply.raw, status, Buffer.from(jsonRpcErrorBody(code, message, id, data)));
        return;
      }
      const refusal = envelopeRefusal(request.body, toolbox.names);
      if (refusal) {
        writeMcpAnswer(request.headers, reply.raw, refusal.status, Buffer.from(refusalBody(refusal)));
        return;
      }
      // A keyed tool without a valid key is refused before anything runs, as HTTP 401 with the
      // challenge (keyChallenge.ts); the tool call still checks and counts the key itself.
      const keyed = keyedToolCall(request.body, toolbox);
      if (keyed && !(await access.isValidKey(context.authorization))) {
        await context.onKeyRefused();
        if (keyed.tool !== null) metrics.toolCall(keyed.tool, 'refused');
        const { header, message } = keyChallenge(context.authorization, publicBaseUrl);
        const body = JSON.stringify({ jsonrpc: '2.0', error: { code: UNAUTHORIZED_CODE, message }, id: keyed.id });
        writeMcpAnswer(request.headers, reply.raw, 401, Buffer.from(body), { 'content-type': 'application/json', 'www-authenticate': header });
        return;
      }
      if (route.era === 'modern') {
        const answer = await modern.answer(route.message, context);
        writeMcpAnswer(request.headers, reply.raw, answer.status, answer.body, answer.status === 202 ? {} : undefined);
        return;
      }
      const headers = headersForTransport(request.headers);
      const direct = directToolCall(headers, request.body, toolbox, sdk.SUPPORTED_PROTOCOL_VERSIONS);
      if (direct) {
        metrics.directToolCall();
        const response = directResponse(direct.id, await toolbox.callAsBytes(direct.name, direct.args, context));
        writeMcpAnswer(request.headers, reply.raw, 200, response);
        return;
      }
      const answer = await sdk.answerWithSdk(toolbox, context, headers, request.body);
      writeMcpAnswer(request.headers, reply.raw, answer.status, answer.body, answer.headers);
    } catch (error) {
      const failure = failureOf(error);
      logFailure(request.log, failure, error, 'MCP request failed');
      if (failure.kind === 'unavailable') metrics.databaseUnavailable('mcp');
      if (!reply.raw.headersSent) {
        reply.raw.writeHead(failure.status, { 'Content-Type': 'application/json' }).end(jsonRpcFailure(failure));
      } else {
        reply.raw.destroy();
      }
    }
  });

  // Stateless: no event stream to GET and no session to DELETE.
  app.route({
    method: ['GET', 'DELETE', 'PUT', 'PATCH'],
    url: '/mcp',
    schema: { hide: true },
    handler: (request, reply) => reply.code(405).header('Allow', 'POST, OPTIONS').type('application/json')
      .send(jsonRpcError(SERVER_ERROR, `Method not allowed: ${request.method} /mcp; this endpoint is stateless, ` +
        'send JSON-RPC messages with POST')),
  });
}

function copyHeaders(reply: FastifyReply): void {
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) reply.raw.setHeader(name, value);
  }
}

/** The last decision of a request wins, so a Retry-After of an earlier refusal does not outlive it. */
function showAllowance(reply: FastifyReply, allowance: Allowance, retryAfterSeconds: number | undefined): void {
  // The reply is hijacked: only the raw response's headers are sent.
  if (retryAfterSeconds === undefined) reply.raw.removeHeader('Retry-After');
  setRateLimitHeaders(rawHeaders(reply.raw), allowance, retryAfterSeconds);
}

function jsonRpcError(code: number, message: string): string {
  return jsonRpcErrorBody(code, inToolTerms(message));
}

function refusalBody({ code, message, id }: EnvelopeRefusal): string {
  return jsonRpcErrorBody(code, message, id);
}

/** A message refused while its body is parsed (an id JSON.parse cannot keep), answered by the route's error handler. */
class RefusedMessage extends Error {
  constructor(readonly refusal: EnvelopeRefusal) {
    super(refusal.message);
  }
}

function jsonRpcFailure(failure: Failure): string {
  const { code, message } = JSON_RPC_FAILURES[failure.kind];
  return jsonRpcError(code, message ?? failure.message);
}

/** Failures before the transport runs (body parsing) answer as JSON-RPC errors, like the transport's own. */
function jsonRpcErrorHandler(metrics: ServiceMetrics) {
  return function answerAsJsonRpc(error: FastifyError, request: { log: FastifyInstance['log'] }, reply: FastifyReply) {
    if (error instanceof RefusedMessage) return reply.code(error.refusal.status).type('application/json').send(refusalBody(error.refusal));
    const failure = failureOf(error);
    logFailure(request.log, failure, error, 'MCP request failed');
    if (failure.kind === 'unavailable') metrics.databaseUnavailable('mcp');
    return reply.code(failure.status).type('application/json').send(jsonRpcFailure(failure));
  };
}
