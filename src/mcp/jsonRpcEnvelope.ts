import { idSource, isExactIntegerSource } from './idSource.js';

/** JSON-RPC's error codes for a message that is not a request this endpoint takes. */
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
export const NOT_A_MESSAGE = 'the body must be one JSON-RPC 2.0 message: an object with "jsonrpc": "2.0", a method, ' +
  'and an id for a request';
export const INEXACT_ID = 'the id must be a string or an integer from -9007199254740991 to 9007199254740991, ' +
  'written without a fraction or exponent';
const NO_TOOL_NAME = 'tools/call needs params.name, the name of the tool to call';
const ARGUMENTS_NOT_OBJECT = 'params.arguments must be an object of the tool\'s arguments';

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A body's id that JSON.parse could not keep exactly (too large an integer, a fraction, an exponent):
 * the refusal, else undefined. Run where the body's text is parsed, the only place that sees it.
 */
export function inexactId(text: string, parsed: unknown): EnvelopeRefusal | undefined {
  if (!isPlainObject(parsed) || typeof parsed.id !== 'number') return undefined;
  const source = idSource(text);
  if (source !== undefined && isExactIntegerSource(source)) return undefined;
  return { status: 400, code: INVALID_REQUEST, message: INEXACT_ID, id: null };
}

/**
 * What the endpoint refuses of a parsed body before the SDK or the direct path sees it, so both
 * answer alike and in one sentence: a batch, anything that is not one JSON-RPC 2.0 message, an id
 * that is not a string or a safe integer (null included), and a tools/call without a tool
 * name of ours or with arguments that are not an object. Undefined: the message goes on.
 */
export function envelopeRefusal(body: unknown, toolNames: readonly string[]): EnvelopeRefusal | undefined {
  if (Array.isArray(body)) return { status: 400, code: INVALID_REQUEST, message: BATCH_REFUSED, id: null };
  if (!isPlainObject(body) || body.jsonrpc !== '2.0') return { status: 400, code: INVALID_REQUEST, message: NOT_A_MESSAGE, id: null };
  const hasId = Object.hasOwn(body, 'id');
  const { id } = body;
  if (hasId && typeof id !== 'string' && !Number.isSafeInteger(id)) {
    return { status: 400, code: INVALID_REQUEST, message: INEXACT_ID, id: null };
  }
  if (typeof body.method !== 'string') {
    // A response to the server (it sends no requests, but the SDK answers one as the protocol says).
    const isResponse = hasId && (Object.hasOwn(body, 'result') || Object.hasOwn(body, 'error'));
    return isResponse ? undefined : { status: 400, code: INVALID_REQUEST, message: NOT_A_MESSAGE, id: hasId ? id as JsonRpcId : null };
  }
  if (body.method !== 'tools/call' || !hasId) return undefined;
  const refuse = (message: string): EnvelopeRefusal => ({ status: 200, code: INVALID_PARAMS, message, id: id as JsonRpcId });
  const { params } = body;
  if (!isPlainObject(params) || typeof params.name !== 'string' || params.name === '') {
    return refuse(`${NO_TOOL_NAME}; the tools are ${toolNames.join(', ')}`);
  }
  if (!toolNames.includes(params.name)) return refuse(unknownToolMessage(params.name, toolNames));
  if (params.arguments !== undefined && !isPlainObject(params.arguments)) return refuse(ARGUMENTS_NOT_OBJECT);
  return undefined;
}

export function unknownToolMessage(name: string, toolNames: readonly string[]): string {
  return `unknown tool ${name}; the tools are ${toolNames.join(', ')}`;
}

/** A JSON-RPC error response (`data` where the protocol defines some, as the supported versions of -32022). */
export function jsonRpcErrorBody(code: number, message: string, id: JsonRpcId | null = null, data?: unknown): string {
  return JSON.stringify({ jsonrpc: '2.0', error: data === undefined ? { code, message } : { code, message, data }, id });
}
