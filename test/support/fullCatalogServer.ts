import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runImport } from '../../src/importer/runImport.js';
import { startCatalogServer, type RunningServer } from './catalogServer.js';
import { sharedDumpDir } from './shared.js';
import type { StoreKind } from './stores.js';

/**
 * A server on the shared TCGdex dump's languages `langs` (every card and set of each), on `store`:
 * the demo catalog it starts with replaced by an import through the server's own store, so its
 * answers are dropped when the import commits. close() also removes the dump's directory of links.
 */
export async function startFullCatalogServer(store: StoreKind, langs: readonly string[]): Promise<RunningServer> {
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
