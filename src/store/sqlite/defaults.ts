import os from 'node:os';

/** SQLite's settings when the environment gives none, apart from the driver so reading them loads no driver. */

/**
 * Read workers per instance unless SQLITE_READ_WORKERS says: the cores but one, which the main
 * thread needs for HTTP, at least one and at most two. On two cores a second worker added a V8 heap
 * of its own and no throughput, heavy pages and cold name searches alike (docs/performance.md, "Latest").
 */
export const DEFAULT_READ_WORKERS = Math.max(1, Math.min(2, os.availableParallelism() - 1));
