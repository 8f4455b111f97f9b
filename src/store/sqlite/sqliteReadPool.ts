import Database from 'better-sqlite3';
import { Piscina } from 'piscina';
import { setTimeout as delay } from 'node:timers/promises';
import type { SqliteCatalogReads, WorkerRead } from './sqliteCatalogReads.js';
import type { ReadOutcome, ReadTask } from './sqliteReadWorker.js';

/** The longest close() waits for workers still starting (one starts in tens of milliseconds). */
const WORKER_START_WAIT_MS = 10_000;

/** How long a worker of a pool that exits when idle waits for another read (the two reads of a catalog version come together). */
const EXIT_WHEN_IDLE_MS = 1_000;

/**
 * Worker threads (Piscina), each with its own read-only connection to the catalog file, that run
 * the catalog reads heavier than a point read, so a search or a listing never holds the event
 * loop while a cheap request waits. WAL lets them read while the service's own connection writes;
 * each read sees the catalog as last committed, so an import is seen by the next read.
 */
export class SqliteReadPool {
  private readonly pool: Piscina<ReadTask, ReadOutcome>;
  /** Settles when every worker the pool started with has loaded its module and opened its connection (or gone). */
  private readonly started: Promise<void>;
  private closed = false;
  /**
   * How many reads are sent and not yet answered, which close() waits for itself (see there): a count,
   * not a Set of them, as a long-lived Set that takes and lets go of an entry a read rehashes into new
   * tables in V8's old generation that keep what they held (each read's promise and page) until a
   * full collection.
   */
  private underWay = 0;
  /** What close() waits on while reads are under way (one for every call), and what settles it. */
  private whenAllAnswered: Promise<void> | undefined;
  private allAnswered: (() => void) | undefined;

  /**
   * `workers` threads, kept while idle: starting one costs more than any read. With `exitWhenIdle`,
   * for reads of the whole catalog made once per catalog version, they start for a read and exit a
   * moment after: each of those reads fills its thread's heap with garbage that V8 would keep
   * committed in a long-lived worker, and goes with the thread.
   */
  constructor(file: string, workers: number, { exitWhenIdle = false } = {}) {
    this.pool = new Piscina({
      filename: new URL('./sqliteReadWorker.js', import.meta.url).href,
      minThreads: exitWhenIdle ? 0 : workers,
      maxThreads: workers,
      idleTimeout: exitWhenIdle ? EXIT_WHEN_IDLE_MS : Number.POSITIVE_INFINITY,
      workerData: { file },
      // Reads queued in the worker itself: with one at a time, each next read waited for the main
      // thread to take the last answer, and a busy main thread left the worker idle (heavy reads
      // behind many cards by id queued for seconds).
      concurrentTasksPerWorker: 4,
    });
    // Piscina's 'workerCreate' cannot say when a worker has started: for the workers a pool starts
    // with, it fires at once, before the thread has loaded anything. The first message a worker
    // posts to its parent is Piscina's ready message, sent once require() has loaded and run our
    // module (its connection opened or failed); a worker that cannot start exits instead.
    this.started = Promise.all(this.pool.threads.map((worker) => new Promise<void>((resolve) => {
      worker.once('message', () => resolve());
      worker.once('exit', () => resolve());
    }))).then(() => undefined);
  }

  get workers(): number {
    return this.pool.threads.length;
  }

  /** SqliteCatalogReads[method](...args) in a worker; a failure is the SqliteError the worker's driver threw. */
  async read<M extends WorkerRead>(method: M, ...args: Parameters<SqliteCatalogReads[M]>): Promise<ReturnType<SqliteCatalogReads[M]>> {
    // Piscina would leave a task sent after close() pending for ever; say what better-sqlite3 says.
    if (this.closed) throw new TypeError('The database connection is not open');
    const running: Promise<ReadOutcome> = this.pool.run({ method, args } as ReadTask);
    this.underWay += 1;
    let outcome: ReadOutcome;
    try {
      outcome = await running;
    } finally {
      this.underWay -= 1;
      if (this.underWay === 0) this.allAnswered?.();
    }
    if ('error' in outcome) throw new Database.SqliteError(outcome.error.message, outcome.error.code ?? 'SQLITE_ERROR');
    return outcome.value as ReturnType<SqliteCatalogReads[M]>;
  }

  /**
   * Lets the reads under way finish, then stops the workers (their connections close as they exit).
   * A worker is never stopped while it starts: stopped inside the driver's native code (opening
   * the file, preparing statements) or inside Node's require() of an ES module (even after the
   * module has run, while require() builds its namespace), it aborted the whole process (FATAL
   * ERROR: v8::ToLocalChecked Empty MaybeLocal; Assertion failed in CreateRequiredModuleFacade), as
   * a test closing its server at once did in CI. The wait is bounded, so a worker that cannot
   * start holds no close. The reads under way are awaited here before Piscina's close(), which
   * could count a worker done twice and stop the other while it still had reads: its answer then
   * came to a closed pool, whose 'error' event (Unexpected message from Worker) ended the process
   * (seen once in six stops of a server right after a load of searches).
   */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.race([this.started, delay(WORKER_START_WAIT_MS, undefined, { ref: false })]);
    if (this.underWay > 0) await (this.whenAllAnswered ??= new Promise<void>((resolve) => (this.allAnswered = resolve)));
    return this.pool.close();
  }
}
