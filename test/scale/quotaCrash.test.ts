import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { AccessStore } from '../../src/access/accessStore.js';
import { hashKey } from '../../src/access/keyFormat.js';
import { monthOf } from '../../src/access/monthlyQuota.js';
import { MAX_BLOCK } from '../../src/access/reservedQuota.js';
import { PostgresAccessStore } from '../../src/store/postgres/postgresAccessStore.js';
import { accessDatabasePath } from '../../src/store/sqlite/openDatabase.js';
import { SqliteAccessStore } from '../../src/store/sqlite/sqliteAccessStore.js';
import { tempDir } from '../support/catalogServer.js';
import { LogCapture, startChildServer, type ChildServer } from '../support/childProcess.js';
import { rateLimitOf } from '../support/http.js';
import { createTestDatabase, type TestDatabase } from '../support/postgres.js';
import { onStore, STORE_KINDS } from '../support/stores.js';

async function answeredUsed(server: ChildServer, key: string, count: number): Promise<number[]> {
  const used: number[] = [];
  for (let i = 0; i < count; i++) {
    const response = await fetch(`${server.baseUrl}/v1/sets?limit=1`, { headers: { authorization: `Bearer ${key}` } });
    await response.arrayBuffer();
    assert.equal(response.status, 200);
    used.push(rateLimitOf(response).used);
  }
  return used;
}

for (const store of STORE_KINDS) {
  describe(`quota blocks across a crash (${store})`, await onStore(store), () => {
    it(`kill -9 leaves at most one block (${MAX_BLOCK}) of a free key counted and unanswered; SIGTERM gives it back`, async () => {
      const dir = tempDir('tcg-quota-crash-');
      const database: TestDatabase | undefined = store === 'postgres' ? await createTestDatabase('quota_crash_test') : undefined;
      const databaseUrl = database?.url ?? `file:${path.join(dir, 'catalog.db')}`;
      const logs = new LogCapture();
      let raw: AccessStore | undefined;
      try {
        const first = await startChildServer({ DATABASE_URL: databaseUrl }, logs);
        const created = await fetch(`${first.baseUrl}/v1/keys`, {
          method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'crash@example.test' }),
        });
        assert.equal(created.status, 201);
        const { key } = await created.json() as { key: string };
        assert.deepEqual(await answeredUsed(first, key, 7), [1, 2, 3, 4, 5, 6, 7]);

        first.child.kill('SIGKILL');
        await first.exited;
        raw = database ? await PostgresAccessStore.open({ databaseUrl, poolSize: 1 })
          : new SqliteAccessStore(accessDatabasePath(path.join(dir, 'catalog.db')));
        const { id } = (await raw.findKeyByHash(hashKey(key)))!;
        const month = monthOf(new Date());
        const afterCrash = await raw.usage(id, month);
        assert.ok(afterCrash >= 7 && afterCrash <= 7 + MAX_BLOCK, `counted after the crash: ${afterCrash}`);

        // The next instance numbers its requests after what the lost block held.
        const second = await startChildServer({ DATABASE_URL: databaseUrl }, logs);
        assert.deepEqual(await answeredUsed(second, key, 3), [afterCrash + 1, afterCrash + 2, afterCrash + 3]);
        second.child.kill('SIGTERM');
        await second.exited;
        assert.equal(await raw.usage(id, month), afterCrash + 3, 'a clean stop leaves exactly what was answered');
      } finally {
        await raw?.close();
        await database?.drop();
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
}
