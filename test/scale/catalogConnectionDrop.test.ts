import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { SEED_CATALOG_DIR } from '../support/seedCatalog.js';
import { writeOwnExport } from '../../src/importer/ownExportFormat.js';
import { readOwnExport } from '../../src/importer/sources/ownExport.js';
import type { CardRecord } from '../../src/schemas/card.js';
import type { CardSet } from '../../src/schemas/set.js';
import { LogCapture, startChildServer, type ChildServer } from '../support/childProcess.js';
import { startImportingService, type ImportingService } from '../support/importingService.js';
import { needsPostgresBinaries, startOwnPostgres, type OwnPostgres } from '../support/ownPostgres.js';
import { sql } from '../support/postgres.js';
import { projectRoot } from '../support/shared.js';

/*
 * A catalog connection dropped by the server while an import's transaction holds it (a failover, an
 * administrator's pg_terminate_backend) must fail that import, not crash the process with an
 * unhandled 'error' event from the checked-out pg client.
 *
 * To kill the import's backend at a known point, the test holds a row lock on the catalog_meta row
 * every import updates last: the import writes its sets, cards and search index, then waits on
 * that lock inside its transaction, and the test kills the backend it finds waiting there.
 */

// The store reports the lost connection as unavailable, keeping the server's reason.
const KILLED = 'the database cannot be reached: terminating connection due to administrator command';
/** In the demo catalog every service starts with, and renamed in the catalog the tests try to import. */
const CARD_ID = 'en-base1-4';
const GENERATED_SETS = 10;
const CARDS_PER_SET = 1000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function* each<T>(items: T[]): AsyncIterable<T> {
  yield* items;
}

/** The demo catalog with its Charizard renamed and 10,000 more cards: an export to import. */
async function writeBiggerCatalog(dir: string): Promise<void> {
  const { catalog } = await readOwnExport(SEED_CATALOG_DIR);
  const template = catalog.sets.find((set) => set.id === 'en-base1')!;
  const card = catalog.cards.find((c) => c.id === CARD_ID)!;
  const sets: CardSet[] = [...catalog.sets];
  const cards: CardRecord[] = catalog.cards.map((c) => (c.id === CARD_ID ? { ...c, name: `${c.name} (reimported)` } : c));
  for (let s = 1; s <= GENERATED_SETS; s++) {
    const set = { ...template, id: `en-crash${s}`, name: `Crash Test ${s}`, name_en: `Crash Test ${s}`, total: CARDS_PER_SET };
    sets.push(set);
    for (let n = 1; n <= CARDS_PER_SET; n++) {
      cards.push({ ...card, id: `${set.id}-${n}`, set_id: set.id, number: String(n), local_id: `${n}/${CARDS_PER_SET}`, name: `Dropped Link ${s} ${n}` });
    }
  }
  await writeOwnExport(dir, { exportSets: () => each(sets), exportCards: () => each(cards) });
}

interface Gate {
  /** The backend holding the lock. */
  pid: number;
  release(): Promise<void>;
}

/** Holds the row lock the import's last write waits for, on a connection of its own, until release(). */
async function holdImportsLastWrite(url: string): Promise<Gate> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('BEGIN');
  const locked = await client.query(`SELECT key FROM catalog_meta WHERE key = 'imported_at' FOR UPDATE`);
  assert.equal(locked.rowCount, 1, 'the catalog was imported before, so its imported_at row is there to lock');
  const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
  return {
    pid: rows[0]!.pid,
    async release() {
      await client.query('ROLLBACK');
      await client.end();
    },
  };
}

interface ImportBackend { pid: number; application_name: string; state: string; wrote: boolean }

/**
 * Polls pg_stat_activity (from connections outside any transaction, so each poll sees anew) until a
 * backend waits on the gate, and returns it; fails when `gaveUp()` names a reason first.
 */
async function importWaitingOn(url: string, gate: Gate, gaveUp: () => string | null): Promise<ImportBackend> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const [backend] = await sql<ImportBackend>(url, `
      SELECT pid, application_name, state, backend_xid IS NOT NULL AS wrote
      FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))`, [gate.pid]);
    if (backend) return backend;
    const reason = gaveUp() ?? (Date.now() > deadline ? 'no import reached its last write within 20 s' : null);
    if (reason) assert.fail(reason);
    await sleep(25);
  }
}

