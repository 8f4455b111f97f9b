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
