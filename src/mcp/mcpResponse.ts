import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import { compress, COMPRESSION_THRESHOLD_BYTES, negotiateCoding } from '../edge/compression.js';

/**
 * Writes one /mcp answer (every one is JSON): compressed in brotli or gzip, as REST compresses, when
 * it is 1 KiB or more and the client accepts one. Compressed per response, with the effort of a body
 * sent once: the JSON-RPC id inside makes each response's bytes its own (the tool result within is
 * made once per answer, Answer.form).
 */
export function writeMcpAnswer(request: IncomingHttpHeaders, response: ServerResponse, status: number, body: Buffer,
  headers: Record<string, string> = { 'content-type': 'application/json' }): void {
  const coding = body.length >= COMPRESSION_THRESHOLD_BYTES ? negotiateCoding(request['accept-encoding']) : 'identity';
  const sent = coding === 'identity' ? body : compress(body, coding, 'once');
  response.writeHead(status, {
    ...headers,
    vary: 'Accept-Encoding',
    ...(coding === 'identity' ? {} : { 'content-encoding': coding }),
    'content-length': String(sent.length),
  }).end(sent);
}
