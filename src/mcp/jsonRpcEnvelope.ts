import { idSource, isExactIntegerSource } from './idSource.js';

/*
 * What /mcp refuses of a body before the SDK sees it: where the SDK would take what this endpoint
 * refuses (a batch), or answer a changed id (JSON.parse rounds 9007199254740993 and reads 1.0 as 1).
 */

export const INVALID_REQUEST = -32600;

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

/**
 * The refusal of a body (its text and as JSON.parse read it), or undefined: a batch, which the SDK's
 * 2025-era transport would answer message by message, or an id that JSON.parse could not keep
 * exactly (the SDK would answer with the id changed; an id neither string nor number the SDK refuses itself).
 */
export function envelopeRefusal(text: string, parsed: unknown): EnvelopeRefusal | undefined {
  if (Array.isArray(parsed)) return { status: 400, code: INVALID_REQUEST, message: BATCH_REFUSED, id: null };
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const { id } = parsed as { id?: unknown };
  if (typeof id !== 'number') return undefined;
  const source = idSource(text);
  if (source !== undefined && isExactIntegerSource(source)) return undefined;
  return { status: 400, code: INVALID_REQUEST, message: INEXACT_ID, id: null };
}

/** A JSON-RPC error response. */
export function jsonRpcErrorBody(code: number, message: string, id: JsonRpcId | null = null): string {
  return JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id });
}
