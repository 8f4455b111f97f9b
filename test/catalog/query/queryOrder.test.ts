import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DocumentIndex } from '../../../src/catalog/query/documentIndex.js';
import type { FieldCatalog } from '../../../src/catalog/query/fieldCatalog.js';
import { parseOrderBy } from '../../../src/catalog/query/orderBy.js';
import { QuerySyntaxError } from '../../../src/catalog/query/queryNode.js';
import { parseQuery } from '../../../src/catalog/query/queryParser.js';
import { QUERY_CARDS, QUERY_FIELDS } from './queryCards.js';

const index = new DocumentIndex(QUERY_CARDS, QUERY_FIELDS, 'id');

function ids(q: string, orderBy: string, offset = 0, limit = 100): string[] {
  const query = q === '' ? undefined : parseQuery(q, QUERY_FIELDS);
  return index.search({ query, orderBy: parseOrderBy(orderBy, QUERY_FIELDS), offset, limit }).ordinals.map((ordinal) => QUERY_CARDS[ordinal]!.id);
}

describe('parseOrderBy', () => {
  it('reads a comma list, - for descending, spaces and empty items aside', () => {
    assert.deepEqual(parseOrderBy('name,-set.releaseDate', QUERY_FIELDS), [
      { field: 'name', descending: false },
      { field: 'set.releaseDate', descending: true },
    ]);
    assert.deepEqual(parseOrderBy(' -hp , ,number,', QUERY_FIELDS), [{ field: 'hp', descending: true }, { field: 'number', descending: false }]);
    assert.deepEqual(parseOrderBy('', QUERY_FIELDS), []);
  });

  it('names the position of an unknown field, with the nearest sortable one', () => {
    assert.throws(() => parseOrderBy('name,-set.releaseDat', QUERY_FIELDS), (error: unknown) =>
      error instanceof QuerySyntaxError && error.position === 6 && error.message === 'unknown field "set.releaseDat" at 7; did you mean "set.releaseDate"?');
  });

  it('refuses a field that cannot order results', () => {
    assert.throws(() => parseOrderBy('name, types', QUERY_FIELDS), (error: unknown) =>
      error instanceof QuerySyntaxError && error.position === 6 && error.message === 'results cannot be ordered by "types" at 7');
  });
});

describe('ordering', () => {
  it('orders texts by their folded words', () => {
    assert.deepEqual(ids('', 'name'), [
      'base1-4', 'sv3pt5-6', 'base1-46', 'base5-4', 'xy7-54', 'xy1-2', 'swsh12tg-TG10', 'swsh12tg-TG2', 'base1-15', 'swsh1-1', 'base1-92', 'swsh12tg-TG01',
    ]);
  });

  it('orders numbers held as strings numerically, missing values last in either direction', () => {
    assert.deepEqual(ids('', '-hp'), [
      'sv3pt5-6', 'swsh12tg-TG2', 'swsh1-1', 'xy1-2', 'base1-4', 'base1-15', 'base5-4', 'swsh12tg-TG10', 'swsh12tg-TG01', 'base1-46', 'base1-92', 'xy7-54',
    ]);
    assert.deepEqual(ids('', 'hp').slice(-3), ['sv3pt5-6', 'base1-92', 'xy7-54']);
  });

  it('orders card numbers naturally', () => {
    assert.deepEqual(ids('set.id:swsh12tg', 'number'), ['swsh12tg-TG01', 'swsh12tg-TG2', 'swsh12tg-TG10']);
    assert.deepEqual(ids('set.id:base1', '-number'), ['base1-92', 'base1-46', 'base1-15', 'base1-4']);
  });

  it('orders by a nested date, newest first, the id breaking ties in natural order', () => {
    assert.deepEqual(ids('', '-set.releaseDate'), [
      'sv3pt5-6', 'swsh12tg-TG01', 'swsh12tg-TG2', 'swsh12tg-TG10', 'swsh1-1', 'xy7-54', 'xy1-2', 'base5-4', 'base1-4', 'base1-15', 'base1-46', 'base1-92',
    ]);
  });

  it('orders by several keys, each its own direction', () => {
    assert.deepEqual(ids('supertype:pokemon', 'set.name,-hp'), [
      'sv3pt5-6', 'base1-4', 'base1-15', 'base1-46', 'swsh12tg-TG2', 'swsh12tg-TG10', 'swsh12tg-TG01', 'swsh1-1', 'base5-4', 'xy1-2',
    ]);
  });

  it('keeps catalog order without orderBy', () => {
    assert.deepEqual(ids('types:fire', ''), ['base1-4', 'sv3pt5-6', 'base5-4', 'base1-46']);
  });
});

