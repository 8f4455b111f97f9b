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
 * What the log holds back before one write: lines of a busy instance go out some 16 KiB at a time
 * (some ninety request lines; at 4 KiB the writes were a third of what a request line cost).
 */
const LOG_BATCH_CHARS = 16 * 1024;
/** And how long it holds them at most: an idle instance's lines are out within this. */
const LOG_FLUSH_MS = 200;

/**
 * Standard output for the service's log, in batches: a line waits until some 16 KiB of lines are held
 * or 200 ms passed, then the batch is written at once (synchronously, pino's default: measured against
 * handing each batch to libuv's thread pool, it cost a third less per request line). A busy instance
 * makes one write for some ninety request lines instead of one each. What is held is written out
 * when the process exits, however it exits; `kill -9` loses at most the last 200 ms of lines.
 */
export function standardOutput(): DestinationStream {
  // In buffer mode sonic-boom writes Buffers as they are (its typings only know its default, strings).
  return new BatchedOutput(destination({ dest: 1, sync: true, contentMode: 'buffer' }) as unknown as ByteOutput);
}

interface ByteOutput { write(data: Buffer): boolean; flushSync(): void }

/**
 * Lines held as they come, then joined and encoded once per batch in front of pino's destination
 * (sonic-boom), which writes each batch as it comes. sonic-boom batches by itself (minLength), but
 * measures the UTF-8 length of all it holds on every line it adds; lines concatenated one by one
 * became a rope that each write had to flatten, and encoded one by one into a batch buffer each
 * cost a call into the runtime. Array.join makes one flat string per batch, encoded in one call
 * (each line's cost: `npm run bench`, "the front door's cost").
 */
class BatchedOutput implements DestinationStream {
  private lines: string[] = [];
  private held = 0;

  constructor(private readonly output: ByteOutput) {
    setInterval(() => this.flush(), LOG_FLUSH_MS).unref();
    process.once('exit', () => {
      try {
        this.flush();
        output.flushSync();
      } catch {
        // Standard output already closed: nothing can be written any more.
      }
    });
  }

  write(line: string): void {
    this.lines.push(line);
    this.held += line.length;
    if (this.held >= LOG_BATCH_CHARS) this.flush();
  }

  private flush(): void {
    if (this.lines.length === 0) return;
    const batch = Buffer.from(this.lines.join(''));
    this.lines = [];
    this.held = 0;
    this.output.write(batch);
  }
}
