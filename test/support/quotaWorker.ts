import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { SqliteAccessStore } from '../../src/store/sqlite/sqliteAccessStore.js';

/**
 * A worker thread with its own connection to an access database, counting requests as fast as
 * it can once the main thread releases it. (Loaded as a plain module it does nothing.)
 */
interface QuotaWork {
  file: string;
  keyId: string;
  month: string;
  limit: number;
  attempts: number;
  start: SharedArrayBuffer;
}

if (!isMainThread && parentPort) {
  const work = workerData as QuotaWork;
  const store = new SqliteAccessStore(work.file);
  parentPort.postMessage('ready');
  Atomics.wait(new Int32Array(work.start), 0, 0);
  let counted = 0;
  for (let i = 0; i < work.attempts; i++) {
    if ((await store.countRequest(work.keyId, work.month, work.limit)) !== null) counted += 1;
  }
  await store.close();
  parentPort.postMessage(counted);
}