describe('paging', () => {
  const requests: Array<[string, string]> = [['', ''], ['', 'name'], ['supertype:pokemon', '-hp'], ['hp:*', 'set.releaseDate,-number'], ['-types:fire', '-set.releaseDate']];
  for (const [q, orderBy] of requests) {
    it(`pages of ${q || 'every card'} by ${orderBy || 'catalog order'} neither repeat nor skip a card`, () => {
      const whole = ids(q, orderBy);
      const query = q === '' ? undefined : parseQuery(q, QUERY_FIELDS);
      for (const size of [1, 2, 3, 5]) {
        const pages: string[] = [];
        for (let offset = 0; ; offset += size) {
          const { ordinals, total } = index.search({ query, orderBy: parseOrderBy(orderBy, QUERY_FIELDS), offset, limit: size });
          assert.equal(total, whole.length);
          if (ordinals.length === 0) break;
          pages.push(...ordinals.map((ordinal) => QUERY_CARDS[ordinal]!.id));
        }
        assert.deepEqual(pages, whole, `pages of ${size}`);
      }
      assert.equal(new Set(whole).size, whole.length);
    });
  }

  it('answers a page past the end with no card and the true total', () => {
    const result = index.search({ query: parseQuery('types:fire', QUERY_FIELDS), orderBy: parseOrderBy('name', QUERY_FIELDS), offset: 40, limit: 10 });
    assert.deepEqual(result, { ordinals: [], total: 4 });
    assert.deepEqual(index.search({ offset: 40, limit: 10 }), { ordinals: [], total: QUERY_CARDS.length });
  });

  it('pages a hundred cards, past the 32 of a bitset word, as a plain filter and sort would', () => {
    const cards = Array.from({ length: 100 }, (_, i) => ({
      id: `g-${i}`, name: i % 3 ? 'Pikachu' : 'Raichu', number: String(i), ...(i % 7 ? { hp: String(10 * (i % 13)) } : {}),
    }));
    const fields: FieldCatalog = { id: { kind: 'keyword', sortable: true }, name: { kind: 'text', sortable: true }, hp: { kind: 'number', sortable: true }, number: { kind: 'keyword', sortable: true } };
    const cardIndex = new DocumentIndex(cards, fields, 'id');
    type Card = (typeof cards)[number];
    const hp = (card: Card) => (card.hp === undefined ? null : Number(card.hp));
    const filters: Record<string, (card: Card) => boolean> = {
      '': () => true,
      'name:pikachu': (card) => card.name === 'Pikachu',
      '-name:pikachu': (card) => card.name !== 'Pikachu',
      '-hp:*': (card) => hp(card) === null,
      'hp:[20 TO 80}': (card) => hp(card) !== null && hp(card)! >= 20 && hp(card)! < 80,
    };
    const byId = (a: Card, b: Card) => Number(a.id.slice(2)) - Number(b.id.slice(2));
    const lastIfMissing = (a: number | null, b: number | null, descending: boolean) =>
      a === b ? 0 : a === null ? 1 : b === null ? -1 : descending ? b - a : a - b;
    const orders: Record<string, (a: Card, b: Card) => number> = {
      '': () => 0,
      '-hp': (a, b) => lastIfMissing(hp(a), hp(b), true) || byId(a, b),
      'name,-number': (a, b) => a.name.localeCompare(b.name) || Number(b.number) - Number(a.number),
      hp: (a, b) => lastIfMissing(hp(a), hp(b), false) || byId(a, b),
    };
    for (const [q, filter] of Object.entries(filters)) {
      for (const [orderBy, compare] of Object.entries(orders)) {
        const expected = cards.filter(filter).sort(compare).map((card) => card.id);
        const query = q === '' ? undefined : parseQuery(q, fields);
        const pages: string[] = [];
        for (let offset = 0; offset < 110; offset += 7) {
          const { ordinals, total } = cardIndex.search({ query, orderBy: parseOrderBy(orderBy, fields), offset, limit: 7 });
          assert.equal(total, expected.length, `${q} by ${orderBy}`);
          pages.push(...ordinals.map((ordinal) => cards[ordinal]!.id));
        }
        assert.deepEqual(pages, expected, `${q} by ${orderBy}`);
      }
    }
  });
});
