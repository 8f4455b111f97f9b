import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { CardRecord } from '../../src/schemas/card.js';
import type { CardSet } from '../../src/schemas/set.js';
import type { CatalogBackend } from '../../src/catalog/catalogBackend.js';
import { catalogRows, ROWS_VERSION } from '../../src/catalog/rows/catalogRows.js';
import type { CatalogStore } from '../../src/catalog/catalogStore.js';
import type { JoinedJson } from '../../src/catalog/catalogShapes.js';
import { countOf, parsedItems, singleCard, singleSet } from '../../src/catalog/rows/servedJson.js';
import { contentHash } from '../../src/catalog/rows/contentHash.js';
import { searchKey } from '../../src/catalog/names/searchKey.js';
import { facetsOf, languageFacet } from '../../src/catalog/rows/cardFacets.js';

export interface StoreUnderTest {
  store: CatalogStore;
  /** The backend under the store, to store rows as an older version built them. */
  backend: CatalogBackend;
  /** Closes the store and removes its database. */
  cleanup(): Promise<void>;
}

const set = (id: string, release_date: string | null, language: CardSet['language'] = 'en'): CardSet => ({
  id, name: id, name_en: null, series: null, release_date, total: null, printed_total: null, language, logo_url: null, symbol_url: null,
  abbreviation: null,
});
const card = (setId: string, number: string, name: string): CardRecord => ({
  id: `${setId}-${number}`, set_id: setId, number, local_id: number, name, supertype: 'Pokemon', subtypes: null, hp: null,
  types: null, rarity: null, artist: null, regulation_mark: null, image_small: null, image_large: null, updated_at: null,
  evolves_from: null, pokedex_numbers: null, flavor_text: null, abilities: null, attacks: null, weaknesses: null,
  resistances: null, retreat_cost: null, rules_text: null, legalities: null,
  variants: [{ variant_key: 'normal', variant_label: 'Normal', is_default: true, image_small: null, image_large: null }],
});
/** A card as served: its record with its set's name and printed abbreviation. */
/** A card as served: English ones name their pokemontcg.io id (these test ids need no rule of theirs: `en-a-1` is `a-1`). */
const served = (record: CardRecord, setName: string, setCode: string | null = null) => ({
  ...record, ...(record.id.startsWith('en-') ? { pokemontcg_io_id: record.id.slice(3) } : {}), set_name: setName, set_code: setCode,
});
const docs = (items: readonly string[] | JoinedJson<unknown>) => parsedItems(items) as Array<{ id: string }>;
/** A page's documents as the bytes of a JSON array's inside, whichever way the store gave them. */
const joinedBytes = (items: readonly string[] | JoinedJson<unknown>) =>
  (Array.isArray(items) ? Buffer.from(items.join(',')) : (items as JoinedJson<unknown>).bytes);

/**
 * What every CatalogStore implementation promises, run against each of them
 * (catalogStore.<store>.test.ts). The tests share one store and run in order.
 */
