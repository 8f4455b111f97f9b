import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ClockCache } from '../../src/cache/clockCache.js';

const keys = (lru: ClockCache<string>, candidates: string[]) => candidates.filter((key) => lru.get(key) !== undefined);

describe('ClockCache', () => {
  it('keeps what it holds within its bytes, evicting the oldest entry when none was read since', () => {
    const lru = new ClockCache<string>(30);
    for (const key of ['a', 'b', 'c']) lru.set(key, key.toUpperCase(), 10);
    lru.set('d', 'D', 10);
    assert.equal(lru.charged, 30);
    assert.equal(lru.size, 3);
    assert.deepEqual(keys(lru, ['a', 'b', 'c', 'd']), ['b', 'c', 'd']);
  });

  it('evicts an entry not read lately before one read since it was stored', () => {
    const lru = new ClockCache<string>(30);
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
    const lru = new ClockCache<string>(30);
    for (const key of ['a', 'b', 'c']) lru.set(key, key, 10);
    for (const key of ['a', 'b', 'c']) lru.get(key);
    lru.set('big', 'big', 25);
    assert.deepEqual(keys(lru, ['a', 'b', 'c', 'big']), ['big']);
    assert.equal(lru.charged, 25);
    lru.set('huge', 'huge', 31);
    assert.equal(lru.get('huge'), undefined);
    assert.equal(lru.charged, 25);
  });

  it('replaces a key in place of its old size, and forgets what is deleted or cleared', () => {
    const lru = new ClockCache<string>(30);
    lru.set('a', 'one', 10);
    lru.set('a', 'two', 20);
    assert.deepEqual([lru.get('a'), lru.charged, lru.size], ['two', 20, 1]);
    lru.delete('a');
    assert.deepEqual([lru.get('a'), lru.charged, lru.size], [undefined, 0, 0]);
    lru.set('b', 'b', 5);
    lru.clear();
    assert.deepEqual([lru.get('b'), lru.charged, lru.size], [undefined, 0, 0]);
  });

  it('names the entry the next eviction takes, and evicts that one, as often as it is asked', () => {
    const cache = new ClockCache<string>(30);
    assert.equal(cache.victim(), undefined, 'none while empty');
    for (const key of ['a', 'b', 'c']) cache.set(key, key, 10);
    cache.get('a');
    assert.equal(cache.victim(), 'b', 'a, read since it was stored, has its second chance');
    assert.equal(cache.victim(), 'b', 'asking again moves nothing');
    cache.set('d', 'd', 10);
    assert.deepEqual([cache.get('b'), cache.size, cache.charged], [undefined, 3, 30], 'b went, as named');
    assert.equal(cache.victim(), 'c');
    cache.get('c');
    assert.equal(cache.victim(), 'a', 'c, named, then read, has its second chance');
    cache.delete('a');
    assert.equal(cache.victim(), 'd', 'a deleted victim is not named again');
    cache.set('d', 'D', 10);
    assert.equal(cache.victim(), 'c', 'nor one stored again, which is the newest now');
  });
});
