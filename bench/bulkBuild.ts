/**
 * node dist/bench/bulkBuild.js <DATABASE_URL>: builds the bulk files of the catalog stored there
 * into a temporary directory, three times, and tells how long each build took, how far the heap
 * rose above where it stood before (sampled every 20 ms), and the files' sizes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BulkFiles } from '../src/bulk/bulkFiles.js';
import { DEFAULT_STORE_OPTIONS } from '../src/config.js';
import { openCatalogStore } from '../src/store/open.js';

const databaseUrl = process.argv[2];
if (!databaseUrl) throw new Error('usage: node dist/bench/bulkBuild.js <DATABASE_URL>');
const store = await openCatalogStore(databaseUrl, { ...DEFAULT_STORE_OPTIONS, catalogCacheBytes: 0 });
try {
  for (let run = 1; run <= 3; run++) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'bulk-bench-'));
    globalThis.gc?.();
    const baseline = process.memoryUsage().heapUsed;
    let peak = baseline;
    const sampler = setInterval(() => { peak = Math.max(peak, process.memoryUsage().heapUsed); }, 20);
    const started = performance.now();
    const bulk = new BulkFiles(store, dir);
    await bulk.refresh();
    const ms = performance.now() - started;
    clearInterval(sampler);
    const files = bulk.latest()?.files ?? [];
    const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(1);
    const en = files.find((file) => file.type === 'cards' && file.language === 'en');
    console.log(`run ${run}: ${files.length} files built in ${(ms / 1000).toFixed(1)} s; heap +${mb(peak - baseline)} MB at most; ` +
      `${mb(files.reduce((sum, file) => sum + file.size, 0))} MB (gzip ${mb(files.reduce((sum, file) => sum + file.gzip_size, 0))} MB); ` +
      `en cards ${mb(en?.size ?? 0)} MB, ${en?.records ?? 0} records`);
    await bulk.close();
    rmSync(dir, { recursive: true, force: true });
  }
} finally {
  await store.close();
}
