import type { IncomingHttpHeaders } from 'node:http';

/*
 * Revision 2026-07-28 mirrors parts of each request's body into headers (MCP-Protocol-Version,
 * Mcp-Method, and Mcp-Name for a tools/call) so a gateway can route without reading the body. A
 * gateway acting on a header the server then contradicts is the danger, so a server that reads
 * the body must refuse a request whose headers are missing or disagree with it (HeaderMismatch).
 */

/** The body field Mcp-Name mirrors, for the methods /mcp answers that have one. */
const NAME_SOURCE: Readonly<Record<string, string>> = { 'tools/call': 'name' };

const BASE64_PREFIX = '=?base64?';
const BASE64_SUFFIX = '?=';
const CANONICAL_BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** A header's value with HTTP's optional white space trimmed, or undefined when absent (a repeated header is one joined value). */
export function singleHeader(value: string | string[] | undefined): string | undefined {
  if (value === undefined) return undefined;
  return (Array.isArray(value) ? value.join(', ') : value).replace(/^[ \t]+|[ \t]+$/g, '');
}

/**
 * Why a modern request's routing headers are refused (one sentence), or undefined when they are
 * present and agree with the body. The Mcp-Method and version mismatches are checked with the
 * envelope (modernRevision.ts); this is what a request must carry besides.
 */
export function routingHeaderRefusal(headers: IncomingHttpHeaders, method: string, params: Record<string, unknown>): string | undefined {
  if (singleHeader(headers['mcp-protocol-version']) === undefined) {
    return 'Header mismatch: the MCP-Protocol-Version header is required on every request; send the revision named in params._meta';
  }
  if (singleHeader(headers['mcp-method']) === undefined) {
    return `Header mismatch: the Mcp-Method header is required on every request; send Mcp-Method: ${method}`;
  }
  const field = Object.hasOwn(NAME_SOURCE, method) ? NAME_SOURCE[method]! : undefined;
  const bodyValue = field === undefined ? undefined : params[field];
  // Without a name in the body there is nothing to mirror; the envelope checks refuse such a call.
  if (field === undefined || typeof bodyValue !== 'string') return undefined;
  const header = singleHeader(headers['mcp-name']);
  if (header === undefined) {
    return `Header mismatch: the Mcp-Name header is required on ${method}; send Mcp-Name: ${bodyValue}`;
  }
  const decoded = decodeSentinel(header);
  if (decoded === undefined) {
    return `Header mismatch: Mcp-Name header value '${header}' is not valid ${BASE64_PREFIX}…${BASE64_SUFFIX} Base64 of UTF-8 text`;
  }
  if (decoded !== bodyValue) return `Header mismatch: Mcp-Name header value '${decoded}' does not match body value '${bodyValue}'`;
  return undefined;
}

/**
 * A header value as sent: plain, or `=?base64?…?=` around Base64 of UTF-8 (how a client sends a name
 * that is not plain ASCII). Undefined when the sentinel holds something that is not canonical Base64 of UTF-8.
 */
function decodeSentinel(value: string): string | undefined {
  if (!(value.startsWith(BASE64_PREFIX) && value.endsWith(BASE64_SUFFIX))) return value;
  const encoded = value.slice(BASE64_PREFIX.length, value.length - BASE64_SUFFIX.length);
  if (!CANONICAL_BASE64.test(encoded)) return undefined;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(encoded, 'base64'));
  } catch {
    return undefined;
  }
}
