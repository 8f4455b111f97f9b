import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the listener serves: a Prometheus registry's text and its content type. */
export interface MetricsText {
  metrics(): Promise<string>;
  readonly contentType: string;
}

export interface MetricsServer {
  /** `http://host:port/metrics`, the port as bound (METRICS_PORT=0 takes a free one). */
  url: string;
  close(): Promise<void>;
}

/**
 * GET /metrics on a listener of its own (METRICS_HOST:METRICS_PORT), apart from the public port:
 * the operator's scraper reaches it, the API's clients never do. A plain node:http server, as it
 * answers one path a few times a minute.
 */
export async function serveMetrics(source: MetricsText, where: { host: string; port: number }): Promise<MetricsServer> {
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'Content-Type': 'application/json; charset=utf-8' })
        .end(JSON.stringify({ error: 'no such path: the metrics are at GET /metrics', code: 'unknown_path' }));
      return;
    }
    source.metrics().then(
      (text) => response.writeHead(200, { 'Content-Type': source.contentType, 'Cache-Control': 'no-store' })
        .end(request.method === 'HEAD' ? undefined : text),
      () => response.writeHead(500, { 'Content-Type': 'application/json; charset=utf-8' })
        .end(JSON.stringify({ error: 'the metrics could not be collected', code: 'internal' })),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(where.port, where.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { address, port } = server.address() as AddressInfo;
  return {
    url: `http://${address.includes(':') ? `[${address}]` : address}:${port}/metrics`,
    close: () => new Promise<void>((resolve) => {
      server.close(() => resolve());
      // A scraper keeps its connection open between scrapes.
      server.closeAllConnections();
    }),
  };
}
