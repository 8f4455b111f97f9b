import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runImport } from '../../src/importer/runImport.js';
import { startCatalogServer, tempDir, type RunningServer } from './catalogServer.js';
import { importedCatalog } from './importedCatalog.js';
import { sharedDumpDir } from './shared.js';
import type { StoreKind } from './stores.js';

/**
 * A server on the shared TCGdex dump's languages `langs` (every card and set of each), on `store`:
 * the demo catalog it starts with replaced by an import through the server's own store, so its
 * answers are dropped when the import commits (on SQLite, a copy of the cached import of those
 * languages). close() also removes what it made.
 */
export async function startFullCatalogServer(store: StoreKind, langs: readonly string[]): Promise<RunningServer> {
  // On SQLite, a copy of the import test files share (importedCatalog) serves as well and costs no import.
  if (store === 'sqlite') {
    const dir = tempDir('tcg-full-');
    const server = await startCatalogServer({ catalogFile: (await importedCatalog(dir, { languages: langs })).file });
    const close = server.close.bind(server);
    server.close = async () => {
      await close();
      rmSync(dir, { recursive: true, force: true });
    };
    return server;
  }
  const dumpDir = mkdtempSync(path.join(os.tmpdir(), 'tcg-dump-'));
  for (const lang of langs) {
    for (const kind of ['sets', 'cards']) {
      const file = `${lang}.${kind}.ndjson.gz`;
      symlinkSync(path.join(sharedDumpDir, file), path.join(dumpDir, file));
    }
  }
  const server = await startCatalogServer({ store });
  try {
    await runImport(dumpDir, server.catalogStore);
  } catch (error) {
    await server.close();
    throw error;
  } finally {
    rmSync(dumpDir, { recursive: true, force: true });
  }
  return server;
}
