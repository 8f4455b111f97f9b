import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';
import {
  displayPrefix, generateKey, hashKey, isWellFormedKey, KEY_PREFIX, keyFromAuthorization,
} from '../../src/access/keyFormat.js';

describe('key format', () => {
  it('a key is the service prefix and 32 URL-safe characters carrying 192 random bits', () => {
    const key = generateKey();
    assert.match(key, /^tcgk_[A-Za-z0-9_-]{32}$/);
    assert.equal(Buffer.from(key.slice(KEY_PREFIX.length), 'base64url').length, 24);
    assert.ok(isWellFormedKey(key));
  });

  it('keys do not repeat', () => {
    const keys = new Set(Array.from({ length: 2000 }, generateKey));
    assert.equal(keys.size, 2000);
  });

  it('the stored form is the SHA-256 of the key, and the displayed prefix keeps 8 random characters', () => {
    const key = generateKey();
    assert.equal(hashKey(key), createHash('sha256').update(key).digest('hex'));
    assert.equal(displayPrefix(key), key.slice(0, 13));
  });

  it('reads "Bearer <key>" with the scheme name in any case', () => {
    const key = generateKey();
    for (const header of [`Bearer ${key}`, `bearer ${key}`, `BEARER ${key}`, `BeArEr  ${key} `]) {
      assert.deepEqual(keyFromAuthorization(header), { key }, header);
    }
  });

  it('anything else is missing or malformed', () => {
    const key = generateKey();
    assert.equal(keyFromAuthorization(undefined), 'missing');
    assert.equal(keyFromAuthorization(''), 'missing');
    for (const header of [key, `Basic ${key}`, `Bearer`, `Bearer ${key} extra`, `Bearer ${key}x`,
      `Bearer ${key.replace('tcgk_', 'other_')}`, `Bearer ${key.slice(0, -1)}!`, `Token ${key}`]) {
      assert.equal(keyFromAuthorization(header), 'malformed', header);
    }
  });
});
