import net from 'node:net';

/** A response as it came off the wire. */
export interface RawResponse {
  status: number;
  /** Lower-case names; repeated headers joined with ", ". */
  headers: Map<string, string>;
  body: string;
}

/**
 * Sends `request` as it is (any bytes: fetch and http.request refuse or rewrite what a hostile
 * client would send) on a connection of its own, reads until the server closes it and parses the
 * one response. The request should say `Connection: close`. Rejects when no response arrives
 * within `timeoutMs` or the connection closes without one.
 */
export function rawRequest(port: number, request: Buffer | string, timeoutMs = 10_000): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no response within ${timeoutMs} ms`));
    }, timeoutMs);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    // The server may answer (413, 431) and close before it has read all we send: EPIPE or ECONNRESET
    // while writing is then no failure, as long as a response arrived.
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      const received = Buffer.concat(chunks);
      try {
        resolve(parseResponse(received));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
    // Not ended after writing: Node's server takes a client's half-close as the end of the
    // exchange and drops the answer still being prepared.
    socket.write(request);
  });
}

/** The first response in `bytes`: its status line, headers and body (Content-Length, chunked or up to the close). */
export function parseResponse(bytes: Buffer): RawResponse {
  const end = bytes.indexOf('\r\n\r\n');
  if (end === -1) throw new Error(`the connection closed without a response (${bytes.length} bytes: ${JSON.stringify(bytes.toString('latin1').slice(0, 200))})`);
  const [statusLine = '', ...lines] = bytes.subarray(0, end).toString('latin1').split('\r\n');
  const status = /^HTTP\/1\.[01] (\d{3})/.exec(statusLine);
  if (!status) throw new Error(`not an HTTP status line: ${JSON.stringify(statusLine)}`);
  const headers = new Map<string, string>();
  for (const line of lines) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers.set(name, headers.has(name) ? `${headers.get(name)}, ${value}` : value);
  }
  let body = bytes.subarray(end + 4);
  if (headers.get('transfer-encoding')?.toLowerCase() === 'chunked') body = dechunk(body);
  else if (headers.has('content-length')) body = body.subarray(0, Number(headers.get('content-length')));
  return { status: Number(status[1]), headers, body: body.toString('utf8') };
}

function dechunk(bytes: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = bytes.indexOf('\r\n', at);
    if (lineEnd === -1) break;
    const size = parseInt(bytes.subarray(at, lineEnd).toString('latin1'), 16);
    if (!(size > 0)) break;
    parts.push(bytes.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

/**
 * UTF-8 as JavaScript strings hold it, lone surrogates included (WTF-8: U+D800 is ED A0 80), where
 * Buffer.from would quietly put U+FFFD in their place.
 */
export function wtf8(text: string): Buffer {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i += 1) {
    const code = text.codePointAt(i)!;
    if (code > 0xffff) i += 1;
    if (code < 0x80) bytes.push(code);
    else if (code < 0x800) bytes.push(0xc0 | (code >> 6), 0x80 | (code & 0x3f));
    else if (code < 0x10000) bytes.push(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f));
    else bytes.push(0xf0 | (code >> 18), 0x80 | ((code >> 12) & 0x3f), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f));
  }
  return Buffer.from(bytes);
}

/** Every byte of `text`'s WTF-8 that is not unreserved in a URL, as %XX. */
export function percentEncode(text: string): string {
  let out = '';
  for (const byte of wtf8(text)) {
    const char = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-._~]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}
