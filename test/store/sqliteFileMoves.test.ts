import assert from 'node:assert/strict';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { hashKey } from '../../src/access/keyFormat.js';
import { ClassifiedAccessStore } from '../../src/store/classifiedAccessStore.js';
import { classifyFailures } from '../../src/store/classifyFailures.js';
import { backupSqliteFile } from '../../src/store/sqlite/backupFile.js';
import { SqliteAccessStore } from '../../src/store/sqlite/sqliteAccessStore.js';
import { SqliteCatalogBackend } from '../../src/store/sqlite/sqliteCatalogBackend.js';
import { isSqliteUnavailable } from '../../src/store/sqlite/unavailable.js';
import { RECHECK_MS } from '../../src/store/sqlite/watchedFile.js';
import { StoreUnavailableError } from '../../src/storeUnavailable.js';
import { issueKey } from '../support/keys.js';

const pastRecheck = () => new Promise((resolve) => setTimeout(resolve, RECHECK_MS + 20));
const moveAll = (file: string, to: string) => {
  for (const suffix of ['', '-wal', '-shm']) if (existsSync(file + suffix)) renameSync(file + suffix, to + suffix);
};

describe('an SQLite store whose file leaves its path', () => {
  let dir: string;
  before(() => { dir = mkdtempSync(path.join(os.tmpdir(), 'tcg-file-moves-')); });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('keys: unavailable while nothing is there, creating no file; a file put in its place is opened, under another keys version', async () => {
    const file = path.join(dir, 'catalog.access.db');
    const store = new ClassifiedAccessStore(new SqliteAccessStore(file), isSqliteUnavailable);
    const kept = await issueKey(store);
    await backupSqliteFile(file, path.join(dir, 'backup.db'), () => undefined);
    const later = await issueKey(store);
    const before = await store.keysVersion();

    moveAll(file, path.join(dir, 'lost.db'));
    // A key write checks the path at once; reads within RECHECK_MS.
    await assert.rejects(issueKey(store), StoreUnavailableError);
    await pastRecheck();
    await assert.rejects(store.findKeyByHash(hashKey(kept)), StoreUnavailableError);
    await assert.rejects(store.keysVersion(), StoreUnavailableError);
    assert.equal(await store.ping(), false);
    assert.equal(existsSync(file), false, 'no empty database in place of the lost one');

    copyFileSync(path.join(dir, 'backup.db'), file);
    assert.ok(await store.findKeyByHash(hashKey(kept)), 'the restored file answers');
    assert.equal(await store.findKeyByHash(hashKey(later)), null, 'a key created after the backup is not in it');
    // Another process (the keys CLI) creates a key there: the restored file's version number is now
    // the lost file's, yet a cache of the lost file's key records must not be believed.
    const cli = new SqliteAccessStore(file);
    await issueKey(cli);
    await cli.close();
    assert.notEqual(await store.keysVersion(), before, 'another file: another keys version, whatever number it holds');
    assert.equal(await store.ping(), true);
    await store.close();
  });

  it('catalog: unavailable while its folder is moved away, the same catalog again when it is back', async () => {
    const folder = path.join(dir, 'var');
    mkdirSync(folder);
    const backend = classifyFailures(new SqliteCatalogBackend(path.join(folder, 'catalog.db')), isSqliteUnavailable);
    const version = await backend.catalogVersion();
    renameSync(folder, `${folder}.away`);
    await pastRecheck();
    await assert.rejects(backend.sets({ limit: 1, offset: 0 }), StoreUnavailableError);
    await assert.rejects(backend.catalogVersion(), StoreUnavailableError);
    renameSync(`${folder}.away`, folder);
    assert.deepEqual(await backend.sets({ limit: 1, offset: 0 }), { docs: [], total: 0 });
    assert.equal(await backend.catalogVersion(), version);
    await backend.close();
  });
});
