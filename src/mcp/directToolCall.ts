import type { IncomingHttpHeaders } from 'node:http';
import type { McpToolbox } from './toolbox.js';

/** A tools/call the endpoint answers itself: its JSON-RPC id, the tool and its arguments. */
export interface DirectToolCall {
  id: string | number;
  name: string;
  args: Record<string, unknown> | undefined;
}

const ENVELOPE_KEYS = new Set(['jsonrpc', 'id', 'method', 'params']);
const PARAMS_KEYS = new Set(['name', 'arguments']);

/**
 * The one message the endpoint answers without the SDK's transport and server: a single
 * `tools/call` of a known tool, well formed in every part the SDK checks (Accept, Content-Type,
 * Mcp-Protocol-Version among the SDK's `supportedVersions`, the JSON-RPC envelope, the params),
 * and nothing else (no `_meta`, no task). Anything else (initialize, tools/list, notifications, batches, every malformed message)
 * is undefined here and goes to the SDK, which answers it as the protocol says. The answer is
 * the same either way (a test compares the two on every tool); the direct path skips building a
 * server, a transport and a web Request and Response per call, most of what a call cost.
 */
export function directToolCall(headers: IncomingHttpHeaders, body: unknown, toolbox: McpToolbox,
  supportedVersions: readonly string[]): DirectToolCall | undefined {
  const accept = headers.accept;
  if (typeof accept !== 'string' || !accept.includes('application/json') || !accept.includes('text/event-stream')) return undefined;
  if (headers['content-type']?.split(';')[0]?.trim().toLowerCase() !== 'application/json') return undefined;
  const version = headers['mcp-protocol-version'];
  if (version !== undefined && (typeof version !== 'string' || !supportedVersions.includes(version))) return undefined;
  if (!isPlainObject(body) || !hasOnly(body, ENVELOPE_KEYS) || body.jsonrpc !== '2.0' || body.method !== 'tools/call') return undefined;
  const { id, params } = body;
  if (typeof id !== 'string' && !Number.isInteger(id)) return undefined;
  if (!isPlainObject(params) || !hasOnly(params, PARAMS_KEYS)) return undefined;
  const { name, arguments: args } = params;
  if (typeof name !== 'string' || !toolbox.has(name)) return undefined;
  if (args !== undefined && !isPlainObject(args)) return undefined;
  return { id: id as string | number, name, args };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function hasOnly(value: Record<string, unknown>, allowed: ReadonlySet<string>): boolean {
  return Object.keys(value).every((key) => allowed.has(key));
}

const RESULT_OPEN = Buffer.from('{"result":');

/** The JSON-RPC response around a tools/call result that is already JSON, as bytes. */
export function directResponse(id: string | number, result: Buffer): Buffer {
  return Buffer.concat([RESULT_OPEN, result, Buffer.from(`,"jsonrpc":"2.0","id":${JSON.stringify(id)}}`)]);
}
