import assert from 'node:assert/strict';
import Database from 'better-sqlite3';
import { copyFileSync } from 'node:fs';
import { cp, rm } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { CatalogBackend } from '../../src/catalog/catalogBackend.js';
import type { Catalog } from '../../src/catalog/catalogShapes.js';
import { StoredCatalog } from '../../src/catalog/answers/storedCatalog.js';
import { writeOwnExport } from '../../src/importer/ownExportFormat.js';
import { runImport, type ImportResult } from '../../src/importer/runImport.js';
import { fingerprintFiles, MAPPING_VERSION } from '../../src/importer/sourceFingerprint.js';
import type { TcgdexLanguageData } from '../../src/importer/tcgdexRecords.js';
import { PostgresCatalogBackend } from '../../src/store/postgres/postgresCatalogBackend.js';
import { SqliteCatalogBackend } from '../../src/store/sqlite/sqliteCatalogBackend.js';
import { tempDir } from '../support/catalogServer.js';
import { createTestDatabase, sql } from '../support/postgres.js';
import { onStore, STORE_KINDS, type StoreKind } from '../support/stores.js';
import { tcgdexCard, tcgdexSet, writeTcgdexDump } from '../support/tcgdexFixtures.js';

const SOURCE: TcgdexLanguageData[] = [
  { lang: 'en', sets: [tcgdexSet('en', 'base1')], cards: ['1', '2', '3'].map((n) => tcgdexCard('en', 'base1', n, { hp: 60 })) },
  { lang: 'fr', sets: [tcgdexSet('fr', 'base1')], cards: ['1', '2'].map((n) => tcgdexCard('fr', 'base1', n)) },
];
/** One card changed: en-base1-2's HP. */
const ONE_CARD_CHANGED: TcgdexLanguageData[] = [
  { ...SOURCE[0]!, cards: SOURCE[0]!.cards.map((card) => (card.id === 'base1-2' ? { ...card, hp: 70 } : card)) },
  SOURCE[1]!,
];

interface Opened {
  backend: CatalogBackend;
  /** Every catalog row as physically written (SQLite: the generation; PostgreSQL: xmin), and the feed's retrievals. */
  rowStamp(): Promise<string>;
  cleanup(): Promise<void>;
}

async function open(kind: StoreKind): Promise<Opened> {
  const rowsOf = (table: string, version: string) =>
    `SELECT '${table}', id, ${version} FROM ${table}`;
  if (kind === 'sqlite') {
    const dir = tempDir('unchanged-source-');
    const file = path.join(dir, 'catalog.db');
    const backend = new SqliteCatalogBackend(file, { readWorkers: 0 });
    return {
      backend,
      rowStamp: async () => {
        const db = new Database(file, { readonly: true });
        try {
          return JSON.stringify(db.prepare(`${rowsOf('sets', 'gen')} UNION ALL ${rowsOf('cards', 'gen')} ORDER BY 1, 2`).raw().all());
        } finally {
          db.close();
        }
      },
      cleanup: async () => {
        await backend.close();
        await rm(dir, { recursive: true, force: true });
      },
    };
  }
  const database = await createTestDatabase('sync_unchanged');
  const backend = await PostgresCatalogBackend.open({ databaseUrl: database.url });
  return {
    backend,
    rowStamp: async () => JSON.stringify(await sql(database.url,
      `${rowsOf('sets', 'xmin::text')} UNION ALL ${rowsOf('cards', 'xmin::text')} ORDER BY 1, 2`)),
    cleanup: async () => {
      await backend.close();
      await database.drop();
    },
  };
}

