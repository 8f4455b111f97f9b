import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';

export type DocumentHandler = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * An https server on 127.0.0.1 for Client ID Metadata Documents, with a certificate made for it
 * (by openssl) that this process's TLS clients trust from now on. Each path answers as `handlers`
 * say; every request is recorded.
 */
export async function metadataDocumentServer(handlers: Record<string, DocumentHandler>) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tcg-cimd-'));
  execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-days', '1',
    '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem'), '-subj', '/CN=127.0.0.1',
    '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost'], { stdio: 'ignore' });
  const cert = readFileSync(path.join(dir, 'cert.pem'), 'utf8');
  const key = readFileSync(path.join(dir, 'key.pem'), 'utf8');
  rmSync(dir, { recursive: true, force: true });
  tls.setDefaultCACertificates([...tls.getCACertificates('default'), cert]);
  const requests: Array<{ path: string; headers: IncomingMessage['headers'] }> = [];
  const server = https.createServer({ cert, key }, (request, response) => {
    const url = request.url ?? '/';
    requests.push({ path: url, headers: request.headers });
    const handler = handlers[url];
    if (handler) handler(request, response);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    origin: `https://127.0.0.1:${port}`,
    port,
    requests,
    /** Requests for `path` so far. */
    count: (path: string) => requests.filter((r) => r.path === path).length,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
