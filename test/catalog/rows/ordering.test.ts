import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { naturalKeyOrder, naturalNumberKey, naturalNumberOrder, newestSetFirst } from '../../../src/catalog/rows/ordering.js';
import type { CardSet } from '../../../src/schemas/set.js';

describe('naturalNumberOrder', () => {
  it('orders digit runs as numbers and the rest as text', () => {
    const shuffled = ['SV10', 'H2', '10a', 'TG01', '2', 'H1', '10', 'SV1', '1'];
    assert.deepEqual([...shuffled].sort(naturalNumberOrder), ['1', '2', '10', '10a', 'H1', 'H2', 'SV1', 'SV10', 'TG01']);
  });
  it('puts a missing number last', () => {
    assert.deepEqual(['3', null, '1'].sort(naturalNumberOrder), ['1', '3', null]);
  });
  it('orders numbers cut once (naturalNumberKey) as it orders them', () => {
    const shuffled = ['TG1', '10b', '001', 'SV10', '?', null, 'H01', '1', '12345678901234567890', 'a10', '10a', '-', '01', '1-2', 'SV1', 'TG01', '', '10', 'H1'];
    const expected = ['', '001', '01', '1', '1-2', '10', '10a', '10b', '12345678901234567890', '-', '?', 'H01', 'H1', 'SV1', 'SV10', 'TG01', 'TG1', 'a10', null];
    assert.deepEqual([...shuffled].sort(naturalNumberOrder), expected);
    const keys = shuffled.map((number) => (number === null ? null : naturalNumberKey(number)));
    assert.deepEqual(keys.sort(naturalKeyOrder).map((key) => key?.number ?? null), expected);
  });
});

describe('newestSetFirst', () => {
  const set = (id: string, release_date: string | null) => ({ id, release_date }) as CardSet;
  it('orders by release date descending, undated last, then id', () => {
    const sets = [set('b', '1999-01-09'), set('z', null), set('a', '2023-03-31'), set('c', '1999-01-09'), set('y', null)];
    assert.deepEqual(sets.sort(newestSetFirst).map((s) => s.id), ['a', 'b', 'c', 'y', 'z']);
  });
});
