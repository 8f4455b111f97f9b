import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { classifyFailures } from '../../src/store/classifyFailures.js';
import { isPostgresUnavailable } from '../../src/store/postgres/unavailable.js';
import { isSqliteUnavailable } from '../../src/store/sqlite/unavailable.js';
import { StoreUnavailableError } from '../../src/storeUnavailable.js';

const busy = () => new Database.SqliteError('database is locked', 'SQLITE_BUSY');
const constraint = () => new Database.SqliteError('UNIQUE constraint failed', 'SQLITE_CONSTRAINT_UNIQUE');

/** A stand-in store whose methods fail the ways a driver does: rejected, thrown, mid-iteration. */
class FailingStore {
  calls = 0;
  constructor(private readonly failure: () => Error) {}
  async read(): Promise<string> {
    this.calls += 1;
    throw this.failure();
  }
  readNow(): string {
    throw this.failure();
  }
  async *rows(): AsyncIterable<number> {
    yield 1;
    throw this.failure();
  }
  async fine(): Promise<string> {
    return `fine after ${this.calls}`;
  }
}

describe('a store with its failures classified', () => {
  it('turns its driver\'s outage errors into StoreUnavailableError, whether rejected, thrown or mid-iteration', async () => {
    const store = classifyFailures(new FailingStore(busy), isSqliteUnavailable);
    await assert.rejects(store.read(), (error) => error instanceof StoreUnavailableError && (error.cause as Error).message === 'database is locked');
    assert.throws(() => store.readNow(), StoreUnavailableError);
    const seen: number[] = [];
    await assert.rejects((async () => { for await (const row of store.rows()) seen.push(row); })(), StoreUnavailableError);
    assert.deepEqual(seen, [1]);
    assert.equal(await store.fine(), 'fine after 1');
  });

  it('lets every other failure through as it is', async () => {
    const store = classifyFailures(new FailingStore(constraint), isSqliteUnavailable);
    await assert.rejects(store.read(), (error) => !(error instanceof StoreUnavailableError) && (error as { code: string }).code === 'SQLITE_CONSTRAINT_UNIQUE');
  });

  it('classifies PostgreSQL by SQLSTATE class and network code, not by a bug\'s message', () => {
    const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });
    // 57014: a statement canceled at its statement timeout.
    for (const code of ['08006', '08001', '57P01', '57P03', '53300', '57014', 'ECONNREFUSED', 'ECONNRESET']) {
      assert.equal(isPostgresUnavailable(withCode(code)), true, code);
    }
    for (const code of ['23505', '42P01', '22P02', 'XX000']) assert.equal(isPostgresUnavailable(withCode(code)), false, code);
    assert.equal(isPostgresUnavailable(new Error('Connection terminated unexpectedly')), true);
    assert.equal(isPostgresUnavailable(new AggregateError([withCode('ECONNREFUSED')], 'connect failed')), true);
    assert.equal(isPostgresUnavailable(new TypeError('cannot read properties of undefined')), false);
    assert.equal(isSqliteUnavailable(new Database.SqliteError('disk I/O error', 'SQLITE_IOERR_WRITE')), true);
  });
});
