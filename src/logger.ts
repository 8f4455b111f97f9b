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
 * What the log holds back before one write. pino's destination (sonic-boom) measures the UTF-8
 * length of all it holds on every line it adds, so a larger batch costs each line more, and a
 * smaller one more writes: some ten request lines a write cost least per line.
 */
const LOG_BATCH_BYTES = 2 * 1024;
/** And how long it holds them at most: an idle instance's lines are out within this. */
const LOG_FLUSH_MS = 200;

/**
 * Standard output for the service's log, in batches, through pino's destination as documented
 * (sonic-boom's `minLength` and `periodicFlush`): a line waits until 2 KiB of lines are held or
 * 200 ms passed, then the batch is written at once. Synchronously: no write is in flight when the
 * process exits, so every line goes out in order, and handing each batch to libuv's thread pool
 * cost each request line more. pino flushes only asynchronous destinations on exit,
 * so what is held is written out here when the process exits, however it exits; `kill -9` loses
 * at most the last 200 ms of lines.
 */
export function standardOutput(): DestinationStream {
  const output = destination({ dest: 1, sync: true, minLength: LOG_BATCH_BYTES, periodicFlush: LOG_FLUSH_MS });
  process.once('exit', () => {
    try {
      output.flushSync();
    } catch {
      // Standard output already closed: nothing can be written any more.
    }
  });
  return output;
}
