import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import type { Bindings, ChildLoggerOptions, LevelWithSilentOrString } from 'pino';

type Method = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
type Call = (this: FastifyBaseLogger, ...args: unknown[]) => void;

/**
 * A request's logger (request.log), made when the request first logs. Fastify makes a child of the
 * service's logger per request, bound to its id; with the redaction configured, pino's child costs
 * some 2 µs, on every request, while most requests log nothing through it (their one line is the
 * request line, requestLog.ts). This stands in for the child and makes it on the first call.
 */
class RequestLogger {
  private made?: FastifyBaseLogger;

  constructor(private readonly parent: FastifyBaseLogger, private readonly bindings: Bindings, private readonly options: ChildLoggerOptions) {}

  private get logger(): FastifyBaseLogger {
    return this.made ??= this.parent.child(this.bindings, this.options);
  }

  get level(): LevelWithSilentOrString {
    return this.made?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: LevelWithSilentOrString) {
    this.logger.level = level;
  }

  fatal(...args: unknown[]): void { this.log('fatal', args); }
  error(...args: unknown[]): void { this.log('error', args); }
  warn(...args: unknown[]): void { this.log('warn', args); }
  info(...args: unknown[]): void { this.log('info', args); }
  debug(...args: unknown[]): void { this.log('debug', args); }
  trace(...args: unknown[]): void { this.log('trace', args); }
  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.logger.child(bindings, options);
  }

  private log(method: Method, args: unknown[]): void {
    const logger = this.logger;
    (logger[method] as unknown as Call).apply(logger, args);
  }
}

/** Fastify's childLoggerFactory: request.log as a RequestLogger. */
export const lazyRequestLogger: NonNullable<FastifyServerOptions['childLoggerFactory']> = (logger, bindings, options) =>
  new RequestLogger(logger, bindings, options) as unknown as FastifyBaseLogger;