export function catalogStoreContract(
  name: string, makeStore: () => Promise<StoreUnderTest>, options: { skip?: string | false } = {},
): void {
  describe(`the ${name} catalog store`, { skip: options.skip ?? false }, () => {
    let underTest: StoreUnderTest;
    let store: CatalogStore;
    let backend: CatalogBackend;
    let importStarted = 0;
    before(async () => {
      underTest = await makeStore();
      ({ store, backend } = underTest);
    });
    after(async () => {
      await underTest?.cleanup();
    });

    it('summarizes an empty catalog: nothing counted, no language, no version, no import time', async () => {
      assert.deepEqual(await store.summary(), { sets: 0, cards: 0, languages: [], version: '', importedAt: null });
      assert.deepEqual(await store.retrieval(), { version: '', importedAt: null });
    });

    it('serves sets newest first and cards in natural number order', async () => {
      importStarted = Date.now();
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

    it('summarizes the catalog: its counts, its languages in LANGUAGES order, its version and import time', async () => {
      const summary = await store.summary();
      assert.deepEqual({ ...summary, importedAt: undefined }, {
        sets: 4, cards: 7, languages: ['en', 'fr'], version: await store.catalogVersion(), importedAt: undefined,
      });
      assert.notEqual(summary.version, '');
      const importedAt = Date.parse(summary.importedAt ?? '');
      assert.ok(importedAt >= importStarted - 1000 && importedAt <= Date.now(), `imported at ${summary.importedAt}`);
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
      const summary = await store.summary();
      assert.deepEqual([summary.sets, summary.cards, summary.languages], [1, 1, ['en']]);
      assert.equal(summary.version, await store.catalogVersion());
      const renamed = JSON.parse((await store.getCard('en-new-1'))!);
      assert.equal(renamed.name, 'Renamed');
      assert.equal(renamed.artist, 'Someone');
      assert.equal(await store.getCard('en-new-2'), null);
      const search = await store.searchCards({ key: 'renamed', limit: 5, offset: 0 });
      assert.equal(countOf(search.items), 1);
      assert.equal(countOf((await store.searchCards({ key: 'card', limit: 5, offset: 0 })).items), 0);
      assert.equal(countOf((await store.searchCards({ key: 'ed', limit: 5, offset: 0 })).items), 1);
      assert.equal(countOf((await store.searchCards({ key: 'rd', limit: 5, offset: 0 })).items), 0);
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

    it('prepares its name search: counts the distinct names it holds, and searches answer as before', async () => {
      // Raichu, Pikachu V, Pikachu (twice), Flying Pikachu and ピカチュウ.
      assert.equal(await store.prepareNameSearch(), 5);
      const result = await store.searchCards({ key: 'pikachu', limit: 10, offset: 0 });
      assert.deepEqual(docs(result.items).map((c) => c.id), ['en-b-1', 'en-a-3', 'en-a-2', 'en-b-2']);
    });

    it('counts every match of a search and pages it with an exact has_more', async () => {
      const first = await store.searchCards({ key: 'pikachu', limit: 3, offset: 0 });
      assert.equal(first.total, 4);
      assert.equal(first.hasMore, true);
      const exact = await store.searchCards({ key: 'pikachu', limit: 4, offset: 0 });
      assert.equal(exact.hasMore, false);
      const none = await store.searchCards({ key: 'mewtwo', limit: 3, offset: 0 });
      assert.deepEqual({ ...none, items: docs(none.items) }, { items: [], total: 0, hasMore: false });
    });

    it('finds two-character queries in any script, and a key folded to one character', async () => {
      await store.replaceCatalog({
        sets: [set('en-a', '2020-01-01'), set('ko-b', '2021-01-01', 'ko'), set('ja-c', '2022-01-01', 'ja')],
        cards: [card('en-a', '1', 'mr. mime ex'), card('en-a', '2', 'exeggcute'), card('en-a', '3', 'dex'),
          card('ko-b', '1', '피카츄'), card('ja-c', '1', 'ピカチュウ'), card('ja-c', '2', 'ガラガラ')],
      });
      const ex = await store.searchCards({ key: 'ex', limit: 10, offset: 0 });
      assert.deepEqual(docs(ex.items).map((c) => c.id), ['en-a-2', 'en-a-1', 'en-a-3']);
      assert.deepEqual(docs((await store.searchCards({ key: '피카', limit: 10, offset: 0 })).items).map((c) => c.id), ['ko-b-1']);
      assert.deepEqual(docs((await store.searchCards({ key: 'ex', lang: 'ko', limit: 10, offset: 0 })).items), []);
      const one = await store.searchCards({ key: 'ガ', limit: 10, offset: 0 });
      assert.deepEqual(docs(one.items).map((c) => c.id), ['ja-c-2']);
    });

    it('a re-import that reorders the sets reorders every search', async () => {
      const cards = [card('en-a', '1', 'Abra'), card('en-b', '1', 'Abra')];
      await store.replaceCatalog({ sets: [set('en-a', '2020-01-01'), set('en-b', '2021-01-01')], cards });
      const ids = async (key: string) => docs((await store.searchCards({ key, limit: 10, offset: 0 })).items).map((c) => c.id);
      assert.deepEqual(await ids('ab'), ['en-b-1', 'en-a-1']);
      assert.deepEqual(await ids('abra'), ['en-b-1', 'en-a-1']);
      await store.replaceCatalog({ sets: [set('en-a', '2022-01-01'), set('en-b', '2021-01-01')], cards });
      assert.deepEqual(await ids('ab'), ['en-a-1', 'en-b-1']);
      assert.deepEqual(await ids('abra'), ['en-a-1', 'en-b-1']);
    });

    it('treats %, _ and \\ in a query as the characters themselves', async () => {
      await store.replaceCatalog({
        sets: [set('en-a', '2020-01-01')],
        cards: [card('en-a', '1', '100% energy'), card('en-a', '2', '1000 energy'), card('en-a', '3', 'a_b'),
          card('en-a', '4', 'axb'), card('en-a', '5', 'back\\slash'), card('en-a', '6', 'backslash')],
      });
      const ids = async (q: string) => docs((await store.searchCards({ key: searchKey(q), limit: 10, offset: 0 })).items).map((c) => c.id);
      assert.deepEqual(await ids('00%'), ['en-a-1']);
      assert.deepEqual(await ids('0% e'), ['en-a-1']);
      assert.deepEqual(await ids('a_b'), ['en-a-3']);
      assert.deepEqual(await ids('_b'), ['en-a-3']);
      assert.deepEqual(await ids('k\\s'), ['en-a-5']);
      assert.deepEqual(await ids('%'), ['en-a-1']);
    });

    it('past the last page a list is empty and its total stays exact', async () => {
      const sets = await store.listSets({ limit: 10, offset: 50 });
      assert.deepEqual(sets, { items: [], total: 1, hasMore: false });
      const cards = await store.listCardsInSet('en-a', { limit: 10, offset: 50 });
      assert.deepEqual(cards, { items: [], total: 6, hasMore: false });
      const byLang = await store.listSets({ lang: 'fr', limit: 10, offset: 0 });
      assert.deepEqual(byLang, { items: [], total: 0, hasMore: false });
    });

    it('finds names as people type them, without spaces, apostrophes, hyphens or dots, ranked on the folded names', async () => {
      await store.replaceCatalog({
        sets: [set('en-a', '2020-01-01'), set('ja-b', '2021-01-01', 'ja')],
        cards: [card('en-a', '1', 'Shaymin-EX'), card('en-a', '2', "Farfetch'd"), card('en-a', '3', 'Mr. Mime'),
          card('en-a', '4', 'Shaymin'), card('en-a', '5', "Team Rocket's Mr. Mime"), card('en-a', '6', 'Mr. Mime-GX'),
          card('ja-b', '1', 'カプ・コケコGX'), card('ja-b', '2', 'ブーバー')],
      });
      const ids = async (q: string) => docs((await store.searchCards({ key: searchKey(q), limit: 10, offset: 0 })).items).map((c) => c.id);
      for (const q of ['Shaymin EX', 'shaymin-ex', 'Shaymin–EX', 'shayminex']) assert.deepEqual(await ids(q), ['en-a-1'], q);
      assert.deepEqual(await ids('shaymin'), ['en-a-4', 'en-a-1'], 'the exact name, then the one it starts');
      for (const q of ['farfetchd', 'Farfetch’d', "farfetch'd", 'Farfetch‘d']) assert.deepEqual(await ids(q), ['en-a-2'], q);
      // Exact, then starts with, then contains; in search order each would come 3, 5, 6.
      for (const q of ['mr mime', 'Mr. Mime', 'mr.mime', 'MR  MIME', 'mrmime']) {
        assert.deepEqual(await ids(q), ['en-a-3', 'en-a-6', 'en-a-5'], q);
      }
      assert.deepEqual(await ids('m. r'), ['en-a-3', 'en-a-6', 'en-a-5'], 'a query that folds to two characters');
      assert.deepEqual(await ids("rocket's mr"), ['en-a-5']);
      for (const q of ['カプコケコ', 'カプ・コケコ', 'かぷ こけこ', 'ｶﾌﾟｺｹｺ']) assert.deepEqual(await ids(q), ['ja-b-1'], q);
      assert.deepEqual(await ids('ブーバー'), ['ja-b-2']);
      assert.deepEqual(await ids('ブバ'), [], 'the prolonged sound mark ー is part of the name');
    });

    it('a name search answers its cards\' stored documents byte for byte, accents, kana, emoji and escapes kept; an empty page is empty', async () => {
      await store.replaceCatalog({
        sets: [set('fr-a', '2020-01-01', 'fr'), set('ja-b', '2021-01-01', 'ja')],
        cards: [{ ...card('fr-a', '1', 'Évoli'), flavor_text: 'Son ADN « instable »\n\\ "évolue" \u2028 😀' },
          card('fr-a', '2', 'Flabébé'), card('fr-a', '3', 'Évoli de Lumière'), card('ja-b', '1', 'イーブイ'), card('ja-b', '2', 'イーブイex')],
      });
      // Each document as a set's list reads it: a text of its own.
      const stored = new Map<string, string>();
      for (const setId of ['fr-a', 'ja-b']) {
        for (const text of (await store.listCardsInSet(setId, { limit: 10, offset: 0 }))!.items) stored.set(docs([text])[0]!.id, text);
      }
      const search = (q: string, limit = 10, offset = 0) => store.searchCards({ key: searchKey(q), limit, offset });
      for (const [q, ids] of [['Évoli', ['fr-a-1', 'fr-a-3']], ['いーぶい', ['ja-b-1', 'ja-b-2']], ['flabébé', ['fr-a-2']]] as const) {
        const page = await search(q);
        assert.deepEqual(docs(page.items).map((c) => c.id), ids, q);
        assert.deepEqual(joinedBytes(page.items), Buffer.from(ids.map((id) => stored.get(id)!).join(',')), q);
        assert.deepEqual([countOf(page.items), page.total, page.hasMore], [ids.length, ids.length, false], q);
      }
      const first = await search('evoli', 1);
      assert.deepEqual(joinedBytes(first.items), Buffer.from(stored.get('fr-a-1')!));
      assert.deepEqual([countOf(first.items), first.total, first.hasMore], [1, 2, true]);
      for (const [page, total] of [[await search('zzzz'), 0], [await search('evoli', 10, 5), null]] as const) {
        assert.deepEqual([joinedBytes(page.items).length, countOf(page.items), page.total, page.hasMore], [0, 0, total, false]);
      }
    });

    it('holds each distinct name per language with its printings and newest printing, read again after each import', async () => {
      await store.replaceCatalog({
        sets: [set('en-a', '2020-01-01'), set('en-b', '2022-01-01'), set('de-a', '2020-01-01', 'de')],
        cards: [card('en-a', '1', 'Mewtwo GX'), card('en-b', '7', 'Mewtwo-GX'), card('en-b', '2', 'Mewtwo-GX'),
          card('en-a', '2', 'Iono'), card('de-a', '1', 'Mewtwo-GX')],
      });
      assert.deepEqual(await store.printingIds('mewtwogx', 'en', 50), ['en-b-2', 'en-b-7', 'en-a-1'], 'a name\'s printings, newest first, both spellings');
      assert.deepEqual(await store.printingIds('mewtwogx', 'en', 1), ['en-b-2']);
      assert.deepEqual(await store.printingIds('mewtwo', 'en', 50), [], 'the whole name, not a part');
      const spelled = (lookup: Awaited<ReturnType<CatalogStore['nameLookup']>>) => Array.from({ length: lookup.size }, (_, entry) =>
        [lookup.languages[entry], lookup.keys[entry], lookup.names[entry], lookup.printings[entry], lookup.newestIds[entry]]);
      const first = await store.nameLookup();
      assert.deepEqual(spelled(first), [
        ['de', 'mewtwogx', 'Mewtwo-GX', 1, 'de-a-1'],
        ['en', 'iono', 'Iono', 1, 'en-a-2'],
        ['en', 'mewtwogx', 'Mewtwo-GX', 3, 'en-b-2'],
      ]);
      assert.equal(await store.nameLookup(), first, 'kept while the catalog is the same');
      await store.replaceCatalog({ sets: [set('en-a', '2020-01-01')], cards: [card('en-a', '1', 'Lugia VSTAR')] });
      assert.deepEqual(spelled(await store.nameLookup()), [['en', 'lugiavstar', 'Lugia VSTAR', 1, 'en-a-1']]);
    });

    it('links the single card and the single set to their TCGdex id in the other languages, and only them', async () => {
      await store.replaceCatalog({
        sets: [set('de-base1', '1999-01-09', 'de'), set('zh-tw-base1', null, 'zh-tw'), set('en-base1', '1999-01-09'),
          set('fr-base1', '1999-01-09', 'fr'), set('en-base2', '1999-06-16')],
        cards: [card('de-base1', '4', 'Glurak'), card('zh-tw-base1', '4', '噴火龍'), card('en-base1', '4', 'Charizard'),
          card('fr-base1', '4', 'Dracaufeu'), card('en-base1', '5', 'Clefairy')],
      });
      const single = async (id: string) => JSON.parse((await store.getCard(id))!);
      assert.deepEqual((await single('de-base1-4')).other_languages, [
        { language: 'en', id: 'en-base1-4', name: 'Charizard' },
        { language: 'fr', id: 'fr-base1-4', name: 'Dracaufeu' },
        { language: 'zh-tw', id: 'zh-tw-base1-4', name: '噴火龍' },
      ]);
      assert.deepEqual((await single('zh-tw-base1-4')).other_languages.map((link: { id: string }) => link.id),
        ['en-base1-4', 'fr-base1-4', 'de-base1-4']);
      assert.deepEqual((await single('en-base1-5')).other_languages, [], 'a card in one language');
      const oneSet = async (id: string) => JSON.parse((await store.getSet(id))!);
      assert.deepEqual((await oneSet('en-base1')).other_languages, [
        { language: 'fr', id: 'fr-base1', name: 'fr-base1' },
        { language: 'de', id: 'de-base1', name: 'de-base1' },
        { language: 'zh-tw', id: 'zh-tw-base1', name: 'zh-tw-base1' },
      ]);
      assert.equal((await oneSet('en-base1')).card_count, 2);
      assert.deepEqual((await oneSet('en-base2')).other_languages, [], 'a set in one language');

      const listed = [
        ...docs((await store.listSets({ limit: 10, offset: 0 })).items),
        ...docs((await store.listCardsInSet('en-base1', { limit: 10, offset: 0 }))!.items),
        ...docs((await store.searchCards({ key: searchKey('Charizard'), limit: 10, offset: 0 })).items),
      ];
      assert.equal(listed.length, 5 + 2 + 1);
      assert.ok(listed.every((doc) => !('other_languages' in doc)), 'lists carry no links');
    });

    it('gets many cards by id in one call, in the order asked, with their variants; null for an id of no card', async () => {
      const cards = await store.getCards(['fr-base1-4', 'en-base1-999', 'de-base1-4', 'EN-BASE1-4', 'en-base1-5']);
      assert.deepEqual(cards.map((doc) => doc && JSON.parse(doc).id), ['fr-base1-4', null, 'de-base1-4', null, 'en-base1-5']);
      assert.deepEqual(JSON.parse(cards[0]!), served(card('fr-base1', '4', 'Dracaufeu'), 'fr-base1'), 'a card with its variants, without links');
      assert.deepEqual(await store.getCards([]), []);
      assert.deepEqual(await store.getCards(["en-base1-4' OR '1'='1", '%', 'en-base1-_']), [null, null, null]);
      const fifty = Array.from({ length: 50 }, (_, i) => (i === 49 ? 'zh-tw-base1-4' : `en-none-${i}`));
      assert.deepEqual((await store.getCards(fifty)).map((doc, i) => (doc === null ? null : i)).filter((i) => i !== null), [49]);
    });

    it('links a Japanese card to its English printing and back, with how, after the entries of its TCGdex id; a set to its counterpart with the share linked', async () => {
      const pokemon = (setId: string, number: string, name: string, dex: number, artist: string): CardRecord => ({
        ...card(setId, number, name), hp: 60 + dex, types: ['Fire'], pokedex_numbers: [dex], retreat_cost: 1, artist, rarity: 'Common',
        attacks: [{ name: null, cost: ['Fire', 'Colorless'], damage: `${dex}0`, effect: null }],
      });
      const trainer = (setId: string, number: string, name: string, text: string): CardRecord => ({
        ...card(setId, number, name), supertype: 'Trainer', subtypes: ['Item'], artist: 'Toyste Beach', rarity: 'Uncommon', rules_text: text,
      });
      await store.replaceCatalog({
        sets: [set('ja-SV2a', '2023-06-16', 'ja'), set('zh-tw-SV2a', '2023-09-01', 'zh-tw'), set('en-sv03.5', '2023-09-22')],
        cards: [
          pokemon('ja-SV2a', '004', 'ヒトカゲ', 4, 'Mitsuhiro Arita'), pokemon('ja-SV2a', '005', 'リザード', 5, 'GIDORA'),
          pokemon('ja-SV2a', '006', 'リザードンex', 6, 'PLANETA Mochizuki'), pokemon('zh-tw-SV2a', '006', '噴火龍ex', 6, 'PLANETA Mochizuki'),
          trainer('ja-SV2a', '158', '大きなふうせん', 'このカードをつけている2進化ポケモンのにげるためのエネルギーは、すべてなくなる。'),
          pokemon('en-sv03.5', '004', 'Charmander', 4, 'Mitsuhiro Arita'), pokemon('en-sv03.5', '005', 'Charmeleon', 5, 'GIDORA'),
          pokemon('en-sv03.5', '006', 'Charizard ex', 6, 'PLANETA Mochizuki'),
          trainer('en-sv03.5', '155', 'Big Air Balloon', 'The Stage 2 Pokémon this card is attached to has no Retreat Cost.'),
        ],
      });
      const single = async (id: string) => JSON.parse((await store.getCard(id))!);
      assert.deepEqual((await single('ja-SV2a-006')).other_languages, [
        { language: 'zh-tw', id: 'zh-tw-SV2a-006', name: '噴火龍ex' },
        { language: 'en', id: 'en-sv03.5-006', name: 'Charizard ex', match: 'printed' },
      ]);
      assert.deepEqual((await single('en-sv03.5-006')).other_languages, [
        { language: 'ja', id: 'ja-SV2a-006', name: 'リザードンex', match: 'printed' },
        { language: 'zh-tw', id: 'zh-tw-SV2a-006', name: '噴火龍ex', match: 'printed' },
      ]);
      assert.deepEqual((await single('ja-SV2a-158')).other_languages, [
        { language: 'en', id: 'en-sv03.5-155', name: 'Big Air Balloon', match: 'set-order' },
      ]);
      const oneSet = async (id: string) => JSON.parse((await store.getSet(id))!);
      assert.deepEqual((await oneSet('ja-SV2a')).other_languages, [
        { language: 'zh-tw', id: 'zh-tw-SV2a', name: 'zh-tw-SV2a' },
        { language: 'en', id: 'en-sv03.5', name: 'en-sv03.5', match: 'printed', linked_share: 1 },
      ]);
      assert.deepEqual((await oneSet('en-sv03.5')).other_languages, [
        { language: 'ja', id: 'ja-SV2a', name: 'ja-SV2a', match: 'printed', linked_share: 1 },
        { language: 'zh-tw', id: 'zh-tw-SV2a', name: 'zh-tw-SV2a', match: 'printed', linked_share: 0.25 },
      ]);
    });

    it('exports what it was given, sets newest first and cards in search order; serves cards with their set\'s name and code', async () => {
      const catalog = {
        sets: [set('en-old', '1999-01-09'), set('fr-new', '2023-03-31', 'fr')],
        cards: [card('en-old', '2', 'Two'), card('fr-new', '1', 'Un'), card('en-old', '1', 'One')],
      };
      await store.replaceCatalog(catalog);
      const exported = { sets: [] as CardSet[], cards: [] as CardRecord[] };
      for await (const s of store.exportSets()) exported.sets.push(s);
      for await (const c of store.exportCards()) exported.cards.push(c);
      assert.deepEqual(exported.sets, [catalog.sets[1], catalog.sets[0]]);
      assert.deepEqual(exported.cards, [catalog.cards[1], catalog.cards[2], catalog.cards[0]]);
      assert.deepEqual(JSON.parse((await store.getCard('en-old-1'))!), { ...served(catalog.cards[2]!, 'en-old'), other_languages: [] });
    });

    it('a rebuild that adds the pokemontcg.io id records each English card and set as changed in the feed, and nothing else', async () => {
      const catalog = {
        sets: [set('en-p', '2021-01-01'), set('fr-p', '2021-01-01', 'fr')],
        cards: [card('en-p', '1', 'Pikachu'), card('en-p', '2', 'Raichu'), card('fr-p', '1', 'Pikachu')],
      };
      await store.replaceCatalog(catalog);
      // The same catalog as rows of the version before stored it: documents (and their answers' hashes) without the id.
      const rows = catalogRows(catalog);
      const withoutId = (doc: string) => {
        const { pokemontcg_io_id: _id, ...rest } = JSON.parse(doc) as Record<string, unknown>;
        return JSON.stringify(rest);
      };
      await backend.writeCatalog({
        ...rows, version: ROWS_VERSION - 1,
        sets: rows.sets.map((row) => {
          const doc = withoutId(row.doc);
          return { ...row, doc, answer_hash: contentHash(singleSet(doc, row.lang === 'en' ? 2 : 1, row.other_languages)) };
        }),
        cards: rows.cards.map((row) => {
          const doc = withoutId(row.doc);
          return { ...row, doc, answer_hash: contentHash(singleCard({ ...row, doc, otherLanguages: row.other_languages })) };
        }),
      });
      const { lastSeq } = await store.changesSince(0, 1);
      assert.deepEqual(await store.rebuildStaleRows(), { sets: 2, cards: 3 });
      const feed = await store.changesSince(lastSeq, 100);
      assert.deepEqual(feed.changes.map((c) => `${c.change} ${c.type} ${c.id}`).sort(),
        ['changed card en-p-1', 'changed card en-p-2', 'changed set en-p']);
      assert.equal(JSON.parse((await store.getCard('en-p-2'))!).pokemontcg_io_id, 'p-2');
      assert.ok(!('pokemontcg_io_id' in JSON.parse((await store.getCard('fr-p-1'))!)));
    });

    it('rebuilds rows that another version built from the stored records, once, and never over a newer import', async () => {
      const catalog = { sets: [set('en-a', '2020-01-01')], cards: [card('en-a', '1', 'Mr. Mime')] };
      const rows = catalogRows(catalog);
      // As another catalogRows() might have stored them: keys folded by other rules, documents without set_name and set_code.
      const oldDoc = (doc: string) => {
        const { set_name: _name, set_code: _code, ...rest } = JSON.parse(doc) as Record<string, unknown>;
        return JSON.stringify(rest);
      };
      const stale = rows.cards.map((row) => ({ ...row, doc: oldDoc(row.doc), name_key: 'other rules' }));
      await backend.writeCatalog({ ...rows, cards: stale, version: ROWS_VERSION - 1 });
      const found = async () => docs((await store.searchCards({ key: searchKey('Mr. Mime'), limit: 5, offset: 0 })).items).map((c) => c.id);
      assert.deepEqual(await found(), []);
      assert.ok(!('set_name' in JSON.parse((await store.getCard('en-a-1'))!)), 'the stale rows lack set_name');

      assert.equal(await backend.rewriteCatalog(catalogRows({ sets: [], cards: [] }), ROWS_VERSION + 7), null,
        'rows of another version than the one a rebuild read are left alone');
      assert.deepEqual(await store.counts(), { sets: 1, cards: 1 });

      assert.deepEqual(await store.rebuildStaleRows(), { sets: 1, cards: 1 });
      assert.equal(await backend.rowsVersion(), ROWS_VERSION);
      assert.deepEqual(await found(), ['en-a-1']);
      assert.deepEqual(JSON.parse((await store.getCard('en-a-1'))!), { ...served(catalog.cards[0]!, 'en-a'), other_languages: [] });
      assert.deepEqual(docs((await store.listCardsInSet('en-a', { limit: 5, offset: 0 }))!.items), [served(catalog.cards[0]!, 'en-a')].map(({ variants: _v, ...row }) => row),
        'list rows carry set_name and set_code too');
      assert.equal(await store.rebuildStaleRows(), null, 'current rows are left as they are');
    });

    it('filters by every facet, alone, combined, with a search and within a set, from facets built at import', async () => {
      const base = { ...set('en-base1', '1999-01-09'), printed_total: 102, abbreviation: 'BS' };
      const newer = { ...set('en-sv2', '2023-06-09'), printed_total: 193, abbreviation: 'PAL' };
      const german = { ...set('de-base1', '1999-01-09', 'de'), printed_total: 102, abbreviation: 'BS' };
      const fire = (c: CardRecord, extra: Partial<CardRecord> = {}): CardRecord =>
        ({ ...c, types: ['Fire'], subtypes: ['Stage2'], rarity: 'Rare', artist: 'Mitsuhiro Arita',
          legalities: { standard: false, expanded: false }, ...extra });
      await store.replaceCatalog({
        sets: [base, newer, german],
        cards: [
          fire(card('en-base1', '4', 'Charizard')),
          fire(card('de-base1', '4', 'Glurak')),
          { ...card('en-base1', '2', 'Blastoise'), types: ['Water'], subtypes: ['Stage2'], artist: 'Ken Sugimori' },
          fire(card('en-sv2', '004', 'Charizard ex'), { subtypes: ['Stage2', 'ex'], regulation_mark: 'G', rarity: 'Double rare',
            legalities: { standard: false, expanded: true }, artist: 'Mitsuhiro Árita' }),
          { ...card('en-sv2', '185', 'Iono'), supertype: 'Trainer', subtypes: ['Supporter'], regulation_mark: 'G',
            legalities: { standard: true, expanded: true } },
          { ...card('en-sv2', 'TG05', 'Trainer Gallery'), supertype: 'Trainer' },
        ],
      });
      const ids = (page: { items: readonly string[] | JoinedJson<unknown> }) => docs(page.items).map((c) => c.id);
      const filtered = (filters: Parameters<typeof facetsOf>[0], lang?: 'de') =>
        store.listFilteredCards([...facetsOf(filters), ...(lang ? [languageFacet(lang)] : [])], { limit: 10, offset: 0 });

      // Newest set first, then set, then number; totals exact.
      const allFire = await filtered({ type: 'Fire' });
      assert.deepEqual(ids(allFire), ['en-sv2-004', 'de-base1-4', 'en-base1-4']);
      assert.equal(allFire.total, 3);
      assert.deepEqual(ids(await filtered({ type: 'Fire' }, 'de')), ['de-base1-4']);
      assert.deepEqual(ids(await filtered({ type: 'Fire', subtype: 'ex' })), ['en-sv2-004']);
      assert.deepEqual(ids(await filtered({ supertype: 'Trainer', regulation_mark: 'g' })), ['en-sv2-185']);
      assert.deepEqual(ids(await filtered({ legal: 'standard' })), ['en-sv2-185']);
      assert.deepEqual(ids(await filtered({ legal: 'expanded', type: 'Fire' })), ['en-sv2-004']);
      assert.deepEqual(ids(await filtered({ rarity: 'Rare', subtype: 'Stage2' })), ['de-base1-4', 'en-base1-4']);
      // Artist: the whole name, case and accents aside; a part of it finds nothing.
      assert.deepEqual(ids(await filtered({ artist: 'mitsuhiro arita' })), ['en-sv2-004', 'de-base1-4', 'en-base1-4']);
      assert.deepEqual(ids(await filtered({ artist: 'Arita' })), []);
      // Numbers: leading zeros aside, over the printed total, letters as printed.
      assert.deepEqual(ids(await filtered({ number: '4' })), ['en-sv2-004', 'de-base1-4', 'en-base1-4']);
      assert.deepEqual(ids(await filtered({ number: '004' })), ['en-sv2-004', 'de-base1-4', 'en-base1-4']);
      assert.deepEqual(ids(await filtered({ number: '4/102' })), ['de-base1-4', 'en-base1-4']);
      assert.deepEqual(ids(await filtered({ number: '4/193' })), ['en-sv2-004']);
      assert.deepEqual(ids(await filtered({ number: 'tg5' })), ['en-sv2-TG05']);
      assert.deepEqual(ids(await filtered({ set_code: 'pal', number: '185' })), ['en-sv2-185']);
      assert.deepEqual(ids(await filtered({ set_code: 'BS', number: '4' }, 'de')), ['de-base1-4']);
      assert.deepEqual(await filtered({ type: 'Grass' }), { items: [], total: 0, hasMore: false });
      const paged = await store.listFilteredCards(facetsOf({ type: 'Fire' }), { limit: 2, offset: 1 });
      assert.deepEqual(ids(paged), ['de-base1-4', 'en-base1-4']);
      assert.equal(paged.hasMore, false);
      assert.equal((await store.listFilteredCards(facetsOf({ type: 'Fire' }), { limit: 2, offset: 0 })).hasMore, true);

      // With a search (in its order), and within a set (in number order, exact total).
      const search = await store.searchCards({ key: 'charizard', limit: 10, offset: 0, facets: facetsOf({ subtype: 'ex' }) });
      assert.deepEqual(ids(search), ['en-sv2-004']);
      assert.deepEqual(ids(await store.searchCards({ key: 'ch', limit: 10, offset: 0, facets: facetsOf({ number: '4/102' }) })),
        ['en-base1-4']);
      const inSet = await store.listCardsInSet('en-base1', { limit: 10, offset: 0, facets: facetsOf({ subtype: 'Stage2' }) });
      assert.deepEqual(ids(inSet!), ['en-base1-2', 'en-base1-4']);
      assert.equal(inSet!.total, 2);
      assert.deepEqual(ids((await store.listCardsInSet('en-base1', { limit: 10, offset: 0, facets: facetsOf({ type: 'Fire' }) }))!),
        ['en-base1-4']);
      assert.equal(await store.listCardsInSet('en-none', { limit: 10, offset: 0, facets: facetsOf({ type: 'Fire' }) }), null);
    });

    it('stamps every import that changes the catalog with a new version; one that changes nothing keeps it and moves the retrieval', async () => {
      const before = await store.catalogVersion();
      assert.equal(await store.catalogVersion(), before);
      await store.replaceCatalog({ sets: [set('en-a', '2020-01-01')], cards: [card('en-a', '1', 'Abra')] });
      const after = await store.retrieval();
      assert.notEqual(after.version, before);
      assert.equal(await store.catalogVersion(), after.version);
      await new Promise((resolve) => setTimeout(resolve, 5));
      await store.replaceCatalog({ sets: [set('en-a', '2020-01-01')], cards: [card('en-a', '1', 'Abra')] });
      const again = await store.retrieval();
      assert.equal(again.version, after.version, 'an import of the same catalog keeps the version');
      assert.ok(again.importedAt! > after.importedAt!, `and moves the retrieval: ${after.importedAt} → ${again.importedAt}`);
      await store.replaceCatalog({ sets: [set('en-a', '2020-01-01')], cards: [card('en-a', '1', 'Kadabra')] });
      assert.notEqual(await store.catalogVersion(), after.version);
    });

    it('records when the catalog was imported, which a rebuild of its rows keeps', async () => {
      const importedAt = await store.importedAt();
      assert.ok(importedAt !== null && Math.abs(Date.parse(importedAt) - Date.now()) < 60_000, `imported just now: ${importedAt}`);
      const rows = catalogRows({ sets: [set('en-a', '2020-01-01')], cards: [card('en-a', '1', 'Abra')] });
      await backend.writeCatalog({ ...rows, importedAt: '2001-02-03T04:05:06.000Z', version: ROWS_VERSION - 1 });
      assert.equal(await store.importedAt(), '2001-02-03T04:05:06.000Z');
      const retrieval = await store.retrieval();
      assert.deepEqual(retrieval, { version: await store.catalogVersion(), importedAt: '2001-02-03T04:05:06.000Z' });
      assert.deepEqual(await store.rebuildStaleRows(), { sets: 1, cards: 1 });
      assert.equal(await store.importedAt(), '2001-02-03T04:05:06.000Z');
      assert.deepEqual(await store.retrieval(), { version: await store.catalogVersion(), importedAt: '2001-02-03T04:05:06.000Z' },
        'a rebuild is a new version of the same retrieval');
      assert.notEqual((await store.retrieval()).version, retrieval.version);
    });

    it('answers ping while open', async () => {
      assert.equal(await store.ping(), true);
    });
  });
}
