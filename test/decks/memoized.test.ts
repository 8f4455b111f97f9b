import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { memoized } from '../../src/decks/memoized.js';

describe('memoized', () => {
  it('reads a text once and answers it again from memory, null and undefined readings included', () => {
    const read: string[] = [];
    const lengthOf = memoized((text) => {
      read.push(text);
      return text === '' ? null : text.length;
    }, 1000, 2, 10);
    assert.equal(lengthOf('Ultra Ball'), 10);
    assert.equal(lengthOf('Ultra Ball'), 10);
    assert.equal(lengthOf(''), null);
    assert.equal(lengthOf(''), null);
    assert.deepEqual(read, ['Ultra Ball', '']);
  });

  it('keeps at most what its bytes allow, reading again what it let go', () => {
    const read: string[] = [];
    // Each 4-character text is charged 2 × 4 + 2 = 10: three fit in 30.
    const upper = memoized((text) => {
      read.push(text);
      return text.toUpperCase();
    }, 30, 2, 2);
    for (const text of ['aaaa', 'bbbb', 'cccc', 'dddd']) upper(text);
    assert.equal(upper('aaaa'), 'AAAA');
    assert.deepEqual(read, ['aaaa', 'bbbb', 'cccc', 'dddd', 'aaaa'], 'the oldest was let go and read again');
    upper('x'.repeat(20));
    upper('x'.repeat(20));
    assert.equal(read.filter((text) => text.startsWith('x')).length, 2, 'a text charged more than the bound is never kept');
  });
});
