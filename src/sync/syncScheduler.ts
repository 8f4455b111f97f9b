import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import type { CatalogStore } from '../catalog/catalogStore.js';
import type { ChangeCounts, ServiceMetrics, SyncOutcome } from '../metrics/serviceMetrics.js';

/** What the import CLI exits with under --sync when another process holds the sync lock (EX_TEMPFAIL). */
export const SYNC_HELD_EXIT_CODE = 75;
/** How much of a failed sync's output the log keeps. */
const OUTPUT_TAIL = 4000;
const IMPORT_CLI = fileURLToPath(new URL('../cli/import.js', import.meta.url));

export interface SyncRun {
  outcome: SyncOutcome;
  ms: number;
  /** The end of what the sync wrote (its summary, or why it failed). */
  output: string;
  /** The changes the feed recorded while it ran (all zero unless synced). */
  changes: ChangeCounts;
}

export interface SyncSchedulerOptions {
  /** Anything `npm run import` takes. */
  source: string;
  everyMs: number;
  /** The environment of the sync's process (DATABASE_URL and the stores' settings): the service's own unless given. */
  env?: NodeJS.ProcessEnv;
  log: { info(message: string): void; error(message: string): void };
  /** The catalog the sync writes: its changes feed and version tell what a sync changed. */
  store: Pick<CatalogStore, 'changesSince' | 'catalogVersion'>;
  metrics?: ServiceMetrics;
}

/**
 * Retrieves the catalog's source on a schedule, by itself: each sync is `npm run import -- <source>
 * --sync` in a child process of its own (its reading, mapping and diffing never hold this process's
 * event loop), which reads no further than the source's fingerprint when it is the one last imported,
 * else writes only the differences in one transaction and, on PostgreSQL, runs only while
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

  /** The process id of the sync under way, if one is. */
  get childPid(): number | undefined {
    return this.child?.pid;
  }

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

  private async sync(): Promise<SyncRun> {
    const feedBefore = await this.feedHead();
    const run = await this.runChild();
    if (run.outcome === 'synced' && feedBefore !== null) {
      run.changes = await this.changesAfter(feedBefore).catch(() => run.changes);
      // The source unchanged (or read to no difference): only the retrieval time moved.
      const version = await this.options.store.catalogVersion().catch(() => null);
      if (version === feedBefore.version && run.changes.added + run.changes.changed + run.changes.removed === 0) run.outcome = 'unchanged';
    }
    const { changes } = run;
    if (run.outcome === 'failed') {
      this.options.log.error(`sync of ${this.options.source} failed after ${run.ms} ms (${run.why}); ` +
        `the catalog stays as it was, the next sync is in ${Math.round(this.options.everyMs / 1000)} s: ${run.output.slice(-600)}`);
    } else if (run.outcome === 'unchanged') {
      this.options.log.info(`sync of ${this.options.source} unchanged in ${run.ms} ms: no catalog row written; ${lastLine(run.output)}`);
    } else if (run.outcome === 'skipped') {
      this.options.log.info(`sync of ${this.options.source} skipped in ${run.ms} ms: another instance is syncing`);
    } else {
      this.options.log.info(`sync of ${this.options.source} synced in ${run.ms} ms: ${changes.added} added, ${changes.changed} changed, ` +
        `${changes.removed} removed; ${lastLine(run.output)}`);
    }
    this.options.metrics?.syncFinished(run.outcome, run.ms / 1000, changes);
    return { outcome: run.outcome, ms: run.ms, output: run.output, changes };
  }

  /** The feed's last sequence number and epoch, and the catalog version, now; null when they cannot be read. */
  private async feedHead(): Promise<{ epoch: string; seq: number; version: string } | null> {
    try {
      const { epoch, lastSeq } = await this.options.store.changesSince(Number.MAX_SAFE_INTEGER, 1);
      return { epoch, seq: lastSeq, version: await this.options.store.catalogVersion() };
    } catch {
      return null;
    }
  }

  /** The changes recorded after `head`, by kind (none when the feed began anew meanwhile: a baseline). */
  private async changesAfter(head: { epoch: string; seq: number }): Promise<ChangeCounts> {
    const counts: ChangeCounts = { added: 0, changed: 0, removed: 0 };
    for (let after = head.seq; ;) {
      const page = await this.options.store.changesSince(after, 1000);
      if (page.epoch !== head.epoch) return counts;
      for (const change of page.changes) counts[change.change] += 1;
      if (page.changes.length < 1000) return counts;
      after = page.changes.at(-1)!.seq;
    }
  }

  private runChild(): Promise<Omit<SyncRun, 'changes'> & { changes: ChangeCounts; why: string }> {
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
      lowerPriority(child);
      child.stdout.on('data', keep);
      child.stderr.on('data', keep);
      let finished = false;
      const finish = (code: number | null, why?: string) => {
        if (finished) return;
        finished = true;
        this.child = undefined;
        const ms = Math.round(performance.now() - started);
        const outcome: SyncOutcome = code === 0 ? 'synced' : code === SYNC_HELD_EXIT_CODE ? 'skipped' : 'failed';
        resolve({ outcome, ms, output: output.trim(), changes: { added: 0, changed: 0, removed: 0 }, why: why ?? `exit code ${code}` });
      };
      child.once('error', (error) => finish(null, error.message));
      // 'close': after the output was read to its end.
      child.once('close', (code, signal) => finish(code, signal ? `ended by ${signal}` : undefined));
    });
  }
}

/**
 * How much lower than the server the sync runs (a nice value): when both want the cores, requests
 * go first, so a sync does not lift the tail of the requests served meanwhile.
 */
const SYNC_NICENESS = 10;

/** Lowers the child's scheduling priority; where the system refuses (no such process any more), it runs as it is. */
function lowerPriority(child: ChildProcess): void {
  if (child.pid === undefined) return;
  try {
    os.setPriority(child.pid, Math.min(19, os.getPriority() + SYNC_NICENESS));
  } catch {
    // The child ended already, or the system does not allow it: the sync runs at the server's priority.
  }
}

function lastLine(text: string): string {
  return text.split('\n').filter((line) => line.trim() !== '').at(-1) ?? '';
}
