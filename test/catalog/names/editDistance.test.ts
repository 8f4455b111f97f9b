import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { boundedEditDistance, editsForgiven } from '../../../src/catalog/names/editDistance.js';
import { seededRandom } from '../../support/seededRandom.js';

const codePoints = (text: string) => Array.from(text, (char) => char.codePointAt(0)!);

/** The textbook optimal string alignment distance, every cell computed: what the bounded one must agree with. */
function fullDistance(a: number[], b: number[]): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

describe('boundedEditDistance', () => {
  it('counts an added, dropped or changed letter and a swapped pair as one edit each, on code points', () => {
    const distance = (a: string, b: string, bound = 3) => boundedEditDistance(codePoints(a), codePoints(b), bound);
    assert.equal(distance('charzard', 'charizard'), 1);
    assert.equal(distance('glurack', 'glurak'), 1);
    assert.equal(distance('pikahcu', 'pikachu'), 1);
    assert.equal(distance('bossorders', 'bosssorders'), 1);
    assert.equal(distance('ピカチュウ', 'ピカチュー'), 1);
    assert.equal(distance('𝒜bc', 'abc'), 1, 'a letter outside the BMP is one code point');
    assert.equal(distance('charizard', 'charizard'), 0);
    assert.equal(distance('chariz', 'charizardex', 2), 3, 'past the bound: bound + 1');
  });

  it('agrees with the full computation within the bound, and says bound + 1 beyond it (seed 24)', () => {
    const random = seededRandom(24);
    const word = () => Array.from({ length: Math.floor(random() * 9) }, () => 'abcd'.charCodeAt(Math.floor(random() * 4)));
    for (let run = 0; run < 3000; run++) {
      const [a, b, bound] = [word(), word(), Math.floor(random() * 4)];
      const full = fullDistance(a, b);
      assert.equal(boundedEditDistance(a, b, bound), Math.min(full, bound + 1), `${String.fromCharCode(...a)} ${String.fromCharCode(...b)} ${bound}`);
    }
  });

  it('forgives edits by the folded length: none up to 3, 1 up to 5, 2 up to 10, 3 beyond', () => {
    assert.deepEqual([2, 3, 4, 5, 6, 10, 11, 40].map(editsForgiven), [0, 0, 1, 1, 2, 2, 3, 3]);
  });
});
