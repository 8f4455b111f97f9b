import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { catalogRows, ROWS_VERSION } from '../../src/catalog/catalogRows.js';
import { DEMO_CATALOG_DIR } from '../../src/importer/demoCatalog.js';
import { readOwnExport } from '../../src/importer/sources/ownExport.js';
import { SqliteCatalogBackend } from '../../src/store/sqlite/sqliteCatalogBackend.js';
import { tempDir } from '../support/catalogServer.js';
import { LogCapture, runKeysCli, startChildServer, type ChildServer } from '../support/childProcess.js';
import { bearer } from '../support/keys.js';

describe('a server started on rows an older version built', { timeout: 60_000 }, () => {
  const dir = tempDir('tcg-stale-rows-');
  const env = { DATABASE_URL: `file:${path.join(dir, 'catalog.db')}` };
  const logs = new LogCapture();
  let server: ChildServer;

  before(async () => {
    // The demo catalog as an older catalogRows() stored it: name keys folded by other rules, no links.
    const rows = catalogRows((await readOwnExport(DEMO_CATALOG_DIR)).catalog);
    const backend = new SqliteCatalogBackend(path.join(dir, 'catalog.db'));
    await backend.writeCatalog({
      ...rows, version: ROWS_VERSION - 1,
      sets: rows.sets.map((row) => ({ ...row, other_languages: '[]' })),
      cards: rows.cards.map((row) => ({ ...row, name_key: `stale ${row.id}`, bigrams: new Map<string, number>(), other_languages: '[]' })),
    });
    await backend.close();
    server = await startChildServer(env, logs);
  });
  after(async () => {
    server?.child.kill('SIGTERM');
    await server?.exited;
    rmSync(dir, { recursive: true, force: true });
  });

  it('rebuilds them before it listens, says so, searches by today\'s keys and links the other languages', async () => {
    assert.match(logs.text, /rebuilt them from the stored records \(5 sets, 12 cards\)/);
    const created = await runKeysCli(['create', '--email', 'stale-rows@example.test', '--tier', 'internal', '--unlimited'], env);
    assert.equal(created.code, 0, created.stderr);
    const get = async (query: string) => (await fetch(`${server.baseUrl}/v1/${query}`, { headers: bearer(created.stdout.trim()) })).json() as Promise<any>;
    assert.deepEqual((await get('cards?q=glurak')).data.map((card: any) => card.id), ['de-base1-4']);
    assert.deepEqual((await get('cards?id=de-base1-4')).data.other_languages.map((link: any) => link.id), ['en-base1-4', 'fr-base1-4']);
    assert.deepEqual((await get('sets?id=de-base1')).data.other_languages.map((link: any) => link.id), ['en-base1', 'fr-base1']);
  });
});
