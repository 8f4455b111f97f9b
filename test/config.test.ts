import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConfigError, DEFAULT_UNKEYED_REQUESTS_PER_MINUTE, readConfig } from '../src/config.js';

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
