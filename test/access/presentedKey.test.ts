import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';
import { TOKEN_PREFIX } from '../../src/access/accessTokens.js';
import { generateKey } from '../../src/access/keyFormat.js';
import { readPresentedKey } from '../../src/access/presentedKey.js';

describe('the key a request presents', () => {
  it('a key is read with its SHA-256 hash and the prefix an operator names it by', () => {
    const key = generateKey();
    assert.deepEqual(readPresentedKey(`bearer  ${key} `), {
      kind: 'key', key, keyHash: createHash('sha256').update(key).digest('hex'), prefix: key.slice(0, 13),
    });
  });

  it('an OAuth access token is read as a token, named by its prefix alone', () => {
    const token = `${TOKEN_PREFIX}${'A'.repeat(60)}`;
    assert.deepEqual(readPresentedKey(`Bearer ${token}`), { kind: 'token', token, prefix: TOKEN_PREFIX });
  });

  it('no header is missing; any other shape is malformed', () => {
    assert.equal(readPresentedKey(undefined).kind, 'missing');
    assert.equal(readPresentedKey('  ').kind, 'missing');
    for (const header of ['Basic abc', 'Bearer tcgk_tooshort', `Bearer ${generateKey()} extra`, generateKey()]) {
      assert.equal(readPresentedKey(header).kind, 'malformed', header);
    }
  });
});