describe('a catalog connection dropped during an import', needsPostgresBinaries(), () => {
  let database: OwnPostgres;
  let service: ChildServer;
  let importing: ImportingService;
  let key = '';
  let work = '';
  let exportDir = '';
  let previous: unknown;
  const logs = new LogCapture();

  async function getCard(baseUrl: string): Promise<{ status: number; card: unknown }> {
    const response = await fetch(`${baseUrl}/v1/cards?id=${CARD_ID}`, { headers: { authorization: `Bearer ${key}` } });
    const body = await response.json() as { data?: unknown };
    return { status: response.status, card: body.data };
  }

  before(async () => {
    work = mkdtempSync(path.join(os.tmpdir(), 'tcg-connection-drop-'));
    exportDir = path.join(work, 'catalog');
    database = await startOwnPostgres();
    // The service seeds the empty catalog with the demo catalog: the previous catalog of these tests.
    [service] = await Promise.all([
      startChildServer({ DATABASE_URL: database.url, DATABASE_POOL_SIZE: '4', LOG_LEVEL: 'info' }, logs),
      writeBiggerCatalog(exportDir),
    ]);
    importing = await startImportingService(database.url);
    const created = await fetch(`${service.baseUrl}/v1/keys`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'dropped@example.test' }),
    });
    assert.equal(created.status, 201);
    key = ((await created.json()) as { key: string }).key;
    const before = await getCard(service.baseUrl);
    assert.equal(before.status, 200);
    previous = before.card;
  });
  after(async () => {
    service?.child.kill('SIGTERM');
    await Promise.all([service?.exited, importing?.stop()]);
    await database?.destroy();
    rmSync(work, { recursive: true, force: true });
  });

  it('fails the import inside a serving process with the one-line reason; the process lives on and serves the previous catalog', async () => {
    const gate = await holdImportsLastWrite(database.url);
    let outcome: Awaited<ReturnType<ImportingService['runImport']>> | undefined;
    let crash: Error | undefined;
    const importDone = importing.runImport(exportDir).then((o) => { outcome = o; }, (error: Error) => { crash = error; });
    try {
      const backend = await importWaitingOn(database.url, gate, () =>
        crash?.message ?? (outcome ? `the import ended before its last write: ${JSON.stringify(outcome)}` : null));
      assert.equal(backend.application_name, 'tcg-catalog');
      assert.ok(backend.wrote, 'the import has written inside its transaction');
      assert.deepEqual(await getCard(importing.baseUrl), { status: 200, card: previous }, 'served during the import');
      const [terminated] = await sql<{ done: boolean }>(database.url, 'SELECT pg_terminate_backend($1) AS done', [backend.pid]);
      assert.ok(terminated!.done);
    } finally {
      await gate.release();
    }
    await importDone;

    if (crash) throw crash;
    assert.deepEqual(outcome, { importFailed: KILLED }, 'the import rejects with the server\'s reason');
    assert.equal(importing.child.exitCode, null, `the process lives on:\n${importing.output()}`);
    assert.equal(importing.child.signalCode, null);
    assert.deepEqual(await getCard(importing.baseUrl), { status: 200, card: previous }, 'the previous catalog, from the same process');
    assert.equal((await fetch(`${importing.baseUrl}/healthz`)).status, 200);
    assert.deepEqual(await getCard(service.baseUrl), { status: 200, card: previous }, 'and from the service');
  });

  it('makes the import command exit 1 with one line saying why; the service serves the previous catalog', async () => {
    const gate = await holdImportsLastWrite(database.url);
    const cli = spawn(process.execPath, [path.join(projectRoot, 'dist/src/cli/import.js'), exportDir, '--report', path.join(work, 'report.json')], {
      cwd: projectRoot, env: { ...process.env, DATABASE_URL: database.url }, stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    cli.stdout.on('data', (chunk: Buffer) => { stdout += chunk.toString('utf8'); });
    cli.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString('utf8'); });
    let code: number | null | undefined;
    const closed = new Promise<void>((resolve) => cli.once('close', (c) => { code = c; resolve(); }));
    try {
      const backend = await importWaitingOn(database.url, gate, () =>
        code === undefined ? null : `the import command exited with ${code} before its last write:\n${stdout}${stderr}`);
      assert.ok(backend.wrote, 'the import has written inside its transaction');
      assert.deepEqual(await getCard(service.baseUrl), { status: 200, card: previous }, 'served during the import');
      await sql(database.url, 'SELECT pg_terminate_backend($1)', [backend.pid]);
    } finally {
      await gate.release();
    }
    await closed;

    assert.equal(code, 1, stderr);
    assert.equal(stderr.trimEnd().split('\n').at(-1), `import failed: ${KILLED}`, stderr);
    assert.doesNotMatch(stderr, /Unhandled 'error' event|^\s+at /m, 'no crash, no stack trace');
    assert.doesNotMatch(stdout, /The catalog now holds/);
    assert.deepEqual(await getCard(service.baseUrl), { status: 200, card: previous }, 'the previous catalog');
  });
});
