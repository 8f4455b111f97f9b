import type { FastifyServerOptions } from 'fastify';
import { destination, type DestinationStream } from 'pino';

/**
 * Request logs carry the path only: a query string or a header could hold a key or an email,
 * and neither may ever reach a log line. The lines go to `stream` (standard output, written at
 * once, unless given).
 */
export function loggerOptions(level: string, stream?: DestinationStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: { paths: ['req.headers.authorization', '*.email', '*.key', 'email', 'key'], censor: '[redacted]' },
    serializers: {
      req: (request: { method: string; url: string; ip?: string }) => ({
        method: request.method,
        path: request.url.split('?')[0],
      }),
    },
  };
}

/**
 * Standard output for the service's log, written asynchronously: the lines logged while a write is
 * under way go out together in the next one, so a busy instance makes one write for many request
 * lines instead of one each, and an idle one still writes each line at once. pino writes out what
 * is left when the process exits.
 */
export function standardOutput(): DestinationStream {
  return destination({ dest: 1, sync: false });
}
