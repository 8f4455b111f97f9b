import { MAX_BODY_BYTES } from '../edge/connectionLimits.js';
import { DECK_CHECK_BODY_LIMIT } from '../schemas/deck.js';

/*
 * What /mcp refuses of a body before the SDK sees it: a body over its limit, what the SDK would
 * take where this endpoint refuses (a batch) or answer with its id changed (JSON.parse rounds
 * 9007199254740993 and reads 1.0 as 1), and a tools/call the SDK would answer with its schema
 * validator's dump of every issue over several lines (Server's "Invalid tools/call request: …").
 */

export const INVALID_REQUEST = -32600;
export const INVALID_PARAMS = -32602;

export type JsonRpcId = string | number;

/** Why a message is refused before any server sees it: the JSON-RPC error, its HTTP status and the id to answer with. */
export interface EnvelopeRefusal {
  status: number;
  code: number;
  message: string;
  id: JsonRpcId | null;
}

export const BATCH_REFUSED = 'batches are not accepted: send one JSON-RPC message per request';
export const INEXACT_ID = 'the id must be a string or an integer from -9007199254740991 to 9007199254740991, ' +
  'written without a fraction or exponent';
export const NO_TOOL_NAME = 'tools/call needs params.name, the name of the tool to call';
export const ARGUMENTS_NOT_OBJECT = 'params.arguments must be an object of the tool\'s arguments';

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The most a body may hold: a check_deck call carries a deck list, as POST /v1/decks/check does; every other message 16 KiB. */
export const MCP_ROUTE_BODY_LIMIT = DECK_CHECK_BODY_LIMIT;

/** The tool a tools/call message calls, or undefined. */
export function calledTool(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { method, params } = body as { method?: unknown; params?: { name?: unknown } | null };
  return method === 'tools/call' && typeof params?.name === 'string' ? params.name : undefined;
}

/** Whether a body of `bytes` bytes is over its limit. */
export function overBodyLimit(body: unknown, bytes: number): boolean {
  return bytes > MAX_BODY_BYTES && calledTool(body) !== 'check_deck';
}

/** The refusal of a body (its text, and as JSON.parse read it), or undefined; `toolNames` for a call that names none. */
export function envelopeRefusal(text: string, parsed: unknown, toolNames: readonly string[]): EnvelopeRefusal | undefined {
  if (Array.isArray(parsed)) return { status: 400, code: INVALID_REQUEST, message: BATCH_REFUSED, id: null };
  const id = (parsed as { id?: unknown } | null)?.id;
  if (typeof id === 'number') {
    const source = idSource(text);
    if (source === undefined || !/^(0|-?[1-9][0-9]*)$/.test(source) || !Number.isSafeInteger(id)) {
      return { status: 400, code: INVALID_REQUEST, message: INEXACT_ID, id: null };
    }
  }
  return malformedToolCall(parsed, toolNames);
}

/**
 * A tools/call request whose params the SDK would refuse, in one sentence with its id and the
 * status the SDK gives its own -32602: params without a string name, or arguments that are no object.
 * Anything else that is not a request (no id, an id of another type) is left to the SDK's -32600.
 */
function malformedToolCall(body: unknown, toolNames: readonly string[]): EnvelopeRefusal | undefined {
  if (!isPlainObject(body) || body.jsonrpc !== '2.0' || body.method !== 'tools/call') return undefined;
  const { id, params } = body;
  if (typeof id !== 'string' && typeof id !== 'number') return undefined;
  if (!isPlainObject(params) || typeof params.name !== 'string') {
    return { status: 200, code: INVALID_PARAMS, message: `${NO_TOOL_NAME}; the tools are ${toolNames.join(', ')}`, id };
  }
  if (params.arguments !== undefined && !isPlainObject(params.arguments)) return { status: 200, code: INVALID_PARAMS, message: ARGUMENTS_NOT_OBJECT, id };
  return undefined;
}

/** The source text of the body's top-level `id` (the one JSON.parse keeps), as JSON.parse's reviver shows it. */
function idSource(text: string): string | undefined {
  const sources = new Map<object, string | undefined>();
  const reviver = function (this: object, key: string, value: unknown, context?: { source?: string }) {
    if (key === 'id') sources.set(this, context?.source);
    return value;
  };
  return sources.get(JSON.parse(text, reviver as (key: string, value: unknown) => unknown) as object);
}

/** A JSON-RPC error response. */
export function jsonRpcErrorBody(code: number, message: string, id: JsonRpcId | null = null): string {
  return JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id });
}
