import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConfigError, readConfig } from '../src/config.js';

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
