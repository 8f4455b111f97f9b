/**
 * One card by id on each store, one instance each, loaded in turn in rounds (variantsInTurn.ts); the
 * issue asks PostgreSQL's to be at least 0.6 of SQLite's in the same run. A fresh SQLite file and a
 * throwaway PostgreSQL database on the local server, each with the demo catalog (a card by id is
 * answered from memory either way; what differs is the stores' key and quota work). Run by
 * `npm run bench` (BENCH_ONLY=stores), or alone:
 *
 *   node dist/bench/storeComparison.js [rounds, default 3] [seconds per turn, default 2]
 */
import { fileURLToPath } from 'node:url';
import { createBenchDatabase, postgresAdminUrl } from './benchDatabase.js';
import { variantsInTurn } from './variantsInTurn.js';

export async function storeComparison(rounds: number, seconds: number, connections: number): Promise<void> {
  let database: Awaited<ReturnType<typeof createBenchDatabase>>;
  try {
    database = await createBenchDatabase();
  } catch (error) {
    console.log(`\nstores compared: skipped, no PostgreSQL at ${postgresAdminUrl} (${(error as Error).message})`);
    return;
  }
  try {
    await variantsInTurn('stores compared, one card by id', [
      { name: 'SQLite', env: {} },
      { name: 'PostgreSQL, one instance', env: { DATABASE_URL: database.url } },
    ], rounds, seconds, connections);
  } finally {
    await database.drop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await storeComparison(Number(process.argv[2] ?? 3), Number(process.argv[3] ?? 2), Number(process.env.BENCH_CONNECTIONS ?? 50));
}
