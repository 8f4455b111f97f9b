/**
 * Prints `count` new keys of the store DATABASE_URL names, one a line, made by the build at `buildRoot`
 * (this one, or an earlier commit's: the bench against a commit gives each build keys of its own):
 * free keys of 1,000 requests a month, or with --unlimited one internal key without a limit.
 *
 *   node dist/bench/issueKeys.js <build root> <count> [--unlimited]
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [buildRoot, countText, unlimited] = process.argv.slice(2);
const count = Number(countText);
if (!buildRoot || !Number.isInteger(count) || count < 1) throw new Error('usage: issueKeys.js <build root> <count> [--unlimited]');
const load = async <T>(module: string): Promise<T> => (await import(pathToFileURL(path.join(buildRoot, 'dist/src', module)).href)) as T;

interface AccessStore { close(): Promise<void> }
const { readConfig } = await load<{ readConfig(): { databaseUrl: string; store?: unknown } }>('config.js');
const { openAccessStore } = await load<{ openAccessStore(url: string, options: unknown): Promise<AccessStore> }>('store/open.js');
const { KeyAdmin } = await load<{ KeyAdmin: new (store: AccessStore) => {
  create(request: { email: string; tier: string; monthlyLimit: number | null }): Promise<{ ok: true; key: string } | { ok: false; message: string }>;
} }>('access/keyAdmin.js');

const config = readConfig();
// Earlier builds took the environment where this one takes the stores' options.
const store = await openAccessStore(config.databaseUrl, config.store ?? process.env);
try {
  const admin = new KeyAdmin(store);
  const keys: string[] = [];
  for (let i = 0; i < count; i++) {
    const created = await admin.create({ email: `bench-${process.pid}-${i}@example.test`, tier: unlimited ? 'internal' : 'free',
      monthlyLimit: unlimited ? null : 1000 });
    if (!created.ok) throw new Error(created.message);
    keys.push(created.key);
  }
  process.stdout.write(`${keys.join('\n')}\n`);
} finally {
  await store.close();
}
