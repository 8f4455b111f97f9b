import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { toWebRequest } from '@modelcontextprotocol/node';
import type { AccessControl } from '../access/accessControl.js';
import type { CatalogQueries } from '../catalog/answers/catalogQueries.js';
import type { DeckChecker } from '../decks/deckCheck.js';
import { failureOf, logFailure, type Failure } from '../edge/failures.js';
import { presentedKeyOf } from '../edge/presentedKey.js';
import { showAllowance } from '../edge/rateLimitHeaders.js';
import { sendBody } from '../edge/sendBody.js';
import type { UnkeyedThrottle } from '../edge/unkeyedThrottle.js';
import type { ServiceMetrics } from '../metrics/serviceMetrics.js';
import { envelopeRefusal, jsonRpcErrorBody, MCP_ROUTE_BODY_LIMIT, overBodyLimit, type EnvelopeRefusal } from './refusals.js';
import { keyChallenge, keyedToolCall, UNAUTHORIZED_CODE } from './keyChallenge.js';
import { mcpService, refusedAsNotAcceptable } from './mcpServer.js';
import { McpToolbox, type ToolCallContext } from './toolbox.js';
import { MCP_TOOLS } from './tools.js';
import { inToolTerms } from './toolTerms.js';

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

const SERVER_ERROR = -32000;
const ORIGIN_REFUSED = 'Forbidden: this server does not take MCP requests from that Origin';

/**
 * A failure before or around the SDK (see failureOf) as a JSON-RPC error, with the status REST gives
 * it: any other client error is a body that could not be read as JSON-RPC, as a parser words it.
 */
function jsonRpcFailure(failure: Failure): string {
  if (failure.kind === 'unsupported-media-type') return jsonRpcErrorBody(SERVER_ERROR, 'Unsupported Media Type: Content-Type must be application/json');
  if (failure.kind === 'too-large') return jsonRpcErrorBody(-32600, failure.message);
  if (failure.status < 500) return jsonRpcErrorBody(-32700, 'Parse error: the request body must be valid JSON');
  return jsonRpcErrorBody(failure.kind === 'unavailable' ? SERVER_ERROR : -32603, inToolTerms(failure.message));
}

/**
 * The remote MCP endpoint: Streamable HTTP, stateless, on the REST server's port. The SDK
 * (mcpServer.ts) answers both revisions; in front of it only what is ours: the Origin allowlist,
 * the body limits, the refusals the SDK would not make (envelopeRefusal), and the key of a keyed
 * tool's call, checked once: the 401 challenge without a valid key, else the verdict handed to the tool.
 */
export async function mcpRoutes(app: FastifyInstance, { queries, decks, access, throttle, metrics, publicBaseUrl, allowedOrigins }: McpRouteOptions): Promise<void> {
  const toolbox = new McpToolbox(MCP_TOOLS, { queries, decks, access, metrics });
  const serve = mcpService(toolbox);
  // The body as Fastify parses JSON, with its text at hand for the id check.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, text, done) => {
    const json = text as string;
    parseJson(request, json, (error, body) => {
      if (error) return done(error, undefined);
      // failureOf words a 413 as REST's body limit.
      if (overBodyLimit(body, Buffer.byteLength(json))) return done(Object.assign(new Error('too large'), { statusCode: 413 }), undefined);
      const refusal = envelopeRefusal(json, body, toolbox.names);
      return refusal ? done(new RefusedMessage(refusal), undefined) : done(null, body);
    });
  });
  app.addHook('onRequest', (request, reply, done) => {
    const { origin } = request.headers;
    if (origin === undefined || allowedOrigins === null || allowedOrigins.includes(origin.toLowerCase())) return done();
    return reply.code(403).type('application/json').send(jsonRpcErrorBody(SERVER_ERROR, ORIGIN_REFUSED));
  });

  app.post('/mcp', { schema: { hide: true }, bodyLimit: MCP_ROUTE_BODY_LIMIT, errorHandler: jsonRpcErrorHandler(metrics) }, async (request, reply) => {
    const context: ToolCallContext = {
      authorization: request.headers.authorization,
      presentedKey: presentedKeyOf(request),
      clientAddress: request.ip,
      log: request.log,
      // The last access decision of the request is the one its headers show.
      onAllowance: (allowance, retryAfterSeconds) => showAllowance(reply, allowance, retryAfterSeconds),
      onKeyRefused: () => throttle.keyRefused(request),
    };
    // The key of a keyed tool's call is checked here, once, and counted as REST's keyed routes count
    // (before the arguments are read): without a valid key it is HTTP 401 with the challenge
    // (keyChallenge.ts), so an OAuth client signs in; otherwise the tool acts on the verdict.
    const webRequest = await toWebRequest(request.raw, request.body);
    const keyed = keyedToolCall(request.body, toolbox);
    if (keyed && !(await refusedAsNotAcceptable(webRequest, request.body))) {
      const decision = await (keyed.counting ? access.authorizeAndCount(context.presentedKey) : access.authorize(context.presentedKey));
      if (!decision.allowed && decision.status === 401) {
        await context.onKeyRefused();
        metrics.toolCall(keyed.tool, 'refused');
        const { header, message } = keyChallenge(context.presentedKey, publicBaseUrl);
        return reply.code(401).header('www-authenticate', header).type('application/json')
          .send(jsonRpcErrorBody(UNAUTHORIZED_CODE, message, keyed.id));
      }
      context.keyDecision = decision;
    }
    const answer = await serve(webRequest, request.body, context);
    return sendAnswer(reply, answer);
  });

  // Stateless: no event stream to GET and no session to DELETE.
  app.route({
    method: ['GET', 'DELETE', 'PUT', 'PATCH'],
    url: '/mcp',
    schema: { hide: true },
    handler: (request, reply) => reply.code(405).header('Allow', 'POST, OPTIONS').type('application/json')
      .send(jsonRpcErrorBody(SERVER_ERROR, `Method not allowed: ${request.method} /mcp; this endpoint is stateless, ` +
        'send JSON-RPC messages with POST')),
  });
}

/**
 * The SDK's answer as this reply: its status and headers, the body sent as every edge sends one
 * (edge/sendBody.ts), compressed when the client accepts it. The JSON-RPC id makes each answer's
 * bytes its own: compressed for this response alone, never tagged.
 */
async function sendAnswer(reply: FastifyReply, answer: Response): Promise<FastifyReply> {
  reply.code(answer.status);
  for (const [name, value] of answer.headers) reply.header(name, value);
  const body = Buffer.from(await answer.arrayBuffer());
  if (body.length === 0) return reply.send();
  return sendBody(reply, { status: answer.status, body, vary: 'Accept-Encoding' });
}

/** A message refused while its body is parsed, answered by the route's error handler. */
class RefusedMessage extends Error {
  constructor(readonly refusal: EnvelopeRefusal) {
    super(refusal.message);
  }
}

/** Failures outside the SDK (body parsing, the key check's outage) answer as JSON-RPC errors, like the SDK's own. */
function jsonRpcErrorHandler(metrics: ServiceMetrics) {
  return function answerAsJsonRpc(error: FastifyError, request: { log: FastifyInstance['log'] }, reply: FastifyReply) {
    if (error instanceof RefusedMessage) {
      const { status, code, message, id } = error.refusal;
      return reply.code(status).type('application/json').send(jsonRpcErrorBody(code, message, id));
    }
    const failure = failureOf(error);
    logFailure(request.log, failure, error, 'MCP request failed');
    if (failure.kind === 'unavailable') metrics.databaseUnavailable('mcp');
    return reply.code(failure.status).type('application/json').send(jsonRpcFailure(failure));
  };
}
