import type { FastifyServerOptions } from 'fastify';

/**
 * Request logs carry the path only: a query string or a header could hold a key or an email,
 * and neither may ever reach a log line.
 */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: { paths: ['req.headers.authorization', '*.email', '*.key', 'email', 'key'], censor: '[redacted]' },
    serializers: {
      req: (request: { method: string; url: string; ip?: string }) => ({
        method: request.method,
        path: request.url.split('?')[0],
      }),
    },
  };
}
