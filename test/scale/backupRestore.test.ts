import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { MAX_BLOCK } from '../../src/access/reservedQuota.js';
import { LogCapture, readerKeys, runCli, runKeysCli, startChildServer, type ChildServer } from '../support/childProcess.js';
import { rateLimitOf } from '../support/http.js';
import { createTestDatabase, needsPostgres, sql, type TestDatabase } from '../support/postgres.js';

const run = promisify(execFile);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Answer { sentAt: number; answeredAt: number; status: number | 'failed'; used: number }

/** A running service under keyed reads (one loop per key) and key creations, until stop(). */
function underLoad(service: () => ChildServer, readers: string[]) {
  let running = true;
  let addresses = 0;
  const reads = new Map<string, Answer[]>(readers.map((key) => [key, []]));
  const creations: Array<Answer & { key?: string }> = [];
  const send = async (urlPath: string, init: RequestInit): Promise<{ answer: Answer; body: unknown }> => {
    const sentAt = Date.now();
    try {
      const response = await fetch(`${service().baseUrl}${urlPath}`, init);
      const text = await response.text();
      return { answer: { sentAt, answeredAt: Date.now(), status: response.status, used: rateLimitOf(response).used }, body: text ? JSON.parse(text) : undefined };
    } catch {
      return { answer: { sentAt, answeredAt: Date.now(), status: 'failed', used: Number.NaN }, body: undefined };
    }
  };
  const paths = ['/v1/cards?id=en-base1-4', '/v1/sets?limit=2', '/v1/cards?q=char&limit=3'];
  const loops = [
    ...readers.map(async (key) => {
      for (let i = 0; running; i++) {
        reads.get(key)!.push((await send(paths[i % paths.length]!, { headers: { authorization: `Bearer ${key}` } })).answer);
      }
    }),
    (async () => {
      for (let i = 0; running; i++) {
        const { answer, body } = await send('/v1/keys', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.8.${(addresses += 1) >> 8}.${addresses & 255}` },
          body: JSON.stringify({ email: `load-${i}@example.test` }),
        });
        creations.push({ ...answer, key: answer.status === 201 ? (body as { key: string }).key : undefined });
        await sleep(20);
      }
    })(),
  ];
  return {
    reads, creations,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

async function status(service: ChildServer, key: string): Promise<{ status: number; used: number }> {
  const response = await fetch(`${service.baseUrl}/v1/sets?limit=1`, { headers: { authorization: `Bearer ${key}` } });
  await response.arrayBuffer();
  return { status: response.status, used: rateLimitOf(response).used };
}

async function createKeys(service: ChildServer, count: number, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for (let i = 0; i < count; i++) {
    const response = await fetch(`${service.baseUrl}/v1/keys`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.9.9.${i}` },
      body: JSON.stringify({ email: `${prefix}-${i}@example.test` }),
    });
    assert.equal(response.status, 201);
    keys.push(((await response.json()) as { key: string }).key);
  }
  return keys;
}

/** Each reader works after the restore, with the count it had before this check. */
async function restoredUsage(service: ChildServer, readers: string[]): Promise<Map<string, number>> {
  const restoredUsed = new Map<string, number>();
  for (const key of readers) {
    const check = await status(service, key);
    assert.equal(check.status, 200);
    restoredUsed.set(key, check.used - 1);
  }
  return restoredUsed;
}

/**
 * For each reader, the count the restored store holds must lie between what it had answered
 * before the backup began and what it had been sent before the backup ended, plus the block of
 * requests the instance had reserved ahead (src/access/reservedQuota.ts: the store counts what
 * was reserved).
 */
function assertUsageFromBackup(reads: Map<string, Answer[]>, restoredUsed: Map<string, number>, began: number, ended: number) {
  for (const [key, answers] of reads) {
    const before = Math.max(0, ...answers.filter((a) => a.answeredAt < began).map((a) => a.used));
    const sent = answers.filter((a) => a.sentAt < ended).length;
    const restored = restoredUsed.get(key)!;
    assert.ok(before > 0, 'the key was used before the backup');
    assert.ok(restored >= before && restored <= sent + MAX_BLOCK,
      `key ${key.slice(0, 9)}: restored count ${restored} between ${before} answered before the backup and ${sent} sent before it ended ` +
      `(+ ${MAX_BLOCK} reserved ahead)`);
  }
}

describe('the SQLite restore drill of docs/deploy.md, backed up while the server runs', () => {
  let root: string;
  let service: ChildServer;
  const logs = new LogCapture();
  let env: Record<string, string>;

  before(async () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'tcg-backup-'));
    mkdirSync(path.join(root, 'var'));
    env = { DATABASE_URL: `file:${path.join(root, 'var/catalog.db')}`, TRUST_PROXY: 'true', LOG_LEVEL: 'info' };
    service = await startChildServer(env, logs);
  });
  after(async () => {
    service?.child.kill('SIGTERM');
    await service?.exited;
    rmSync(root, { recursive: true, force: true });
  });

  it('back up under load, lose the file, restore it: every key of the backup works with its usage, the later ones are gone', async () => {
    const readers = await readerKeys(env, 4, 'reader');
    const load = underLoad(() => service, readers);
    await sleep(500);
    // 1. Back up while the service runs.
    const began = Date.now();
    const backup = await runCli('backup', [path.join(root, 'backups/today')], env);
    const ended = Date.now();
    await sleep(300);
    await load.stop();

    assert.equal(backup.code, 0, backup.stderr);
    const written = /^Keys and usage: (\d+) keys \((\d+) active\) with their usage → (.+catalog\.access\.db) \(\d+ KiB\)$/m.exec(backup.stdout);
    assert.ok(written, backup.stdout);
    assert.equal(written[3], path.join(root, 'backups/today/catalog.access.db'));
    const everything = [...[...load.reads.values()].flat(), ...load.creations];
    assert.deepEqual([...new Set(everything.map((a) => a.status))].filter((s) => s !== 200 && s !== 201), [],
      'the service answered every request while the backup ran');
    const createdBefore = load.creations.filter((c) => c.status === 201 && c.answeredAt < began);
    const createdAfter = load.creations.filter((c) => c.status === 201 && c.sentAt > ended);
    const backedUp = Number(written[1]);
    assert.ok(backedUp >= readers.length + createdBefore.length, 'every key answered 201 before the backup began is in it');
    assert.ok(backedUp <= readers.length + load.creations.filter((c) => c.status === 201 && c.sentAt < ended).length);
    assert.ok(createdAfter.length > 0);

    // 2. The file is lost (with whatever the service left beside it).
    service.child.kill('SIGTERM');
    await service.exited;
    for (const suffix of ['', '-wal', '-shm']) rmSync(path.join(root, `var/catalog.access.db${suffix}`), { force: true });
    // 3. Restore: copy the backup into place, start the service.
    copyFileSync(path.join(root, 'backups/today/catalog.access.db'), path.join(root, 'var/catalog.access.db'));
    service = await startChildServer(env, logs);

    // 4. Check: every key of the backup works, with the usage it had then.
    const list = await runKeysCli(['list'], env);
    assert.match(list.stderr, new RegExp(`^${backedUp} keys$`, 'm'));
    assertUsageFromBackup(load.reads, await restoredUsage(service, readers), began, ended);
    for (const { key } of createdBefore) assert.equal((await status(service, key!)).status, 200);
    for (const { key } of createdAfter) assert.equal((await status(service, key!)).status, 401, 'a key created after the backup is lost with the file');
  });

  it('never overwrites a backup and says so, and needs exactly one directory', async () => {
    const dir = path.join(root, 'backups/again');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'catalog.access.db'), 'an older backup');
    const refused = await runCli('backup', [dir], env);
    assert.equal(refused.code, 2);
    assert.match(refused.stderr, /catalog\.access\.db exists already/);
    assert.equal(readFileSync(path.join(dir, 'catalog.access.db'), 'utf8'), 'an older backup');
    assert.equal(existsSync(path.join(dir, 'catalog.access.db.partial')), false);

    const none = await runCli('backup', [], env);
    assert.equal(none.code, 2);
    assert.match(none.stderr, /name exactly one directory/);
  });

  it('copies the catalog too with --catalog', async () => {
    const dir = path.join(root, 'backups/with-catalog');
    const backup = await runCli('backup', [dir, '--catalog'], env);
    assert.equal(backup.code, 0, backup.stderr);
    assert.match(backup.stdout, /^Catalog: 8 sets and 17 cards → .+catalog\.db \(\d+ KiB\)$/m);
    assert.ok(existsSync(path.join(dir, 'catalog.db')) && existsSync(path.join(dir, 'catalog.access.db')));
  });
});

