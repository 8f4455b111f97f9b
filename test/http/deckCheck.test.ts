import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DECK_CATALOG, TCG_LIVE_LIST } from '../support/deckCatalog.js';
import { rateLimitOf } from '../support/http.js';
import { bearer, issueKey } from '../support/keys.js';
import { startServer, type TestServer } from '../support/server.js';
import { onStore, STORE_KINDS } from '../support/stores.js';

interface Checked {
  status: number;
  response: Response;
  body: any;
}

async function check(server: TestServer, key: string, body: unknown, contentType = 'application/json'): Promise<Checked> {
  const response = await fetch(`${server.baseUrl}/v1/decks/check`, {
    method: 'POST',
    headers: { ...bearer(key), 'content-type': contentType },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, response, body: text ? JSON.parse(text) : null };
}

const line = (result: any, n: number) => result.data.cards.find((entry: any) => entry.line === n);
const rulesOf = (result: any) => result.data.problems.map((problem: any) => problem.rule);

for (const store of STORE_KINDS) {
  describe(`POST /v1/decks/check: a pasted list resolved and checked (${store})`, await onStore(store), () => {
    let server: TestServer;
    let key: string;
    before(async () => {
      server = await startServer({ store });
      await server.catalogStore.replaceCatalog(DECK_CATALOG);
      key = await issueKey(server.accessStore);
    });
    after(async () => { await server.close(); });

    it('resolves a 15-line TCG Live list in one request, counted once', async () => {
      const { status, response, body } = await check(server, key, { list: TCG_LIVE_LIST });
      assert.equal(status, 200);
      assert.equal(rateLimitOf(response).used, 1);
      assert.deepEqual(Object.keys(body), ['data', 'retrieved_at']);
      assert.deepEqual(Object.keys(body.data), ['format', 'legal', 'card_count', 'cards', 'unresolved', 'problems']);
      assert.equal(body.data.format, 'standard');
      assert.equal(body.data.card_count, 60);
      assert.deepEqual(body.data.unresolved, []);
      assert.equal(body.data.cards.length, 15);
      assert.deepEqual(body.data.cards.map((entry: any) => entry.card.id), [
        'en-sv01-084', 'en-sv01-085', 'en-sv01-086', 'en-sv01-089', 'en-swsh10-046', 'en-svp-027',
        'en-sv01-196', 'en-sv01-191', 'en-sv02-172', 'en-sv02-188', 'en-sv01-181', 'en-sv02-185', 'en-sv05-157', 'en-sv01-189',
        'en-sve-005',
      ]);
      const first = body.data.cards[0];
      assert.deepEqual(first, { line: 2, text: '4 Ralts SVI 84', count: 4, card: first.card, legal: true });
      assert.equal(first.card.attacks[0].name, 'Test Attack', 'the card comes with its game text');
      assert.equal('variants' in first.card, false, 'the card is a Card row, without variants');
      const sets = await (await fetch(`${server.baseUrl}/v1/sets?limit=1`, { headers: bearer(key) })).json() as { retrieved_at: string };
      assert.equal(body.retrieved_at, sets.retrieved_at);
    });

    it('says Ultra Ball, Rare Candy and Boss\'s Orders are legal in Standard, Gardevoir ex SVI 86 and Super Rod PAL 188 not', async () => {
      const { body } = await check(server, key, { list: TCG_LIVE_LIST });
      assert.equal(line(body, 10).card.name, 'Ultra Ball');
      assert.equal(line(body, 10).legal, true);
      assert.equal(line(body, 11).legal, true, 'Rare Candy SVI 191');
      assert.equal(line(body, 12).legal, true, 'Boss\'s Orders PAL 172');
      assert.equal(line(body, 4).legal, false, 'Gardevoir ex SVI 86');
      assert.equal(line(body, 13).legal, false, 'Super Rod PAL 188');
      assert.equal(body.data.legal, false);
      const notLegal = body.data.problems.filter((problem: any) => problem.rule === 'not_legal');
      assert.deepEqual(notLegal.flatMap((problem: any) => problem.lines), [4, 6, 13], 'one problem per name, each naming its lines');
      assert.match(notLegal[0].message, /Gardevoir ex is not legal in Standard \(line 4\)/);
      assert.deepEqual([...new Set(rulesOf(body))], ['not_legal']);
    });

    it('sends the answer compressed when the client accepts it, the same JSON', async () => {
      const plain = await check(server, key, { list: TCG_LIVE_LIST });
      for (const coding of ['br', 'gzip']) {
        const response = await fetch(`${server.baseUrl}/v1/decks/check`, {
          method: 'POST', headers: { ...bearer(key), 'content-type': 'application/json', 'accept-encoding': coding },
          body: JSON.stringify({ list: TCG_LIVE_LIST }),
        });
        assert.equal(response.headers.get('content-encoding'), coding);
        assert.match(response.headers.get('vary') ?? '', /Accept-Encoding/);
        assert.deepEqual(await response.json(), plain.body, 'fetch decodes it to the same answer');
      }
    });

    it('checks against Expanded when asked', async () => {
      const { status, body } = await check(server, key, { list: TCG_LIVE_LIST, format: 'expanded' });
      assert.equal(status, 200);
      assert.equal(body.data.format, 'expanded');
      assert.equal(body.data.legal, true);
      assert.deepEqual(body.data.problems, []);
    });

    it('reads the Limitless and PTCGO forms, unpadded numbers, codes in any case and the PR-SV alias', async () => {
      const limitless = '4 Ralts svi 84\n4 Ultra Ball SVI 196\n1 Pikachu PR-SV 27\n8 Basic {P} Energy Energy 13\n';
      const ptcgo = '##Pokémon - 4\n* 4 Ralts SVI 84\n##Trainer Cards - 4\n* 4 Ultra Ball SVI 196\n##Energy - 8\n* 8 Psychic Energy SVE 5\n';
      for (const list of [limitless, ptcgo]) {
        const { status, body } = await check(server, key, { list });
        assert.equal(status, 200, list);
        assert.deepEqual(body.data.unresolved, [], list);
        const ids = body.data.cards.map((entry: any) => entry.card.id);
        assert.ok(ids.includes('en-sv01-084') && ids.includes('en-sv01-196'), list);
      }
      const { body } = await check(server, key, { list: limitless });
      assert.equal(line(body, 3).card.id, 'en-svp-027', 'PR-SV is SVP');
      assert.equal(line(body, 4).card.id, 'en-mee-005', 'basic Energy without a number of its own: the newest printing of its type');
    });

    it('resolves basic Energy to a card of the type the line names, whatever number it gives', async () => {
      const { body } = await check(server, key, { list: '8 Basic {P} Energy SVE 5\n4 Basic {W} Energy SVE 3\n4 Basic {P} Energy SVE 3\n4 Psychic Energy\n' });
      assert.deepEqual(body.data.cards.map((entry: any) => entry.card.id), ['en-sve-005', 'en-sve-003', 'en-mee-005', 'en-mee-005']);
      assert.deepEqual(body.data.unresolved, []);
    });

    it('resolves a line without set code and number by its exact name, newest legal printing first', async () => {
      const { body } = await check(server, key, { list: '4 Ultra Ball\n4 Boss\'s Orders\n' });
      assert.deepEqual(body.data.cards.map((entry: any) => entry.card.id), ['en-me01-131', 'en-me01-114']);
    });

    it('resolves a French list to French cards', async () => {
      const list = 'Pokémon: 2\n4 Tarsal SVI 84\n2 Gardevoir-ex SVI 86\nDresseur: 1\n4 Hyper Ball SVI 196\nÉnergie: 1\n10 Énergie {P} de base SVE 5\n';
      const { status, body } = await check(server, key, { list, lang: 'fr' });
      assert.equal(status, 200);
      assert.deepEqual(body.data.unresolved, []);
      assert.deepEqual(body.data.cards.map((entry: any) => entry.card.id), ['fr-sv01-084', 'fr-sv01-086', 'fr-sv01-196', 'fr-sve-005']);
    });

    it('tells why a line resolves to nothing: unknown code, missing number, another card at that number, unknown name', async () => {
      const list = '4 Ultra Ball SVX 196\n4 Ultra Ball SVI 300\n4 Ultra Ball PAL 172\n4 Ultra Bal\n';
      const { status, body } = await check(server, key, { list });
      assert.equal(status, 200);
      assert.deepEqual(body.data.cards, []);
      const reasons = body.data.unresolved.map((entry: any) => entry.reason);
      assert.match(reasons[0], /no set in language en has the code SVX; the nearest known codes are SVE, SVI, SVP/);
      assert.match(reasons[0], /nearest by name: Ultra Ball MEG 131, Ultra Ball SVI 196/);
      assert.match(reasons[1], /^Scarlet & Violet \(SVI\) has no card 300 \(its cards are numbered up to 198, 258 cards in all\)/);
      assert.match(reasons[2], /^PAL 172 is Boss's Orders, not Ultra Ball/);
      assert.match(reasons[3], /^no card named Ultra Bal in language en/);
      assert.deepEqual(body.data.unresolved.map((entry: any) => [entry.line, entry.text]),
        [[1, '4 Ultra Ball SVX 196'], [2, '4 Ultra Ball SVI 300'], [3, '4 Ultra Ball PAL 172'], [4, '4 Ultra Bal']]);
      const unresolved = body.data.problems.find((problem: any) => problem.rule === 'unresolved');
      assert.deepEqual(unresolved.lines, [1, 2, 3, 4]);
    });

    it('names every rule a deck breaks', async () => {
      const broken = [
        '5 Ultra Ball SVI 196', // copies (5 > 4), across the reprint too
        '1 Ultra Ball MEG 131',
        '1 Prime Catcher TEF 157', // ace_spec: two ACE SPEC cards
        '1 Maximum Belt TEF 154',
        '1 Radiant Greninja ASR 46', // radiant: two Radiant Pokémon; not_legal in Standard
        '1 Radiant Charizard CRZ 20',
        '2 Lunala Prism Star UPR 62', // prism_star: two of one name
        '1 Nowhere Card XXX 1', // unresolved
      ].join('\n');
      const { body } = await check(server, key, { list: broken });
      const rules = rulesOf(body);
      for (const rule of ['deck_size', 'copies', 'ace_spec', 'radiant', 'prism_star', 'not_legal', 'unresolved']) {
        assert.ok(rules.includes(rule), `${rule} in ${rules.join(', ')}`);
      }
      const noBasic = await check(server, key, { list: '4 Ultra Ball SVI 196\n56 Basic {P} Energy SVE 5' });
      assert.deepEqual(rulesOf(noBasic.body), ['no_basic']);
      for (const problem of body.data.problems) assert.equal(typeof problem.message, 'string');
    });
  });

  describe(`POST /v1/decks/check: refused requests, none counted (${store})`, await onStore(store), () => {
    let server: TestServer;
    before(async () => {
      server = await startServer({ store });
      await server.catalogStore.replaceCatalog(DECK_CATALOG);
    });
    after(async () => { await server.close(); });

    const refusals: Array<[string, unknown, number, RegExp, string?]> = [
      ['a missing list', { format: 'standard' }, 400, /^list is required$/],
      ['a blank list', { list: ' \n\t ' }, 400, /^list must be a deck list/],
      ['a list that is not text', { list: 4 }, 400, /^list must be a deck list/],
      ['a list over 20,000 characters', { list: `4 Ultra Ball SVI 196\n${'x'.repeat(20_000)}` }, 400, /^list must be a deck list of 1 to 20,000 characters/],
      ['an unknown format', { list: TCG_LIVE_LIST, format: 'legacy' }, 400, /^format must be one of: standard, expanded$/],
      ['an unknown lang', { list: TCG_LIVE_LIST, lang: 'xx' }, 400, /^lang must be one of: en, ja/],
      ['a body that is not JSON', '{"list": ', 400, /^the request body must be valid JSON$/],
      ['a body that is not an object', '[1]', 400, /^the request body must be a JSON object$/],
      ['a body sent as text', 'list=4 Ultra Ball', 400, /^the request body must be a JSON object sent as Content-Type: application\/json$/, 'text/plain'],
      ['a list without a card line', { list: 'Pokémon: 0\nTrainer: 0\n\nTotal Cards: 0\n' }, 400, /^list holds no card line/],
      ['a list of 101 card lines', { list: Array.from({ length: 101 }, (_, i) => `1 Card Number ${i} SVI ${i + 1}`).join('\n') }, 400,
        /^list holds 101 card lines; a deck check reads at most 100 \(a deck is 60 cards\)$/],
      ['a body over 128 KiB', { list: 'é'.repeat(30_000), pad: 'x'.repeat(100_000) }, 413, /^the request body is larger than 128 KiB/],
    ];
    for (const [what, body, status, message, contentType] of refusals) {
      it(`${what} is a ${status} with the error body, not counted`, async () => {
        const key = await issueKey(server.accessStore);
        const refused = await check(server, key, body, contentType);
        assert.equal(refused.status, status);
        assert.deepEqual(Object.keys(refused.body), ['error', 'code']);
        assert.equal(refused.body.code, status === 413 ? 'body_too_large' : /valid JSON|Content-Type/.test(refused.body.error) ? 'not_json' : 'invalid_parameter');
        assert.match(refused.body.error, message);
        assert.equal(rateLimitOf(refused.response).used, 0, 'the refused request is not counted');
        assert.equal(refused.response.headers.get('access-control-allow-origin'), '*');
        assert.ok(refused.response.headers.get('x-request-id'));
        const answered = await check(server, key, { list: '4 Ralts SVI 84' });
        assert.equal(answered.status, 200);
        assert.equal(rateLimitOf(answered.response).used, 1, 'the next answer is the first counted');
      });
    }

    it('takes 20,000 characters of list escaped in JSON', async () => {
      const key = await issueKey(server.accessStore);
      const list = `4 Ralts SVI 84\n${'\u0001'.repeat(19_985)}`;
      const { status } = await check(server, key, { list });
      assert.equal(status, 200);
    });

    it('refuses a missing or unknown key 401 and a spent month 429 before reading the body', async () => {
      const noKey = await fetch(`${server.baseUrl}/v1/decks/check`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' });
      assert.equal(noKey.status, 401);
      assert.ok(noKey.headers.get('www-authenticate'));
      const spent = await issueKey(server.accessStore, { monthlyLimit: 1 });
      assert.equal((await check(server, spent, { list: '4 Ralts SVI 84' })).status, 200);
      const refused = await check(server, spent, { list: 'not even json' });
      assert.equal(refused.status, 429);
      assert.ok(refused.response.headers.get('retry-after'));
    });

    it('answers another method 405 with Allow: POST', async () => {
      const response = await fetch(`${server.baseUrl}/v1/decks/check`);
      assert.equal(response.status, 405);
      assert.match(response.headers.get('allow') ?? '', /POST/);
    });
  });
}
