import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ByteBoundedLru } from '../../src/cache/byteBoundedLru.js';

const keys = (lru: ByteBoundedLru<string>, candidates: string[]) => candidates.filter((key) => lru.get(key) !== undefined);

describe('ByteBoundedLru', () => {
  it('keeps what it holds within its bytes, evicting the oldest entry when none was read since', () => {
    const lru = new ByteBoundedLru<string>(30);
    for (const key of ['a', 'b', 'c']) lru.set(key, key.toUpperCase(), 10);
    lru.set('d', 'D', 10);
    assert.equal(lru.bytes, 30);
    assert.equal(lru.size, 3);
    assert.deepEqual(keys(lru, ['a', 'b', 'c', 'd']), ['b', 'c', 'd']);
  });

  it('evicts an entry not read lately before one read since it was stored', () => {
    const lru = new ByteBoundedLru<string>(30);
    for (const key of ['a', 'b', 'c']) lru.set(key, key, 10);
    assert.equal(lru.get('a'), 'a');
    lru.set('d', 'd', 10);
    // 'a' is the oldest, but was read: 'b' goes instead.
    assert.equal(lru.get('b'), undefined);
    assert.equal(lru.get('a'), 'a');
    lru.set('e', 'e', 10);
    // 'a' was read again; 'c' and 'd' were not read since they were stored or moved.
    assert.equal(lru.get('c'), undefined);
    assert.deepEqual(keys(lru, ['a', 'd', 'e']), ['a', 'd', 'e']);
  });

  it('evicts even when every entry was read, and never stores one larger than its bound', () => {
    const lru = new ByteBoundedLru<string>(30);
    for (const key of ['a', 'b', 'c']) lru.set(key, key, 10);
    for (const key of ['a', 'b', 'c']) lru.get(key);
    lru.set('big', 'big', 25);
    assert.deepEqual(keys(lru, ['a', 'b', 'c', 'big']), ['big']);
    assert.equal(lru.bytes, 25);
    lru.set('huge', 'huge', 31);
    assert.equal(lru.get('huge'), undefined);
    assert.equal(lru.bytes, 25);
  });

  it('replaces a key in place of its old size, and forgets what is deleted or cleared', () => {
    const lru = new ByteBoundedLru<string>(30);
    lru.set('a', 'one', 10);
    lru.set('a', 'two', 20);
    assert.deepEqual([lru.get('a'), lru.bytes, lru.size], ['two', 20, 1]);
    lru.delete('a');
    assert.deepEqual([lru.get('a'), lru.bytes, lru.size], [undefined, 0, 0]);
    lru.set('b', 'b', 5);
    lru.clear();
    assert.deepEqual([lru.get('b'), lru.bytes, lru.size], [undefined, 0, 0]);
  });
});
