import type { IncomingHttpHeaders } from 'node:http';
import type { EnvelopeRefusal, JsonRpcId } from './jsonRpcEnvelope.js';
import { routingHeaderRefusal, singleHeader } from './routingHeaders.js';

/*
 * Which protocol revision a POST to /mcp speaks, told from the message itself. Revision 2026-07-28
 * has no initialize: every request names its revision in params._meta (the "envelope"), and on
 * HTTP mirrors it, the method and the tool's name in headers. Anything without that claim is a
 * 2025-era message and goes on as before (the SDK's transport, or the direct tools/call). The rules
 * follow the revision's Streamable HTTP and versioning pages and the official SDK 2.x's classifier
 * (body first, the headers checked against it): docs/mcp.md, "Revisions".
 */

export const MODERN_PROTOCOL_VERSION = '2026-07-28';

/** The reserved `_meta` keys of revision 2026-07-28. */
export const META_KEYS = {
  protocolVersion: 'io.modelcontextprotocol/protocolVersion',
  clientInfo: 'io.modelcontextprotocol/clientInfo',
  clientCapabilities: 'io.modelcontextprotocol/clientCapabilities',
  logLevel: 'io.modelcontextprotocol/logLevel',
  serverInfo: 'io.modelcontextprotocol/serverInfo',
} as const;

/** The revision's error codes for a request refused before it runs (each answered HTTP 400). */
export const HEADER_MISMATCH = -32020;
export const UNSUPPORTED_PROTOCOL_VERSION = -32022;
const INVALID_PARAMS = -32602;

const LOG_LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];

/** A 2026-07-28 message that passed the revision's checks: a request (with an id) or a notification. */
export interface ModernMessage {
  id: JsonRpcId | undefined;
  method: string;
  params: Record<string, unknown>;
}

/** Where a POST goes: on as a 2025-era message, to the modern answers, or refused as the revision says. */
export type RevisionRoute =
  | { era: 'legacy' }
  | { era: 'modern'; message: ModernMessage }
  | { era: 'refused'; refusal: EnvelopeRefusal & { data?: unknown } };

const LEGACY: RevisionRoute = { era: 'legacy' };

/** A revision identifier from 2026-07-28 on: they are dates, so they order as text. */
export const isModernVersion = (version: string): boolean => /^\d{4}-\d{2}-\d{2}$/.test(version) && version >= MODERN_PROTOCOL_VERSION;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The route of one parsed body. `servedVersions` are every revision /mcp speaks, newest first,
 * named in the error for a revision it does not. A body that is not a JSON-RPC request or
 * notification at all is left to the envelope checks (jsonRpcEnvelope.ts), which answer both eras alike.
 */
export function routeByRevision(headers: IncomingHttpHeaders, body: unknown, servedVersions: readonly string[]): RevisionRoute {
  if (!isPlainObject(body) || body.jsonrpc !== '2.0' || typeof body.method !== 'string') return LEGACY;
  const { method } = body;
  const id = typeof body.id === 'string' || typeof body.id === 'number' ? body.id : undefined;
  const isRequest = Object.hasOwn(body, 'id');
  // An id that is not a string or an integer is refused as such (jsonRpcEnvelope.ts), in either era.
  if (isRequest && id === undefined) return LEGACY;
  const params = isPlainObject(body.params) ? body.params : {};
  const meta = isPlainObject(params._meta) ? params._meta : undefined;
  const headerVersion = singleHeader(headers['mcp-protocol-version']);
  const refuse = (status: number, code: number, message: string, data?: unknown): RevisionRoute =>
    ({ era: 'refused', refusal: { status, code, message, id: id ?? null, ...(data === undefined ? {} : { data }) } });

  if (meta === undefined || !Object.hasOwn(meta, META_KEYS.protocolVersion)) {
    if (headerVersion === undefined || !isModernVersion(headerVersion)) return LEGACY;
    // A modern header on a message without the envelope: never served as 2025-era in silence.
    if (method === 'initialize') {
      return refuse(400, HEADER_MISMATCH, `Header mismatch: an initialize request (the 2025 handshake) was sent with ` +
        `MCP-Protocol-Version ${headerVersion}; on ${headerVersion} send no initialize, name the revision in params._meta instead`);
    }
    return refuse(400, INVALID_PARAMS, `Invalid params: the MCP-Protocol-Version header names ${headerVersion}, but ` +
      `params._meta lacks ${META_KEYS.protocolVersion} and ${META_KEYS.clientCapabilities}, which every request of that revision carries`);
  }

  const claimed = meta[META_KEYS.protocolVersion];
  const problem = envelopeProblem(meta, isRequest);
  if (problem !== undefined || typeof claimed !== 'string') {
    return refuse(400, INVALID_PARAMS, `Invalid _meta envelope for protocol revision ${MODERN_PROTOCOL_VERSION}: ` +
      (problem ?? `${META_KEYS.protocolVersion} must be a string`));
  }
  if (headerVersion !== undefined && headerVersion !== claimed) {
    return refuse(400, HEADER_MISMATCH,
      `Header mismatch: MCP-Protocol-Version header value '${headerVersion}' does not match body value '${claimed}'`);
  }
  const methodHeader = singleHeader(headers['mcp-method']);
  if (methodHeader !== undefined && methodHeader !== method) {
    return refuse(400, HEADER_MISMATCH, `Header mismatch: Mcp-Method header value '${methodHeader}' does not match body value '${method}'`);
  }
  if (claimed !== MODERN_PROTOCOL_VERSION) {
    return refuse(400, UNSUPPORTED_PROTOCOL_VERSION, `Unsupported protocol version ${claimed}: this server speaks ` +
      `${MODERN_PROTOCOL_VERSION} per request, and ${servedVersions.filter((v) => !isModernVersion(v)).join(', ')} after initialize`,
    { supported: [...servedVersions], requested: claimed });
  }
  if (isRequest) {
    const headerRefusal = routingHeaderRefusal(headers, method, params);
    if (headerRefusal !== undefined) return refuse(400, HEADER_MISMATCH, headerRefusal);
  }
  return { era: 'modern', message: { id, method, params } };
}

/**
 * The first thing wrong with a request's envelope, as "<key>: <problem>", or undefined. The
 * revision requires the protocol version and the client's capabilities; clientInfo and the log
 * level are optional but checked when sent. A notification needs only the version.
 */
function envelopeProblem(meta: Record<string, unknown>, isRequest: boolean): string | undefined {
  if (typeof meta[META_KEYS.protocolVersion] !== 'string') return `${META_KEYS.protocolVersion}: must be a string`;
  if (!isRequest) return undefined;
  const capabilities = meta[META_KEYS.clientCapabilities];
  if (capabilities === undefined) return `${META_KEYS.clientCapabilities}: missing (send {} for none)`;
  if (!isPlainObject(capabilities)) return `${META_KEYS.clientCapabilities}: must be an object`;
  const info = meta[META_KEYS.clientInfo];
  if (info !== undefined && !(isPlainObject(info) && typeof info.name === 'string' && typeof info.version === 'string')) {
    return `${META_KEYS.clientInfo}: must be an object with a name and a version`;
  }
  const level = meta[META_KEYS.logLevel];
  if (level !== undefined && !(typeof level === 'string' && LOG_LEVELS.includes(level))) {
    return `${META_KEYS.logLevel}: must be one of ${LOG_LEVELS.join(', ')}`;
  }
  return undefined;
}
