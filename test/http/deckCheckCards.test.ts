import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { CatalogStore } from '../../src/catalog/catalogStore.js';
import { DECK_CATALOG, TCG_LIVE_LIST } from '../support/deckCatalog.js';
import { bearer, issueKey } from '../support/keys.js';
import { startServer, type TestServer } from '../support/server.js';
import { onStore, STORE_KINDS } from '../support/stores.js';

/*
 * The deck check keeps the cards lists name (src/decks/deckCards.ts), per catalog version: a list
 * pasted again in other words reads no card again, a re-import reaches the next check, and the
 * answer is the JSON its schema describes, byte for byte as JSON.stringify would write it.
 */

/** The real store, its card reads counted. */
function countingCardReads(reads: { ids: number }) {
  return (store: CatalogStore): CatalogStore => new Proxy(store, {
    get(target, property, receiver) {
      if (property === 'getCards') {
        return (ids: readonly string[]) => {
          reads.ids += ids.length;
          return target.getCards(ids);
        };
      }
      const value = Reflect.get(target, property, receiver) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** The list with its card lines in reverse order: the same cards, another text (so another answer). */
const reordered = (list: string) => {
  const lines = list.split('\n');
  const cardLines = lines.filter((line) => /^\d+ /.test(line)).reverse();
  return lines.map((line) => (/^\d+ /.test(line) ? cardLines.shift()! : line)).join('\n');
};

async function check(server: TestServer, key: string, list: string): Promise<{ text: string; body: any }> {
  const response = await fetch(`${server.baseUrl}/v1/decks/check`, {
    method: 'POST', headers: { ...bearer(key), 'content-type': 'application/json' }, body: JSON.stringify({ list }),
  });
  const text = await response.text();
  assert.equal(response.status, 200, text);
  return { text, body: JSON.parse(text) };
}

for (const store of STORE_KINDS) {
  describe(`POST /v1/decks/check keeps the cards lists name (${store})`, await onStore(store), () => {
    let server: TestServer;
    let key: string;
    const reads = { ids: 0 };
    before(async () => {
      server = await startServer({ store, wrapCatalog: countingCardReads(reads) });
      await server.catalogStore.replaceCatalog(DECK_CATALOG);
      key = await issueKey(server.accessStore);
    });
    after(async () => { await server.close(); });

    it('reads the cards of a list once: the same cards in another list are not read again', async () => {
      const first = await check(server, key, TCG_LIVE_LIST);
      assert.ok(reads.ids > 0, 'the first list reads its cards');
      const readsAfterFirst = reads.ids;
      const again = await check(server, key, reordered(TCG_LIVE_LIST));
      assert.equal(reads.ids, readsAfterFirst, 'no card read for a list of the same cards');
      const byLine = (body: any) => new Map(body.data.cards.map((entry: any) => [entry.text, entry.card]));
      assert.deepEqual(byLine(again.body), byLine(first.body));
      assert.equal(again.body.data.card_count, 60);
    });

    it('answers JSON as JSON.stringify writes it, fields in the schema\'s order', async () => {
      const { text, body } = await check(server, key, `${TCG_LIVE_LIST}\n4 Nonexistent Card SVI 999\n2 Iono\n1 Boss\u2019s Orders PAL 172`);
      assert.equal(text, JSON.stringify(body));
      assert.deepEqual(Object.keys(body.data), ['format', 'legal', 'card_count', 'cards', 'unresolved', 'problems']);
      assert.deepEqual(Object.keys(body.data.cards[0]), ['line', 'text', 'count', 'card', 'legal']);
      assert.equal(body.data.unresolved.length, 1);
      assert.ok(body.data.cards.some((entry: any) => entry.text === '2 Iono'), 'a line by name alone resolves too');
      assert.ok(body.data.cards.some((entry: any) => entry.text === '1 Boss\u2019s Orders PAL 172'), 'a line comes back as sent, in UTF-8');
    });

    it('checks against the catalog imported last: a changed card reaches the next check', async () => {
      const before = await check(server, key, TCG_LIVE_LIST);
      const gardevoir = (body: any) => body.data.cards.find((entry: any) => entry.card.id === 'en-sv01-086').card;
      assert.equal(gardevoir(before.body).hp, 310);
      const changed = {
        ...DECK_CATALOG,
        cards: DECK_CATALOG.cards.map((card) => (card.id === 'en-sv01-086' ? { ...card, hp: 320 } : card)),
      };
      await server.catalogStore.replaceCatalog(changed);
      try {
        assert.equal(gardevoir((await check(server, key, reordered(TCG_LIVE_LIST))).body).hp, 320);
      } finally {
        await server.catalogStore.replaceCatalog(DECK_CATALOG);
      }
    });
  });
}
