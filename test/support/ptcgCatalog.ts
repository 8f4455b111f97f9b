import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { StoredCatalog } from '../../src/catalog/answers/storedCatalog.js';
import { readPtcgCatalog, type PtcgCatalogRead } from '../../src/catalog/ptcg/readPtcgCatalog.js';
import { SqliteCatalogBackend } from '../../src/store/sqlite/sqliteCatalogBackend.js';
import { importedCatalog } from './importedCatalog.js';

/** The shared dump's English catalog, imported (importedCatalog) and read as pokemontcg.io's objects; close() when done. */
export async function englishPtcgCatalog(): Promise<{ read: PtcgCatalogRead; store: StoredCatalog; close(): Promise<void> }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'ptcg-'));
  const { file } = await importedCatalog(dir, { languages: ['en'] });
  const store = new StoredCatalog(new SqliteCatalogBackend(file, { readWorkers: 0 }));
  const read = await readPtcgCatalog(store);
  return {
    read, store,
    async close() {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