for (const kind of STORE_KINDS) {
  describe(`an import of an unchanged source on ${kind}`, { ...await onStore(kind), timeout: 60_000 }, () => {
    let opened: Opened;
    let store: StoredCatalog;
    let work: string;
    const source = () => path.join(work, 'source');
    /** What the store shows of a catalog: its version, rows, feed and retrieval. */
    const state = async () => ({
      version: await store.catalogVersion(),
      rows: await opened.rowStamp(),
      lastSeq: (await store.changesSince(Number.MAX_SAFE_INTEGER, 1)).lastSeq,
      importedAt: await store.importedAt(),
    });
    /** An import, with the phases its progress went through. */
    const importing = async (dir: string, force = false): Promise<ImportResult & { phases: Set<string> }> => {
      const phases = new Set<string>();
      const result = await runImport(dir, store, { force, progress: (phase) => phases.add(phase.split(' ')[0]!) });
      return { ...result, phases };
    };
    const pause = () => new Promise((resolve) => setTimeout(resolve, 5));

    before(async () => {
      opened = await open(kind);
      store = new StoredCatalog(opened.backend);
      work = tempDir('unchanged-source-dumps-');
      await writeTcgdexDump(source(), SOURCE);
      await writeTcgdexDump(path.join(work, 'edited'), ONE_CARD_CHANGED);
    });
    after(async () => {
      await opened?.cleanup();
      await rm(work, { recursive: true, force: true });
    });

    it('stores the stamp of the source it imported: its fingerprint and the mapping version', async () => {
      const first = await importing(source());
      assert.equal(first.unchanged, false);
      assert.ok(first.phases.has('read') && first.phases.has('write'));
      assert.deepEqual(await store.sourceStamp(), { fingerprint: await fingerprintFiles('tcgdex-dump', source()), mappingVersion: MAPPING_VERSION });
    });

    it('the same source again is not read and writes nothing: the version, the rows and the feed stay; only retrieved_at moves', async () => {
      const before = await state();
      await pause();
      const again = await importing(source());
      assert.equal(again.unchanged, true);
      assert.equal(again.report, null);
      assert.deepEqual(again.counts, { sets: 2, cards: 5 });
      assert.deepEqual([...again.phases], [], 'neither read, nor mapped, nor written');
      const now = await state();
      assert.deepEqual({ ...now, importedAt: null }, { ...before, importedAt: null }, 'no catalog row, no change recorded, the same version');
      assert.ok(now.importedAt! > before.importedAt!, 'a new retrieval: retrieved_at moves');
    });

    it('a copy of the same files, with other times, is the same source', async () => {
      const copy = path.join(work, 'copy');
      await pause();
      await cp(source(), copy, { recursive: true, preserveTimestamps: false });
      const before = await state();
      assert.equal((await importing(copy)).unchanged, true);
      assert.equal((await state()).version, before.version);
    });

    it('one card changed in the source is imported: that card alone is written and recorded', async () => {
      const before = await state();
      const edited = await importing(path.join(work, 'edited'));
      assert.equal(edited.unchanged, false);
      assert.notEqual(await store.catalogVersion(), before.version);
      const changes = (await store.changesSince(before.lastSeq, 10)).changes.map(({ change, id }) => `${change} ${id}`);
      assert.deepEqual(changes, ['changed en-base1-2']);
      assert.equal(JSON.parse((await store.getCard('en-base1-2'))!).hp, 70);
      assert.equal((await importing(path.join(work, 'edited'))).unchanged, true, 'and is then the unchanged source');
    });

    it('a catalog made by another mapping version is read again, and then carries this one', async () => {
      const stamp = (await store.sourceStamp())!;
      // The catalog as a build of the previous mapping version left it: the same records, its stamp.
      const catalog: Catalog = { sets: [], cards: [] };
      for await (const set of store.exportSets()) catalog.sets.push(set);
      for await (const card of store.exportCards()) catalog.cards.push(card);
      await store.replaceCatalog(catalog, undefined, { ...stamp, mappingVersion: MAPPING_VERSION - 1 });
      const before = await state();
      const reread = await importing(path.join(work, 'edited'));
      assert.equal(reread.unchanged, false);
      assert.ok(reread.phases.has('read') && reread.phases.has('map'), 'the source was read and mapped');
      assert.deepEqual(await store.sourceStamp(), stamp);
      assert.equal((await state()).version, before.version, 'the same records: still no row written');
      assert.equal((await state()).lastSeq, before.lastSeq);
    });

    it('force reads an unchanged source all the same', async () => {
      const forced = await importing(path.join(work, 'edited'), true);
      assert.equal(forced.unchanged, false);
      assert.ok(forced.phases.has('read'));
    });

    it('a catalog written without a stamp (the demo catalog, a test) is never skipped; an own export has its stamp', async () => {
      const exportDir = path.join(work, 'export');
      await writeOwnExport(exportDir, store);
      const catalog: Catalog = { sets: [], cards: [] };
      for await (const set of store.exportSets()) catalog.sets.push(set);
      for await (const card of store.exportCards()) catalog.cards.push(card);
      await store.replaceCatalog(catalog);
      assert.equal(await store.sourceStamp(), null);
      assert.equal((await importing(path.join(work, 'edited'))).unchanged, false);

      assert.equal((await importing(exportDir)).unchanged, false);
      assert.deepEqual(await store.sourceStamp(), { fingerprint: await fingerprintFiles('own-export', exportDir), mappingVersion: MAPPING_VERSION });
      assert.equal((await importing(exportDir)).unchanged, true);
    });

    it('files that change while they are read leave no stamp: the next import reads them again', async () => {
      const racing = path.join(work, 'racing');
      await cp(source(), racing, { recursive: true });
      let swapped = false;
      await runImport(racing, store, {
        progress: (phase) => {
          // The fingerprint is taken; the English files are not open yet.
          if (phase === 'read en' && !swapped) {
            copyFileSync(path.join(work, 'edited', 'en.cards.ndjson.gz'), path.join(racing, 'en.cards.ndjson.gz'));
            swapped = true;
          }
        },
      });
      assert.ok(swapped);
      assert.equal(JSON.parse((await store.getCard('en-base1-2'))!).hp, 70, 'what was read is imported');
      assert.equal(await store.sourceStamp(), null, 'but under no stamp: neither the files before nor after are known to be it');
      assert.equal((await importing(racing)).unchanged, false);
      assert.equal((await importing(racing)).unchanged, true);
    });

    it('recordRetrieval does nothing once another import changed the stamp', async () => {
      const stamp = (await store.sourceStamp())!;
      await importing(source());
      const before = await state();
      assert.equal(await store.recordRetrieval(stamp), false);
      assert.deepEqual(await state(), before);
    });
  });
}

describe('the fingerprint of a dump', () => {
  it('changes with any byte of any file the import reads, and with a language added', async () => {
    const dir = tempDir('fingerprint-');
    try {
      await writeTcgdexDump(path.join(dir, 'a'), SOURCE);
      await writeTcgdexDump(path.join(dir, 'b'), ONE_CARD_CHANGED);
      await writeTcgdexDump(path.join(dir, 'c'), [...SOURCE, { lang: 'de', sets: [tcgdexSet('de', 'base1')], cards: [] }]);
      const [a, b, c] = await Promise.all(['a', 'b', 'c'].map((name) => fingerprintFiles('tcgdex-dump', path.join(dir, name))));
      assert.match(a!, /^[0-9a-f]{64}$/);
      assert.equal(new Set([a, b, c]).size, 3);
      assert.equal(await fingerprintFiles('tcgdex-dump', path.join(dir, 'a')), a, 'the same files, the same fingerprint');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