/** pg_dump and pg_restore (the client package): a one-line skip without them, a failure under CI=true. */
async function needsPgDump(): Promise<{ skip: string | false }> {
  const postgres = await needsPostgres();
  if (postgres.skip) return postgres;
  const found = await run('pg_dump', ['--version']).then(() => run('pg_restore', ['--version'])).then(() => true, () => false);
  if (found) return { skip: false };
  if (process.env.CI === 'true') throw new Error('CI=true but pg_dump and pg_restore are not installed');
  return { skip: 'needs pg_dump and pg_restore' };
}

describe('the PostgreSQL restore drill with the pg_dump command the backup command prints', await needsPgDump(), () => {
  let database: TestDatabase;
  let root: string;
  let service: ChildServer;
  const logs = new LogCapture();
  let env: Record<string, string>;

  before(async () => {
    database = await createTestDatabase('backup_test');
    root = mkdtempSync(path.join(os.tmpdir(), 'tcg-pg-backup-'));
    env = { DATABASE_URL: database.url, TRUST_PROXY: 'true', LOG_LEVEL: 'info' };
    service = await startChildServer(env, logs);
  });
  after(async () => {
    service?.child.kill('SIGTERM');
    await service?.exited;
    await database?.drop();
    rmSync(root, { recursive: true, force: true });
  });

  it('back up under load with the printed command, lose the tables, restore: every key works with its usage', async () => {
    const readers = await readerKeys(env, 3, 'pg-reader');
    const load = underLoad(() => service, readers);
    await sleep(500);
    const dir = path.join(root, 'backups/today');
    const began = Date.now();
    const told = await runCli('backup', [dir], env);
    assert.equal(told.code, 2, 'the command writes nothing with PostgreSQL, and says so');
    const command = /^Keys and usage.*:\n {2}(.+)$/m.exec(told.stderr)?.[1];
    assert.ok(command !== undefined && command.includes('pg_dump'), told.stderr);
    const dumped = await run('bash', ['-c', command], { env: { ...process.env, ...env } });
    const ended = Date.now();
    await sleep(300);
    await load.stop();
    assert.ok(existsSync(path.join(dir, 'access.dump')), dumped.stderr);
    const everything = [...[...load.reads.values()].flat(), ...load.creations];
    assert.deepEqual([...new Set(everything.map((a) => a.status))].filter((s) => s !== 200 && s !== 201), []);

    // Lost: the tables of keys and usage.
    service.child.kill('SIGTERM');
    await service.exited;
    await sql(database.url, 'DROP TABLE key_usage, key_creations, api_keys, access_meta, oauth_spent_grants, oauth_revoked_grants, oauth_secrets, access_migrations');
    // Restored with the command of docs/deploy.md.
    await run('bash', ['-c', `pg_restore --clean --if-exists --single-transaction --no-owner --dbname="$DATABASE_URL" '${dir}/access.dump'`],
      { env: { ...process.env, ...env } });
    service = await startChildServer(env, logs);

    assertUsageFromBackup(load.reads, await restoredUsage(service, readers), began, ended);
    for (const { key } of load.creations.filter((c) => c.status === 201 && c.answeredAt < began)) {
      assert.equal((await status(service, key!)).status, 200);
    }
    // A new key after the restore: the identity sequence came back with the table.
    assert.equal((await createKeys(service, 1, 'after-restore')).length, 1);
  });
});
