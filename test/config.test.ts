import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConfigError, DEFAULT_STORE_OPTIONS, DEFAULT_UNKEYED_REQUESTS_PER_MINUTE, readConfig } from '../src/config.js';
import { DEFAULT_READ_WORKERS } from '../src/store/sqlite/defaults.js';

describe('TRUST_PROXY', () => {
  it('is off by default, and true or false in any case', () => {
    assert.equal(readConfig({}).trustProxy, false);
    assert.equal(readConfig({ TRUST_PROXY: '' }).trustProxy, false);
    assert.equal(readConfig({ TRUST_PROXY: 'FALSE' }).trustProxy, false);
    assert.equal(readConfig({ TRUST_PROXY: 'True' }).trustProxy, true);
  });

  it('names the proxies: addresses, CIDR ranges (IPv4 and IPv6) and proxy-addr\'s names, spaces allowed', () => {
    assert.deepEqual(readConfig({ TRUST_PROXY: '10.0.0.0/8,127.0.0.1' }).trustProxy, ['10.0.0.0/8', '127.0.0.1']);
    assert.deepEqual(readConfig({ TRUST_PROXY: ' 192.168.1.5 , fd00::/8, ::1, loopback ' }).trustProxy,
      ['192.168.1.5', 'fd00::/8', '::1', 'loopback']);
  });

  it('refuses anything else with a message that shows the forms and names the bad entry', () => {
    for (const [value, named] of [['yes', '"yes"'], ['10.0.0.0/33', '"10.0.0.0/33"'], ['10.0.0.1,,10.0.0.2', 'empty entry'],
      ['proxy.internal', '"proxy.internal"'], ['10.0.0.256', '"10.0.0.256"'], ['0x7f.1', '"0x7f.1"'],
      ['1', 'number of hops'], ['10.0.0.0/0', '"10.0.0.0/0"']] as const) {
      assert.throws(() => readConfig({ TRUST_PROXY: value }), (error: unknown) => {
        assert.ok(error instanceof ConfigError, value);
        assert.match(error.message, /^TRUST_PROXY must be false, true, or a comma-separated list of the proxies' addresses and CIDR ranges \(e\.g\. 10\.0\.0\.0\/8,127\.0\.0\.1/);
        assert.ok(error.message.includes(named), `${value}: ${error.message}`);
        return true;
      });
    }
  });
});

describe('UNKEYED_REQUESTS_PER_MINUTE', () => {
  it('defaults to a limit, and takes a whole number, 0 meaning none', () => {
    assert.equal(readConfig({}).unkeyedRequestsPerMinute, DEFAULT_UNKEYED_REQUESTS_PER_MINUTE);
    assert.ok(DEFAULT_UNKEYED_REQUESTS_PER_MINUTE > 0);
    assert.equal(readConfig({ UNKEYED_REQUESTS_PER_MINUTE: '0' }).unkeyedRequestsPerMinute, 0);
    assert.equal(readConfig({ UNKEYED_REQUESTS_PER_MINUTE: ' 1200 ' }).unkeyedRequestsPerMinute, 1200);
  });

  it('refuses what is not a whole number from 0 to 1,000,000', () => {
    for (const value of ['-1', '1.5', 'many', '1e3', '1000001']) {
      assert.throws(() => readConfig({ UNKEYED_REQUESTS_PER_MINUTE: value }), /UNKEYED_REQUESTS_PER_MINUTE must be an integer from 0/, value);
    }
  });
});

describe('the configuration read from the environment', () => {
  it('serves no metrics unless METRICS_PORT is set; then on 127.0.0.1 unless METRICS_HOST says otherwise', () => {
    assert.equal(readConfig({}).metrics, null);
    assert.equal(readConfig({ METRICS_PORT: '' }).metrics, null);
    assert.equal(readConfig({ METRICS_HOST: '0.0.0.0' }).metrics, null);
    assert.deepEqual(readConfig({ METRICS_PORT: '9464' }).metrics, { port: 9464, host: '127.0.0.1' });
    assert.deepEqual(readConfig({ METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5' }).metrics, { port: 9464, host: '10.0.0.5' });
    assert.deepEqual(readConfig({ METRICS_PORT: '0', PORT: '0' }).metrics, { port: 0, host: '127.0.0.1' }, 'any free port, as tests use');
  });

  it('refuses a METRICS_PORT that is not a port, or the public port, with a sentence that says so', () => {
    const refused = (env: NodeJS.ProcessEnv, message: RegExp) =>
      assert.throws(() => readConfig(env), (error: unknown) => error instanceof ConfigError && message.test(error.message));
    refused({ METRICS_PORT: 'abc' }, /^METRICS_PORT must be an integer from 0 to 65535, got "abc"$/);
    refused({ METRICS_PORT: '65536' }, /^METRICS_PORT must be an integer from 0 to 65535/);
    refused({ METRICS_PORT: '-1' }, /^METRICS_PORT must be an integer/);
    refused({ METRICS_PORT: '94.5' }, /^METRICS_PORT must be an integer/);
    refused({ METRICS_PORT: '3000' }, /^METRICS_PORT must differ from PORT \(3000\): metrics are never served on the public port$/);
    refused({ METRICS_PORT: '8080', PORT: '8080' }, /must differ from PORT/);
    refused({ METRICS_PORT: '9464', METRICS_HOST: 'http://host/' }, /^METRICS_HOST must be a host name or an IP address/);
    refused({ PORT: 'x' }, /^PORT must be an integer from 0 to 65535, got "x"$/);
  });

  it('takes a LOG_LEVEL pino knows, info by default', () => {
    assert.equal(readConfig({}).logLevel, 'info');
    assert.equal(readConfig({ LOG_LEVEL: 'warn' }).logLevel, 'warn');
    assert.throws(() => readConfig({ LOG_LEVEL: 'verbose' }),
      /LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "verbose"/);
  });
});

describe('the stores\' settings', () => {
  const refused = (env: NodeJS.ProcessEnv, message: string) =>
    assert.throws(() => readConfig(env), (error: unknown) => error instanceof ConfigError && error.message === message, message);

  it('are the service\'s defaults when the environment gives none', () => {
    assert.deepEqual(readConfig({}).store, {
      catalogCacheBytes: 16 * 2 ** 20, sqliteReadWorkers: DEFAULT_READ_WORKERS, poolSize: 10, readUrl: undefined,
      connectTimeoutMs: 5000, statementTimeoutMs: 5000,
    });
    assert.deepEqual(DEFAULT_STORE_OPTIONS, readConfig({}).store);
    const empty = { CATALOG_CACHE_MB: '', SQLITE_READ_WORKERS: '', DATABASE_POOL_SIZE: '', DATABASE_READ_URL: '',
      DATABASE_CONNECT_TIMEOUT_MS: '', DATABASE_STATEMENT_TIMEOUT_MS: '' };
    assert.deepEqual(readConfig(empty).store, DEFAULT_STORE_OPTIONS, 'an empty variable is an unset one');
  });

  it('take what the environment gives', () => {
    assert.deepEqual(readConfig({
      CATALOG_CACHE_MB: '256', SQLITE_READ_WORKERS: '0', DATABASE_POOL_SIZE: '3', DATABASE_READ_URL: 'postgresql://replica/catalog',
      DATABASE_CONNECT_TIMEOUT_MS: '300', DATABASE_STATEMENT_TIMEOUT_MS: ' 600000 ',
    }).store, {
      catalogCacheBytes: 256 * 2 ** 20, sqliteReadWorkers: 0, poolSize: 3, readUrl: 'postgresql://replica/catalog',
      connectTimeoutMs: 300, statementTimeoutMs: 600_000,
    });
  });

  it('CATALOG_CACHE_MB takes fractions and 0 (no cache); anything else is refused with the one sentence that says so', () => {
    assert.equal(readConfig({ CATALOG_CACHE_MB: '0.5' }).store.catalogCacheBytes, 2 ** 19);
    assert.equal(readConfig({ CATALOG_CACHE_MB: '0' }).store.catalogCacheBytes, 0);
    for (const value of ['-1', 'abc', '1e3', '64MB', '100000', 'NaN']) {
      refused({ CATALOG_CACHE_MB: value }, `CATALOG_CACHE_MB must be a number of megabytes from 0 (no cache) to 65536, got "${value}"`);
    }
  });

  it('SQLITE_READ_WORKERS is a whole number from 0 to 64', () => {
    for (const value of ['-1', '1.5', 'two', '65']) {
      refused({ SQLITE_READ_WORKERS: value }, `SQLITE_READ_WORKERS must be an integer from 0 (reads on the main thread) to 64, got "${value}"`);
    }
  });

  it('DATABASE_POOL_SIZE is a whole number from 1 to 1000', () => {
    for (const value of ['0', '-1', 'ten', '2.5', '1001']) {
      refused({ DATABASE_POOL_SIZE: value }, `DATABASE_POOL_SIZE must be an integer from 1 to 1000, got "${value}"`);
    }
  });

  it('DATABASE_READ_URL is a postgres:// URL', () => {
    refused({ DATABASE_READ_URL: 'file:./x.db' }, 'DATABASE_READ_URL must start with postgres:// (a replica of DATABASE_URL)');
  });

  it('the PostgreSQL timeouts are milliseconds from 1 to 600000', () => {
    for (const name of ['DATABASE_STATEMENT_TIMEOUT_MS', 'DATABASE_CONNECT_TIMEOUT_MS']) {
      for (const value of ['0', '-5', 'abc', '1.5', '5s', '600001']) {
        refused({ [name]: value }, `${name} must be a number of milliseconds from 1 to 600000, got "${value}"`);
      }
    }
  });

  it('are checked whichever database DATABASE_URL names, so a typo stops the start before it is needed', () => {
    refused({ DATABASE_URL: 'file:./var/catalog.db', DATABASE_POOL_SIZE: 'ten' }, 'DATABASE_POOL_SIZE must be an integer from 1 to 1000, got "ten"');
    refused({ DATABASE_URL: 'postgres://127.0.0.1/catalog', SQLITE_READ_WORKERS: 'two' },
      'SQLITE_READ_WORKERS must be an integer from 0 (reads on the main thread) to 64, got "two"');
  });
});

describe('OAUTH_SECRET', () => {
  it('is none by default (the store keeps one); one or several secrets, the first sealing, each at least 32 characters', () => {
    assert.deepEqual(readConfig({}).oauthSecrets, []);
    assert.deepEqual(readConfig({ OAUTH_SECRET: 'n'.repeat(32) }).oauthSecrets, ['n'.repeat(32)]);
    assert.deepEqual(readConfig({ OAUTH_SECRET: ` ${'n'.repeat(32)} ${'o'.repeat(40)},` }).oauthSecrets, ['n'.repeat(32), 'o'.repeat(40)]);
    assert.throws(() => readConfig({ OAUTH_SECRET: `${'n'.repeat(32)} short` }), /each secret of OAUTH_SECRET must be at least 32 characters/);
  });
});

describe('OAUTH_CLIENT_METADATA_PRIVATE_ADDRESSES', () => {
  it('is false by default, true or false in any case, and nothing else', () => {
    assert.equal(readConfig({}).oauthClientMetadataPrivateAddresses, false);
    assert.equal(readConfig({ OAUTH_CLIENT_METADATA_PRIVATE_ADDRESSES: 'TRUE' }).oauthClientMetadataPrivateAddresses, true);
    assert.throws(() => readConfig({ OAUTH_CLIENT_METADATA_PRIVATE_ADDRESSES: 'yes' }), /must be true or false/);
  });
});
