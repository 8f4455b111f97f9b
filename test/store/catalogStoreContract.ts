import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { CardWithVariants } from '../../src/schemas/card.js';
import type { CardSet } from '../../src/schemas/set.js';
import { SqliteCatalogStore } from '../../src/store/sqlite/sqliteCatalogStore.js';
import { tempDir } from '../support/catalogServer.js';
import { rmSync } from 'node:fs';

const set = (id: string, release_date: string | null, language: CardSet['language'] = 'en'): CardSet => ({
  id, name: id, name_en: null, series: null, release_date, total: null, printed_total: null, language, logo_url: null, symbol_url: null,
});
const card = (setId: string, number: string, name: string): CardWithVariants => ({
  id: `${setId}-${number}`, set_id: setId, number, local_id: number, name, supertype: 'Pokemon', subtypes: null, hp: null,
  types: null, rarity: null, artist: null, regulation_mark: null, image_small: null, image_large: null, updated_at: null,
  variants: [{ variant_key: 'normal', variant_label: 'Normal', is_default: true, image_small: null, image_large: null }],
});
const docs = (items: string[]) => items.map((t) => JSON.parse(t) as { id: string });

describe('the SQLite catalog store', () => {
  let dir: string;
  let store: SqliteCatalogStore;
  before(() => {
    dir = tempDir();
    store = new SqliteCatalogStore(path.join(dir, 'catalog.db'));
  });
  after(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves sets newest first and cards in natural number order', async () => {
    await store.replaceCatalog({
      sets: [set('en-old', '1999-01-09'), set('en-new', '2023-03-31'), set('en-undated', null), set('fr-new', '2023-03-31', 'fr')],
      cards: ['10', '2', 'H1', '1', '10a', 'SV10', 'SV1'].map((n) => card('en-new', n, `Card ${n}`)),
    });
    const sets = await store.listSets({ limit: 10, offset: 0 });
    assert.deepEqual(docs(sets.items).map((s) => s.id), ['en-new', 'fr-new', 'en-old', 'en-undated']);
    assert.equal(sets.total, 4);
    const cards = await store.listCardsInSet('en-new', { limit: 10, offset: 0 });
    assert.deepEqual(docs(cards!.items).map((c) => c.id.slice('en-new-'.length)), ['1', '2', '10', '10a', 'H1', 'SV1', 'SV10']);
  });

  it('pages with an exact has_more', async () => {
    const first = await store.listCardsInSet('en-new', { limit: 3, offset: 0 });
    assert.equal(first!.hasMore, true);
    const last = await store.listCardsInSet('en-new', { limit: 3, offset: 6 });
    assert.equal(last!.hasMore, false);
    assert.equal(last!.items.length, 1);
    const exact = await store.listCardsInSet('en-new', { limit: 7, offset: 0 });
    assert.equal(exact!.hasMore, false);
  });

  it('counts the cards present in a set, 0 for a set without cards', async () => {
    assert.equal(JSON.parse((await store.getSet('en-new'))!).card_count, 7);
    assert.equal(JSON.parse((await store.getSet('en-old'))!).card_count, 0);
    assert.equal(await store.getSet('en-none'), null);
    assert.equal(await store.listCardsInSet('en-none', { limit: 1, offset: 0 }), null);
  });

  it('re-importing upserts in place and removes what the source no longer has', async () => {
    await store.replaceCatalog({
      sets: [set('en-new', '2023-03-31')],
      cards: [{ ...card('en-new', '1', 'Renamed'), artist: 'Someone' }],
    });
    assert.deepEqual(await store.counts(), { sets: 1, cards: 1 });
    const renamed = JSON.parse((await store.getCard('en-new-1'))!);
    assert.equal(renamed.name, 'Renamed');
    assert.equal(renamed.artist, 'Someone');
    assert.equal(await store.getCard('en-new-2'), null);
    const search = await store.searchCards({ key: 'renamed', limit: 5, offset: 0 });
    assert.equal(search.items.length, 1);
    assert.equal((await store.searchCards({ key: 'card', limit: 5, offset: 0 })).items.length, 0);
  });

  it('a failed import leaves the previous catalog intact', async () => {
    const broken = { sets: [set('en-x', null)], cards: [card('en-x', '1', 'X'), card('en-x', '1', 'Duplicate id')] };
    // A card that cannot be serialized fails midway through the write.
    (broken.cards[1] as unknown as { hp: unknown }).hp = 10n;
    await assert.rejects(store.replaceCatalog(broken));
    assert.deepEqual(await store.counts(), { sets: 1, cards: 1 });
    assert.ok(await store.getCard('en-new-1'));
  });

  it('searches by contains-match: exact name first, then prefix, then the rest', async () => {
    await store.replaceCatalog({
      sets: [set('en-a', '2020-01-01'), set('en-b', '2021-01-01'), set('ja-c', '2022-01-01', 'ja')],
      cards: [card('en-a', '1', 'Raichu'), card('en-a', '2', 'Pikachu V'), card('en-b', '1', 'Pikachu'),
        card('en-b', '2', 'Flying Pikachu'), card('en-a', '3', 'Pikachu'), card('ja-c', '1', 'ピカチュウ')],
    });
    const result = await store.searchCards({ key: 'pikachu', limit: 10, offset: 0 });
    assert.deepEqual(docs(result.items).map((c) => c.id), ['en-b-1', 'en-a-3', 'en-a-2', 'en-b-2']);
    const two = await store.searchCards({ key: 'ピカ', limit: 10, offset: 0 });
    assert.deepEqual(docs(two.items).map((c) => c.id), ['ja-c-1']);
    const byLang = await store.searchCards({ key: 'chu', lang: 'ja', limit: 10, offset: 0 });
    assert.deepEqual(docs(byLang.items), []);
    const paged = await store.searchCards({ key: 'pikachu', limit: 2, offset: 2 });
    assert.deepEqual(docs(paged.items).map((c) => c.id), ['en-a-2', 'en-b-2']);
    assert.equal(paged.hasMore, false);
  });
});
