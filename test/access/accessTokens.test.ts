import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ACCESS_TOKEN_SECONDS, AccessTokens } from '../../src/access/accessTokens.js';
import { hashKey, keyFromAuthorization } from '../../src/access/keyFormat.js';

const S = 's'.repeat(32);
const T = 't'.repeat(32);
const KEY_HASH = hashKey('tcgk_' + 'k'.repeat(32));
const keyHashOf = (tokens: AccessTokens, token: string) => tokens.openAccessToken(token)?.keyHash ?? null;

describe('OAuth access tokens: sealed, bound to a key, short-lived', () => {
  test('a token names its key\'s hash to the secret that sealed it, and to no other', () => {
    const tokens = new AccessTokens([S]);
    const { token, expiresIn } = tokens.issueAccessToken(KEY_HASH, 'grant-1', 'client-1');
    assert.equal(expiresIn, ACCESS_TOKEN_SECONDS);
    assert.equal(keyHashOf(tokens, token), KEY_HASH);
    assert.equal(keyHashOf(new AccessTokens([S]), token), KEY_HASH, 'another instance with the same OAUTH_SECRET');
    assert.equal(keyHashOf(new AccessTokens([T]), token), null, 'another secret');
    assert.equal(token.includes(KEY_HASH), false, 'the key\'s hash is not readable in it');
    assert.deepEqual(keyFromAuthorization(`Bearer ${token}`), { key: token }, 'sent as a key is');
  });

  test('a changed, cut or other kind of grant is no token', () => {
    const tokens = new AccessTokens([S]);
    const { token } = tokens.issueAccessToken(KEY_HASH, 'grant-1', 'client-1');
    const flipped = token.slice(0, 30) + (token[30] === 'A' ? 'B' : 'A') + token.slice(31);
    assert.equal(keyHashOf(tokens, flipped), null);
    assert.equal(keyHashOf(tokens, token.slice(0, -2)), null);
    const code = tokens.seal({ kind: 'code', exp: tokens.nowSeconds() + 60, kh: KEY_HASH });
    assert.equal(keyHashOf(tokens, `tcgo_${code}`), null, 'a code is not an access token');
  });

  test('secrets rotate by key id: a new secret seals, the old one still opens until it is removed', () => {
    const old = new AccessTokens([S]);
    const { token } = old.issueAccessToken(KEY_HASH, 'grant-1', 'client-1');
    const rotated = new AccessTokens([T, S]);
    assert.notEqual(rotated.kid, old.kid);
    assert.equal(keyHashOf(rotated, token), KEY_HASH, 'a token of the old secret, while it is kept');
    const fresh = rotated.issueAccessToken(KEY_HASH, 'grant-2', 'client-1').token;
    assert.ok(fresh.startsWith(`tcgo_${rotated.kid}`), 'sealed under the new secret, named by its key id');
    assert.equal(keyHashOf(new AccessTokens([T]), fresh), KEY_HASH);
    assert.equal(keyHashOf(new AccessTokens([T]), token), null, 'the old secret retired: its tokens are refused');
    assert.equal(keyHashOf(old, fresh), null, 'the new secret\'s tokens mean nothing to an instance without it');
  });

  test('a token expires after an hour', () => {
    let now = new Date('2026-11-26T05:00:00Z');
    const tokens = new AccessTokens(['s'.repeat(32)], () => now);
    const { token } = tokens.issueAccessToken(KEY_HASH, 'grant-1', 'client-1');
    now = new Date(now.getTime() + (ACCESS_TOKEN_SECONDS - 1) * 1000);
    assert.equal(keyHashOf(tokens, token), KEY_HASH);
    now = new Date(now.getTime() + 1000);
    assert.equal(keyHashOf(tokens, token), null);
  });
});
