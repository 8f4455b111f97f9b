import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { matchRank } from '../../../src/catalog/names/matchRank.js';
import { cardNamesOf } from '../../../src/catalog/names/cardNames.js';
import { NameIndex } from '../../../src/catalog/names/nameIndex.js';

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

  it('answers a trigram of more names than its first working memory holds, and smaller searches after it', () => {
    // 6,000 names holding "xyz" (more than the 4,096 a first search takes memory for), newest last.
    const many = Array.from({ length: 6000 }, (_, order) => [`${order % 2 === 0 ? 'xyz' : 'q xyz'}${order}`, order, 'en'] as const);
    const large = NameIndex.build(cardNamesOf('v2', many.length, many));
    const expected = (key: string, limit: number, offset: number) => {
      const all = many.filter(([name]) => name.includes(key))
        .sort((a, b) => matchRank(a[0], key) - matchRank(b[0], key) || a[1] - b[1]).map(([, order]) => order);
      return { orders: all.slice(offset, offset + limit), total: all.length };
    };
    for (const [key, limit, offset] of [['xyz1', 3, 0], ['xyz', 3, 2999], ['xyz', 21, 0], ['xyz59', 2, 0], ['xyz1', 5, 1100]] as const) {
      assert.deepEqual(large.page(key, 'en', limit, offset), expected(key, limit, offset), `${key} ${limit}/${offset}`);
    }
    assert.equal(large.page('xyz', undefined, 1, 0).total, 6000);
  });

  it('keeps the version it was built from', () => {
    assert.equal(index.version, 'v1');
  });
});
