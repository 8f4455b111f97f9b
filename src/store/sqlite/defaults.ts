import os from 'node:os';

/** SQLite's settings when the environment gives none, apart from the driver so reading them loads no driver. */

/**
 * Read workers per instance unless SQLITE_READ_WORKERS says: as many as the cores, at most two. On
 * two cores, two workers answered heavy pages at 1.5 to 3 times the rate of one while cards by id
 * beside them kept the same p99; more would only compete with the main thread.
 */
export const DEFAULT_READ_WORKERS = Math.min(2, os.availableParallelism());
