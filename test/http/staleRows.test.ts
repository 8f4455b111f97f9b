import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { CatalogBackend } from '../../src/catalog/catalogBackend.js';
import { catalogRows, ROWS_VERSION } from '../../src/catalog/rows/catalogRows.js';
import { SEED_CATALOG_DIR } from '../support/seedCatalog.js';
import { readOwnExport } from '../../src/importer/sources/ownExport.js';
import { PostgresCatalogBackend } from '../../src/store/postgres/postgresCatalogBackend.js';
import { SqliteCatalogBackend } from '../../src/store/sqlite/sqliteCatalogBackend.js';
import { tempDir } from '../support/catalogServer.js';
import { LogCapture, runKeysCli, startChildServer, type ChildServer } from '../support/childProcess.js';
import { bearer } from '../support/keys.js';
import { createTestDatabase, type TestDatabase } from '../support/postgres.js';
import { onStore, STORE_KINDS } from '../support/stores.js';

/** A stored card document as rows before version 5 held it: without its set's name and code. */
function withoutSetFields(doc: string): string {
  const { set_name: _name, set_code: _code, ...rest } = JSON.parse(doc) as Record<string, unknown>;
  return JSON.stringify(rest);
}

for (const store of STORE_KINDS) {
  describe(`a server started on rows an older version built (${store})`, { ...(await onStore(store)), timeout: 60_000 }, () => {
    const dir = tempDir('tcg-stale-rows-');
    let database: TestDatabase | undefined;
    let env: Record<string, string>;
    const logs = new LogCapture();
    let server: ChildServer;

    before(async () => {
      database = store === 'postgres' ? await createTestDatabase('stale_rows') : undefined;
      env = { DATABASE_URL: database?.url ?? `file:${path.join(dir, 'catalog.db')}` };
      // The demo catalog as an older catalogRows() stored it: name keys folded by other rules, no links,
      // card documents without set_name and set_code.
      const rows = catalogRows((await readOwnExport(SEED_CATALOG_DIR)).catalog);
      const backend: CatalogBackend = database
        ? await PostgresCatalogBackend.open({ databaseUrl: database.url })
        : new SqliteCatalogBackend(path.join(dir, 'catalog.db'));
      await backend.writeCatalog({
        ...rows, version: ROWS_VERSION - 1,
        sets: rows.sets.map((row) => ({ ...row, other_languages: '[]' })),
        cards: rows.cards.map((row) => ({
          ...row, doc: withoutSetFields(row.doc), name_key: `stale ${row.id}`, other_languages: '[]',
        })),
      });
      await backend.close();
      server = await startChildServer(env, logs);
    });
    after(async () => {
      server?.child.kill('SIGTERM');
      await server?.exited;
      await database?.drop();
      rmSync(dir, { recursive: true, force: true });
    });

    it('rebuilds them before it listens, says so, searches by today\'s keys, links the other languages and names each card\'s set', async () => {
      assert.match(logs.text, /rebuilt them from the stored records \(5 sets, 12 cards\)/);
      const created = await runKeysCli(['create', '--email', 'stale-rows@example.test', '--tier', 'internal', '--unlimited'], env);
      assert.equal(created.code, 0, created.stderr);
      const get = async (query: string) => (await fetch(`${server.baseUrl}/v1/${query}`, { headers: bearer(created.stdout.trim()) })).json() as Promise<any>;
      assert.deepEqual((await get('cards?q=glurak')).data.map((card: any) => card.id), ['de-base1-4']);
      assert.deepEqual((await get('cards?id=de-base1-4')).data.other_languages.map((link: any) => link.id), ['en-base1-4', 'fr-base1-4']);
      assert.deepEqual((await get('sets?id=de-base1')).data.other_languages.map((link: any) => link.id), ['en-base1', 'fr-base1']);
      const setOf = (card: any) => [card.id, card.set_name, card.set_code];
      assert.deepEqual(setOf((await get('cards?id=de-base1-4')).data), ['de-base1-4', 'Grundset', null]);
      assert.deepEqual((await get('cards?q=glurak')).data.map(setOf), [['de-base1-4', 'Grundset', null]]);
      assert.deepEqual((await get('cards?set=fr-base1&limit=1')).data.map(setOf)[0]?.slice(1), ['Set de Base', null]);
      assert.deepEqual((await get('cards?ids=en-base2-60')).data.map(setOf), [['en-base2-60', 'Jungle', null]]);
      assert.deepEqual((await get('cards?type=Lightning&lang=ja')).data.map(setOf), [['ja-PMCG1-035', '拡張パック', null]]);
    });

    it('builds the name index of the rebuilt rows before it listens, and says so', () => {
      const at = (pattern: RegExp) => logs.text.search(pattern);
      assert.ok(at(/rebuilt them from the stored records/) >= 0);
      assert.match(logs.text, /name search ready: 9 distinct names indexed in \d+ ms/);
      assert.ok(at(/rebuilt them from the stored records/) < at(/name search ready/), 'the index is of the rebuilt rows');
      assert.ok(at(/name search ready/) < at(/Server listening at/), 'the first searches do not wait for it');
    });
  });
}
