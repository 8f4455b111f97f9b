import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { bitsetOf, countBits, intersection, setBits } from '../../../src/catalog/answers/bitsets.js';

describe('bitsets over search order', () => {
  let seed = 7;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  /** Positions drawn at `density` below `size`, with the top bit of the first two words always in. */
  const positionsAt = (density: number, size: number) =>
    Array.from({ length: size }, (_, n) => n).filter((n) => random() < density || n === 31 || n === 63);

  it('count their bits and list them after a skip, across word boundaries and the top bit of a word', () => {
    for (const density of [0, 0.01, 0.3, 0.97, 1]) {
      const positions = positionsAt(density, 1280);
      const bits = bitsetOf([...positions].reverse());
      assert.equal(countBits(bits), positions.length, `density ${density}`);
      for (const [skip, take] of [[0, 5], [3, 50], [positions.length - 2, 10], [positions.length, 5], [0, 0], [31, 33]] as const) {
        assert.deepEqual(setBits(bits, skip, take), positions.slice(skip, skip + take), `density ${density}, skip ${skip}, take ${take}`);
      }
    }
  });

  it('intersect sets of any lengths, and nothing is in the intersection of no set', () => {
    const a = positionsAt(0.5, 3000);
    const b = positionsAt(0.5, 700);
    const c = positionsAt(0.9, 2000);
    const both = a.filter((n) => b.includes(n) && c.includes(n));
    assert.deepEqual(setBits(intersection([bitsetOf(a), bitsetOf(b), bitsetOf(c)]), 0, 5000), both);
    assert.deepEqual(setBits(intersection([bitsetOf(c), bitsetOf([])]), 0, 10), []);
    assert.equal(countBits(intersection([])), 0);
    assert.equal(countBits(bitsetOf([])), 0);
  });
});
