import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { matchRank } from '../../src/catalog/matchRank.js';
import { cardNamesOf, NameIndex } from '../../src/catalog/nameIndex.js';

describe('the name index', () => {
  let seed = 11;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  // Few letters, so names share many trigrams; some names repeat, over several languages.
  const letters = ['a', 'b', 'c', 'ピ', 'カ', '😀'];
  const names = Array.from({ length: 300 }, () => Array.from({ length: 2 + Math.floor(random() * 8) }, () => pick(letters)).join(''));
  const cards = Array.from({ length: 2000 }, (_, order) => ({ nameKey: pick(names), order, lang: pick(['en', 'fr', 'ja']) }));
  // Any order in: the index sorts each name's cards itself.
  const shuffled = [...cards].sort(() => random() - 0.5);
  const index = NameIndex.build(cardNamesOf('v1', cards.length, shuffled.map((card) => [card.nameKey, card.order, card.lang] as const)));

  /** What the databases' search answers: contains, ranked exact, prefix, the rest, each in search order. */
  const reference = (key: string, lang: string | undefined) => cards
    .filter((card) => card.nameKey.includes(key) && (lang === undefined || card.lang === lang))
    .sort((a, b) => matchRank(a.nameKey, key) - matchRank(b.nameKey, key) || a.order - b.order)
    .map((card) => card.order);

  it('finds, ranks, filters by language, pages and counts as the database search does', () => {
    const keys = ['abc', 'aaa', 'ピカa', 'a😀b', 'zzz', 'cab', ...Array.from({ length: 200 }, () => {
      const name = [...pick(names)];
      const start = Math.floor(random() * Math.max(1, name.length - 2));
      return name.slice(start, start + 3 + Math.floor(random() * 3)).join('');
    }).filter((key) => [...key].length >= 3)];
    for (const key of keys) {
      for (const lang of [undefined, 'fr', 'ko']) {
        const all = reference(key, lang);
        for (const [limit, offset] of [[21, 0], [5, 3], [10, all.length - 2], [10, all.length + 5]] as const) {
          if (offset < 0) continue;
          const page = index.page(key, lang, limit, offset);
          assert.deepEqual(page, { orders: all.slice(offset, offset + limit), total: all.length }, `${key} ${lang} ${limit}/${offset}`);
        }
      }
    }
  });

  it('keeps the version it was built from', () => {
    assert.equal(index.version, 'v1');
  });
});
