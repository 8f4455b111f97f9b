import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { RunningServer } from '../support/catalogServer.js';
import { startFullCatalogServer } from '../support/fullCatalogServer.js';
import { McpHarness } from '../support/mcpHarness.js';
import { EXPANDED_NIGHT_MARCH, FREE_TEXT_DARKRAI, STANDARD_2026, STANDARD_2026_DE, STANDARD_2026_FR } from '../support/publishedLists.js';
import { needsSharedDump } from '../support/shared.js';
import { onStore, type StoreKind } from '../support/stores.js';

/*
 * What players paste and type, on the full catalog (English, French, German) of each store: the
 * promo codes and numbers printed on the cards, one-letter names, the source's name suffixes,
 * free-text lists, and published lists of every era, each line resolved and judged.
 */

/** The suite on one store (pastedLists.sqlite.test.ts, pastedLists.postgres.test.ts: a file each, so each stays near a minute). */
export async function describePastedLists(store: StoreKind): Promise<void> {
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

    const named = async (query: string) => {
      const { status, body } = await server.get(`/v1/cards/named?${query}`);
      return status === 200 ? body.data.id : `${status} ${JSON.stringify(body)}`;
    };
    const completions = async (q: string) => {
      const { status, body } = await server.get(`/v1/cards/autocomplete?q=${encodeURIComponent(q)}`);
      assert.equal(status, 200, JSON.stringify(body));
      return body.data as string[];
    };
    const nameOf = async (query: string) => (await server.get(`/v1/cards/named?${query}`)).body.data?.name;

    it('answers the printed promo code, a one-letter name and a free-text line over MCP as over REST', async () => {
      const session = await McpHarness.over(server).connect(server.key);
      try {
        const found = (await session.call('find_card', { name: 'N', set_code: 'PR-BLW' })).result;
        assert.equal((found.structuredContent as any).data.id, 'en-bwp-BW100', JSON.stringify(found.content));
        const promo = (await session.call('search_cards', { set_code: 'PR-SW', number: '179', lang: 'en' })).result;
        assert.deepEqual((promo.structuredContent as any).data.map((card: any) => card.id), ['en-swshp-SWSH179'], JSON.stringify(promo.content));
        const deck = (await session.call('check_deck', { list: '2 N\n1 Head Ringer PHF 97\n4x Juniper', format: 'expanded' })).result;
        assert.deepEqual((deck.structuredContent as any).data.unresolved, [], JSON.stringify(deck.content));
      } finally {
        await session.close();
      }
    });

    it('reaches a one-letter name: named exact and fuzzy, autocomplete and a deck line; q on /v1/cards keeps 2 to 60', async () => {
      assert.equal(await nameOf('exact=N'), 'N');
      assert.equal(await nameOf('fuzzy=n'), 'N');
      assert.equal((await completions('N'))[0], 'N');
      const deck = await check('2 N', 'expanded');
      assert.deepEqual(deck.unresolved, []);
      assert.equal(deck.cards[0].card.name, 'N');
      assert.deepEqual(await server.get('/v1/cards?q=N').then(({ status, body }) => [status, body]),
        [400, { error: 'q must be 2 to 60 characters long', code: 'invalid_parameter' }]);
    });

    it('matches a name through the label the source runs into it: Head Ringer is Head Ringer Team Flare Hyper Gear', async () => {
      assert.equal(await named('exact=Head%20Ringer'), 'en-xy4-97');
      assert.equal(await named('fuzzy=battle%20compresor'), 'en-xy4-92');
      assert.equal(await named('exact=Kopfgeschirr&lang=de'), 'de-xy4-97');
      assert.deepEqual(await completions('head ring'), ['Head Ringer Team Flare Hyper Gear']);
      const deck = await check(['1 Head Ringer PHF 97', '1 Battle Compressor PHF 92', '2 Target Whistle', '1 Jamming Net'].join('\n'), 'expanded');
      assert.deepEqual(deck.unresolved, []);
      assert.deepEqual(deck.cards.map((line: any) => line.card.id), ['en-xy4-97', 'en-xy4-92', 'en-xy4-106', 'en-xy4-98']);
    });

    it('reads a free-text list: 2x, from SET n/total, basic Energy by its type alone, a short form; a typo gets a suggestion', async () => {
      const deck = await check([
        '2x Darkrai EX from DEX 63/108', '1x Yveltal (Fright Night) from BKT 94/162', '11x Dark', '2 {D}', '1 Darkness',
        '4x Juniper', '1 Lysander',
      ].join('\n'), 'expanded');
      assert.deepEqual(deck.cards.map((line: any) => [line.text, line.card.name]), [
        ['2x Darkrai EX from DEX 63/108', 'Darkrai-EX'], ['1x Yveltal (Fright Night) from BKT 94/162', 'Yveltal'],
        ['11x Dark', 'Darkness Energy'], ['2 {D}', 'Darkness Energy'], ['1 Darkness', 'Darkness Energy'],
        ['4x Juniper', 'Professor Juniper'],
      ]);
      assert.equal(deck.cards[0].card.id, 'en-bw5-63');
      assert.equal(deck.unresolved.length, 1);
      assert.match(deck.unresolved[0].reason, /^no card named Lysander in language en .*; did you mean Lysandre\?/);
    });

    it('tells ex from EX by the name: Chaos Rising\'s and Pitch Black\'s Pokémon ex are ex, Pokémon-EX stay EX', async () => {
      const count = async (query: string) => (await server.get(`/v1/cards?${query}&limit=1`)).body.pagination.total;
      assert.equal(await count('set=en-me04&subtype=EX'), 0);
      assert.equal(await count('set=en-me04&subtype=ex'), 23);
      assert.equal(await count('set=en-me05&subtype=ex'), 23);
      assert.equal(await count('set=en-me02&subtype=ex'), 23, 'Phantasmal Flames\' ex the source left unmarked');
      assert.equal(await count('set=en-bw5&subtype=EX'), 12);
      assert.equal(await count('set=en-bw5&subtype=ex'), 0);
      const [pyroar] = (await server.get('/v1/cards?ids=en-me04-015')).body.data;
      assert.deepEqual(pyroar.subtypes, ['Stage1', 'ex']);
    });

    it('answers the printing a player means: a main expansion\'s over a promo; autocomplete ranks exact, prefix, word prefix, rest', async () => {
      for (const typed of ['charzard', 'dragapult', 'pikachu', 'iono']) {
        const id = await named(`fuzzy=${typed}`);
        assert.doesNotMatch(id, /^en-(?:svp|mep|swshp|2\d{3}\w+|tk-)/, `${typed}: ${id}`);
      }
      assert.equal(await nameOf('fuzzy=buddy%20poffin'), 'Buddy-Buddy Poffin');
      assert.equal(await nameOf('fuzzy=charizard%20x'), 'Mega Charizard X ex');
      assert.match(await named('exact=Mew%20ex&set_code=PR-SV'), /^en-svp-/, 'a promo when set_code names its set');
      const iono = await completions('iono');
      assert.deepEqual(iono.slice(0, 2), ['Iono', 'Iono\'s Bellibolt ex']);
      assert.equal(iono.at(-1), 'Minion of Team Rocket', 'a match inside a word comes last');
      const poffin = await completions('poffin');
      assert.equal(poffin[0], 'Buddy-Buddy Poffin', 'a word prefix before the rest');
      assert.deepEqual(await completions('n’s'), await completions('n\'s'), '’ and \' are one character');
      assert.equal(await nameOf('exact=N\'s%20Resolve'), await nameOf('exact=N’s%20Resolve'));
    });

    it('resolves every line of published lists and gives the judge\'s verdict: Standard after the rotation, in three client languages', async () => {
      const english = await check(STANDARD_2026, 'standard', 'en');
      assert.deepEqual([english.unresolved, english.problems, english.legal, english.card_count], [[], [], true, 60]);
      for (const [list, lang] of [[STANDARD_2026_FR, 'fr'], [STANDARD_2026_DE, 'de']] as const) {
        const local = await check(list, 'standard', lang);
        assert.deepEqual([local.unresolved, local.problems, local.legal, local.card_count], [[], [], true, 60], lang);
        assert.deepEqual(local.cards.map((line: any) => line.card.id.replace(`${lang}-`, 'en-')), english.cards.map((line: any) => line.card.id), lang);
      }
    });

    it('resolves an Expanded list and a free-text one, every line, and finds them legal', async () => {
      for (const list of [EXPANDED_NIGHT_MARCH, FREE_TEXT_DARKRAI]) {
        const deck = await check(list, 'expanded');
        assert.deepEqual([deck.unresolved, deck.problems, deck.legal, deck.card_count], [[], [], true, 60], list.slice(0, 40));
      }
      const nightMarch = await check(EXPANDED_NIGHT_MARCH, 'standard');
      assert.equal(nightMarch.legal, false, 'the Phantom Forces era is not Standard');
      assert.ok(nightMarch.problems.every((problem: any) => problem.rule === 'not_legal'));
    });
  });
}
