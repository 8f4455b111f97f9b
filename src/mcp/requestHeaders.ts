import type { IncomingHttpHeaders } from 'node:http';

/*
 * What /mcp asks of a request's headers beyond the SDK: Accept (every answer is JSON, so a client
 * that takes only JSON is answered) and Origin (any site, unless MCP_ALLOWED_ORIGINS lists some).
 */

export const NOT_ACCEPTABLE = 'Not Acceptable: every answer of this endpoint is application/json; ' +
  'send Accept: application/json (text/event-stream may be listed too)';
export const ORIGIN_REFUSED = 'Forbidden: this server does not take MCP requests from that Origin';

/** The Accept the SDK's transport asks for, which answers JSON because it is built with enableJsonResponse. */
const SDK_ACCEPT = 'application/json, text/event-stream';

/**
 * Whether a JSON answer is acceptable (RFC 9110 §12.5.1): no Accept at all, or application/json,
 * application/* or * / * listed with a q above 0.
 */
export function acceptsJson(accept: string | undefined): boolean {
  if (accept === undefined || accept.trim() === '') return true;
  return accept.split(',').some((range) => {
    const [type, ...params] = range.split(';').map((part) => part.trim().toLowerCase());
    if (type !== 'application/json' && type !== 'application/*' && type !== '*/*') return false;
    const q = params.find((param) => param.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/**
 * A request's headers as the SDK's transport (and the direct path, which answers as it does) read
 * them: Accept as the transport asks for it, both JSON and the event stream, even when, as here,
 * it only ever answers JSON; the endpoint has already checked that the client takes JSON.
 */
export function headersForTransport(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  return { ...headers, accept: SDK_ACCEPT };
}

/** Whether the body is sent as JSON (the media type, parameters such as charset aside). */
export function sentAsJson(contentType: string | undefined): boolean {
  return contentType?.split(';')[0]?.trim().toLowerCase() === 'application/json';
}

/** Whether a request may be answered: no Origin (not a browser), no allowlist, or an Origin in it. */
export function originAllowed(origin: string | undefined, allowed: readonly string[] | null): boolean {
  return origin === undefined || allowed === null || allowed.includes(origin.toLowerCase());
}
