import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { RunningServer } from '../support/catalogServer.js';
import { startFullCatalogServer } from '../support/fullCatalogServer.js';
import { needsSharedDump } from '../support/shared.js';
import { onStore, STORE_KINDS } from '../support/stores.js';

/*
 * What players paste and type, on the full catalog (English, French, German) of each store: the
 * promo codes and numbers printed on the cards, one-letter names, the source's name suffixes,
 * free-text lists, and published lists of every era, each line resolved and judged.
 */

for (const store of STORE_KINDS) {
  const skip = needsSharedDump().skip || (await onStore(store)).skip;
  describe(`lists and names as players write them, on the full catalog (${store})`, { skip, timeout: 120_000 }, () => {
    let server: RunningServer;
    const ids = async (query: string) => {
      const { status, body } = await server.get(`/v1/cards?${query}`);
      assert.equal(status, 200, `${query}: ${JSON.stringify(body)}`);
      return body.data.map((card: { id: string }) => card.id);
    };
    const check = async (list: string, format = 'standard', lang = 'en') => {
      const response = await fetch(`${server.baseUrl}/v1/decks/check`, {
        method: 'POST',
        headers: { authorization: `Bearer ${server.key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ list, format, lang }),
      });
      const body = await response.json() as any;
      assert.equal(response.status, 200, JSON.stringify(body));
      return body.data;
    };

    before(async () => {
      server = await startFullCatalogServer(store, ['en', 'fr', 'de']);
    });
    after(async () => {
      await server?.close();
    });

    it('finds a promo by the code and number printed on it: PR-BLW 100 is BW100, PR-SW 179 SWSH179, PR-DPP 1 DP01', async () => {
      assert.deepEqual(await ids('set_code=PR-BLW&number=100&lang=en'), ['en-bwp-BW100']);
      assert.deepEqual(await ids('set_code=PR-XY&number=49&lang=en'), ['en-xyp-XY49']);
      assert.deepEqual(await ids('set_code=PR-SW&number=179&lang=en'), ['en-swshp-SWSH179']);
      assert.deepEqual(await ids('set_code=PR-SM&number=104&lang=en'), ['en-smp-SM104']);
      assert.deepEqual(await ids('set_code=pr-sv&number=1&lang=en'), ['en-svp-001']);
      assert.deepEqual(await ids('set_code=PR-DP&number=1&lang=en'), ['en-dpp-DP01']);
      assert.deepEqual(await ids('set_code=PR-HGSS&number=18&lang=en'), ['en-hgssp-HGSS18']);
      assert.deepEqual(await ids('set_code=SWSHP&number=SWSH179&lang=en'), ['en-swshp-SWSH179'], 'the catalog\'s own number still answers');
      const deck = await check([
        '1 N PR-BLW 100', '1 Regirock PR-XY 49', '1 Flareon V PR-SW 179', '1 Solgaleo-GX PR-SM 104', '1 Turtwig PR-DPP 1',
      ].join('\n'), 'expanded');
      assert.deepEqual(deck.unresolved, []);
      assert.deepEqual(deck.cards.map((line: { card: { id: string } }) => line.card.id),
        ['en-bwp-BW100', 'en-xyp-XY49', 'en-swshp-SWSH179', 'en-smp-SM104', 'en-dpp-DP01']);
    });
  });
}
