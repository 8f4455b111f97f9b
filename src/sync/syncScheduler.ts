import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** What the import CLI exits with under --sync when another process holds the sync lock (EX_TEMPFAIL). */
export const SYNC_HELD_EXIT_CODE = 75;
/** How much of a failed sync's output the log keeps. */
const OUTPUT_TAIL = 4000;
const IMPORT_CLI = fileURLToPath(new URL('../cli/import.js', import.meta.url));

export type SyncOutcome = 'synced' | 'skipped' | 'failed';

export interface SyncRun {
  outcome: SyncOutcome;
  ms: number;
  /** The end of what the sync wrote (its summary, or why it failed). */
  output: string;
}

export interface SyncSchedulerOptions {
  /** Anything `npm run import` takes. */
  source: string;
  everyMs: number;
  /** The environment of the sync's process (DATABASE_URL and the stores' settings): the service's own. */
  env: NodeJS.ProcessEnv;
  log: { info(message: string): void; error(message: string): void };
}

/**
 * Retrieves the catalog's source on a schedule, by itself: each sync is `npm run import -- <source>
 * --sync` in a child process of its own (its reading, mapping and diffing never hold this process's
 * event loop), which writes only the differences in one transaction and, on PostgreSQL, runs only while
 * no other instance syncs (an advisory lock; the others skip that turn). The service serves the
 * new catalog within 1 s of the commit, as after any import; a failed sync leaves the catalog as it
 * was, is logged, and the next turn tries again. One sync at a time per process; the next turn
 * starts everyMs after the last one started (at once when it took longer).
 */
export class SyncScheduler {
  private timer: NodeJS.Timeout | undefined;
  private child: ChildProcess | undefined;
  private running: Promise<SyncRun> | undefined;
  private stopped = false;

  constructor(private readonly options: SyncSchedulerOptions) {}

  /** Syncs now, then every everyMs. */
  start(): void {
    this.stopped = false;
    const turn = async () => {
      const started = Date.now();
      await this.runOnce();
      if (!this.stopped) this.timer = setTimeout(turn, Math.max(0, started + this.options.everyMs - Date.now()));
    };
    void turn();
  }

  /** One sync (or the one under way). */
  runOnce(): Promise<SyncRun> {
    this.running ??= this.sync().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /** Stops the schedule and ends a sync under way (SIGTERM: its transaction rolls back). */
  async close(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.child?.kill('SIGTERM');
    await this.running;
  }

  private sync(): Promise<SyncRun> {
    const started = performance.now();
    return new Promise((resolve) => {
      let output = '';
      const keep = (chunk: Buffer) => {
        output = (output + chunk.toString('utf8')).slice(-OUTPUT_TAIL);
      };
      const child = spawn(process.execPath, [IMPORT_CLI, this.options.source, '--sync'], {
        env: this.options.env, stdio: ['ignore', 'pipe', 'pipe'],
      });
      this.child = child;
      child.stdout.on('data', keep);
      child.stderr.on('data', keep);
      let finished = false;
      const finish = (code: number | null, why?: string) => {
        if (finished) return;
        finished = true;
        this.child = undefined;
        const ms = Math.round(performance.now() - started);
        const outcome: SyncOutcome = code === 0 ? 'synced' : code === SYNC_HELD_EXIT_CODE ? 'skipped' : 'failed';
        const run = { outcome, ms, output: output.trim() };
        if (outcome === 'failed') {
          this.options.log.error(`sync of ${this.options.source} failed after ${ms} ms (${why ?? `exit code ${code}`}); ` +
            `the catalog stays as it was, the next sync is in ${Math.round(this.options.everyMs / 1000)} s: ${run.output.slice(-600)}`);
        } else {
          const summary = outcome === 'skipped' ? 'skipped: another instance is syncing' : lastLine(run.output);
          this.options.log.info(`sync of ${this.options.source} ${outcome} in ${ms} ms: ${summary}`);
        }
        resolve(run);
      };
      child.once('error', (error) => finish(null, error.message));
      // 'close': after the output was read to its end.
      child.once('close', (code, signal) => finish(code, signal ? `ended by ${signal}` : undefined));
    });
  }
}

function lastLine(text: string): string {
  return text.split('\n').filter((line) => line.trim() !== '').at(-1) ?? '';
}
