import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';
import { contentHash } from '../../../src/catalog/rows/contentHash.js';

describe('contentHash', () => {
  it('is the SHA-256 of the text as UTF-8, base64url: the hashes stored by earlier imports still compare equal', () => {
    for (const text of ['', '{"id":"en-base1-4","name":"Charizard"}', 'Pokémon ポケモン 寶可夢 ×2 \u{1f525}']) {
      assert.equal(contentHash(text), createHash('sha256').update(text).digest('base64url'), text);
    }
  });
});
