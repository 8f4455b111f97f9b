import { ConfigError } from '../config.js';

/** A mistake in how the command was called: exit 2, with the usage text. */
export class UsageError extends Error {}

export interface CommandOptions {
  /** Errors that are the caller's to fix (a bad source, say): exit 2, without the usage text. */
  isCallerError?: (error: unknown) => boolean;
}

/**
 * Runs an operator command's main function and turns its failure into one line on stderr and
 * an exit code: 2 for the caller's mistakes, 1 for anything else.
 */
export function runCommand(name: string, usage: string, main: () => Promise<void>, options: CommandOptions = {}): void {
  main().catch((error: unknown) => {
    const parseError = error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS');
    const message = error instanceof ConfigError ? `configuration error: ${error.message}`
      : error instanceof Error ? error.message : String(error);
    if (error instanceof UsageError || parseError) {
      process.stderr.write(`${name}: ${message}\n\n${usage}\n`);
      process.exitCode = 2;
    } else if (error instanceof ConfigError || options.isCallerError?.(error)) {
      process.stderr.write(`${name}: ${message}\n`);
      process.exitCode = 2;
    } else {
      process.stderr.write(`${name} failed: ${message}\n`);
      process.exitCode = 1;
    }
  });
}
