import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { StoredCatalog } from '../../src/catalog/answers/storedCatalog.js';
import { CardQuerySearch } from '../../src/catalog/cardQuery/cardQuerySearch.js';
import { gameTextMatch } from '../../src/catalog/gameText/gameTextMatch.js';
import { GAME_TEXT_FIELDS } from '../../src/catalog/gameText/gameTextValues.js';
import { parseQuery } from '../../src/catalog/query/queryParser.js';
import { scriptAwareWords } from '../../src/catalog/query/spacelessScripts.js';
import { CARD_QUERY_FIELDS } from '../../src/catalog/cardQuery/cardQueryFields.js';
import type { QueryLeaf } from '../../src/catalog/query/queryNode.js';
import { parsedItems } from '../../src/catalog/rows/servedJson.js';
import { runImport } from '../../src/importer/runImport.js';
import type { TcgdexLanguageData } from '../../src/importer/tcgdexRecords.js';
import { PostgresCatalogBackend } from '../../src/store/postgres/postgresCatalogBackend.js';
import { SqliteCatalogBackend } from '../../src/store/sqlite/sqliteCatalogBackend.js';
import { tempDir } from '../support/catalogServer.js';
import { createTestDatabase, needsPostgres } from '../support/postgres.js';
import { tcgdexCard, tcgdexSet, writeTcgdexDump } from '../support/tcgdexFixtures.js';

/*
 * The stores' text index of game text (card_game_text), on a real SQLite file and a real
 * PostgreSQL database, through the store's own read and through /v1's query over it. The game
 * text is this file's own, and what each query finds is written out by hand.
 */

const attack = (effect: string) => ({ name: 'Attack', cost: ['Colorless'], damage: 10, effect });
const SOURCE: TcgdexLanguageData[] = [
  {
    lang: 'en',
    sets: [tcgdexSet('en', 'base1')],
    cards: [
      tcgdexCard('en', 'base1', '1', {
        attacks: [attack('Search your deck for a Basic Pokémon and put it onto your Bench.'), attack('Flip a coin.')],
        description: 'It lives in volcanoes.',
      }),
      tcgdexCard('en', 'base1', '2', {
        attacks: [attack('Discard an Energy from this Pokémon.')],
        abilities: [{ type: 'Ability', name: 'Energy Search', effect: 'Once during your turn, you may search your deck for an Energy.' }],
      }),
      tcgdexCard('en', 'base1', '3', { category: 'Trainer', hp: undefined, types: undefined, stage: undefined, effect: 'Draw 3 cards.' }),
    ],
  },
  {
    lang: 'ja',
    sets: [tcgdexSet('ja', 'sv1')],
    cards: [
      tcgdexCard('ja', 'sv1', '1', { attacks: [attack('自分の山札からエネルギーを1枚選び、このポケモンにつける。')], description: '火山に住んでいる。' }),
    ],
  },
  {
    lang: 'zh-tw',
    sets: [tcgdexSet('zh-tw', 'sv1t')],
    cards: [tcgdexCard('zh-tw', 'sv1t', '1', { attacks: [attack('從自己的牌庫選擇1張基本能量卡。')] })],
  },
];

/** What each query finds, the cards' ids sorted. */
const EXPECTED: Array<[query: string, ids: string[]]> = [
  // A phrase, within one value of one field.
  ['attacks.effect:"search your deck"', ['en-base1-1']],
  ['abilities.effect:"search your deck"', ['en-base1-2']],
  ['attacks.effect:"bench flip"', []],
  // Words folded as names are: case and accents.
  ['attacks.effect:POKEMON', ['en-base1-1', 'en-base1-2']],
  // Japanese and Chinese, written without spaces: a term matches anywhere in the text.
  ['attacks.effect:山札', ['ja-sv1-1']],
  ['attacks.effect:えねるぎー', ['ja-sv1-1']],
  ['flavor_text:火山', ['ja-sv1-1']],
  ['flavor_text:山', ['ja-sv1-1']],
  ['attacks.effect:牌庫', ['zh-tw-sv1t-1']],
  ['attacks.effect:能量卡', ['zh-tw-sv1t-1']],
  ['attacks.effect:牌能', []],
  // Wildcards over words, and over whole values.
  ['attacks.effect:disc*', ['en-base1-2']],
  ['attacks.effect:*ergy', ['en-base1-2']],
  ['rules_text:dr?w', ['en-base1-3']],
  ['!rules_text:draw*', ['en-base1-3']],
  ['!rules_text:"draw 3 cards"', ['en-base1-3']],
  ['!rules_text:draw', []],
  // A negation, a bare word and a field that has a value.
  ['lang:en -attacks.effect:discard', ['en-base1-1', 'en-base1-3']],
  ['-flavor_text:volcanoes', ['en-base1-2', 'en-base1-3', 'ja-sv1-1', 'zh-tw-sv1t-1']],
  ['volcanoes', ['en-base1-1']],
  ['rules_text:*', ['en-base1-3']],
  ['abilities.effect:* OR flavor_text:volcanoes', ['en-base1-1', 'en-base1-2']],
];

const onPostgres = await needsPostgres();

/** The cards a query finds through /v1's query over the store. */
async function queried(store: StoredCatalog, query: string): Promise<string[]> {
  const page = await new CardQuerySearch(store).page(CardQuerySearch.parse(query, undefined), { limit: 50, offset: 0 });
  return parsedItems(page.items).map((card) => card.id).sort();
}

async function holdsTheGameText(store: StoredCatalog): Promise<void> {
  for (const [query, ids] of EXPECTED) assert.deepEqual(await queried(store, query), ids, query);
  // The store's own read: a field's number, a folded leaf; a card's search order is its place.
  const leaf = parseQuery('attacks.effect:"search your deck"', CARD_QUERY_FIELDS) as QueryLeaf;
  const read = await store.gameTextOrders({ fields: [GAME_TEXT_FIELDS.indexOf('abilities.effect')], match: gameTextMatch(leaf, scriptAwareWords) });
  assert.equal(read.version, (await store.retrieval()).version);
  const { docs } = await store.cardsInSearchOrder(read.orders);
  assert.deepEqual(parsedItems(docs).map((card) => card.id), ['en-base1-2']);
}

describe("the stores' text index of game text", () => {
  let work: string;
  const closing: Array<() => Promise<void>> = [];

  before(async () => {
    work = tempDir('game-text-');
    await writeTcgdexDump(path.join(work, 'source'), SOURCE);
  });
  after(async () => {
    for (const close of closing.reverse()) await close();
    await rm(work, { recursive: true, force: true });
  });

  it('on SQLite, finds words, phrases, wildcards and spaceless substrings as the query language cuts them', async () => {
    const store = new StoredCatalog(new SqliteCatalogBackend(path.join(work, 'catalog.db'), { readWorkers: 1 }));
    closing.push(() => store.close());
    await runImport(path.join(work, 'source'), store);
    await holdsTheGameText(store);
  });

  it('on PostgreSQL, finds words, phrases, wildcards and spaceless substrings as the query language cuts them', onPostgres, async () => {
    const database = await createTestDatabase('game_text');
    const store = new StoredCatalog(await PostgresCatalogBackend.open({ databaseUrl: database.url }));
    closing.push(async () => {
      await store.close();
      await database.drop();
    });
    await runImport(path.join(work, 'source'), store);
    await holdsTheGameText(store);
  });
});
