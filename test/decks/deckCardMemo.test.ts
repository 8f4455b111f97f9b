import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { CatalogStore } from '../../src/catalog/catalogStore.js';
import { StoredCatalog } from '../../src/catalog/answers/storedCatalog.js';
import { DeckCards } from '../../src/decks/deckCards.js';
import { SqliteCatalogBackend } from '../../src/store/sqlite/sqliteCatalogBackend.js';
import { DECK_CATALOG } from '../support/deckCatalog.js';

describe('DeckCards on a SQLite catalog', () => {
  let dir: string;
  let store: StoredCatalog;
  const asked: string[][] = [];
  /** The store, the ids of each card read kept in `asked`. */
  let counted: Pick<CatalogStore, 'getCards'>;
  before(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'deck-cards-'));
    store = new StoredCatalog(new SqliteCatalogBackend(path.join(dir, 'catalog.db')));
    await store.replaceCatalog(DECK_CATALOG);
    counted = { getCards: (ids) => {
      asked.push([...ids]);
      return store.getCards(ids);
    } };
  });
  after(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('gives each card as the store has it, without variants, and reads only what it does not hold', async () => {
    asked.length = 0;
    const cards = new DeckCards(counted);
    const found = await cards.get('v1', ['en-sv01-196', 'en-sv01-86', 'en-sv02-172']);
    assert.deepEqual([...found.keys()], ['en-sv01-196', 'en-sv02-172'], 'an id the catalog lacks is left out');
    const [stored] = await store.getCards(['en-sv01-196']);
    const { variants: _variants, ...card } = JSON.parse(stored!);
    assert.deepEqual(JSON.parse(found.get('en-sv01-196')!.bytes.toString()), card);
    assert.equal(found.get('en-sv01-196')!.facts.name, 'Ultra Ball');
    assert.ok(found.get('en-sv01-196')!.nameKeys.has('ultraball'));
    await cards.get('v1', ['en-sv01-196', 'en-sv01-86', 'en-sv01-191']);
    assert.deepEqual(asked, [['en-sv01-196', 'en-sv01-86', 'en-sv02-172'], ['en-sv01-191']], 'kept cards and kept absences are not read again');
  });

  it('reads every card again in another catalog version', async () => {
    asked.length = 0;
    const cards = new DeckCards(counted);
    await cards.get('v1', ['en-sv01-196']);
    await cards.get('v2', ['en-sv01-196']);
    assert.deepEqual(asked, [['en-sv01-196'], ['en-sv01-196']]);
  });

  it('keeps no card read while the version moved on: it may be either version\'s', async () => {
    asked.length = 0;
    const cards = new DeckCards(counted);
    const older = cards.get('v1', ['en-sv01-196']);
    await cards.get('v2', ['en-sv01-191']);
    await older;
    await cards.get('v2', ['en-sv01-196']);
    assert.deepEqual(asked, [['en-sv01-196'], ['en-sv01-191'], ['en-sv01-196']]);
  });

  it('keeps within its bytes, whatever it is asked for', async () => {
    const cards = new DeckCards(counted, 5_000);
    const ids = DECK_CATALOG.cards.map((card) => card.id);
    for (const id of ids) {
      const found = await cards.get('v1', [id]);
      assert.equal(found.get(id)?.facts.id, id, 'a card is given whether or not it is kept');
      assert.ok(cards.charged <= 5_000, `${cards.charged} bytes charged`);
    }
    assert.ok(cards.charged > 2_500, 'it does keep cards up to its bound');
  });
});
