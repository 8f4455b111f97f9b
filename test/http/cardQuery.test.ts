import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { startCatalogServer, tempDir, type RunningServer } from '../support/catalogServer.js';
import { importedCatalog } from '../support/importedCatalog.js';
import { needsSharedDump } from '../support/shared.js';

/*
 * /v1's `query`, operator by operator, on the full catalog of three languages (SQLite). What each
 * query should find is read from the stored cards themselves (the database file, with a folding of
 * this file's own), never through the query engine: totals equal, and every card returned holds it.
 */

const fold = (text: string) => text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
const words = (text: string | null | undefined) => (text ? fold(text).split(/[^\p{L}\p{N}]+/u).filter(Boolean) : []);

interface StoredCard {
  id: string;
  lang: string;
  set_id: string;
  artist: string | null;
  regulation_mark: string | null;
  evolves_from: string | null;
  pokedex_numbers: number[] | null;
  retreat_cost: number | null;
  rules_text: string | null;
  flavor_text: string | null;
  weaknesses: Array<{ type: string }> | null;
  abilities: Array<{ name: string | null; effect: string | null }> | null;
  variantKeys: string[];
  releaseDate: string | null;
  name: string;
  hp: string | number | null;
  types: string[] | null;
  supertype: string | null;
  set_code: string | null;
  attacks: Array<{ name: string | null; damage: string | null; effect: string | null }> | null;
  legalities: { standard: boolean; expanded: boolean } | null;
}

interface CardList {
  data: StoredCard[];
  pagination: { limit: number; offset: number; total: number; total_is_estimate: boolean; has_more: boolean };
}

describe("/v1/cards?query=, the query language over the /v1 card's fields, on the full catalog", needsSharedDump(), () => {
  let server: RunningServer;
  let dir: string;
  let cards: StoredCard[];
  const get = async (parameters: string) => {
    const { status, body } = await server.get(`/v1/cards?${parameters}`);
    return { status, body: body as CardList & { error: string; code: string } };
  };
  const query = async (text: string, more = '') => {
    const { status, body } = await get(`query=${encodeURIComponent(text)}${more}`);
    assert.equal(status, 200, `${text}: ${JSON.stringify(body)}`);
    return body;
  };
  const total = async (text: string, more = '') => (await query(text, `&limit=1${more}`)).pagination.total;
  /** Every card of the query, page by page. */
  const everyCard = async (text: string, more = '') => {
    const found: StoredCard[] = [];
    for (let offset = 0; ; offset += 200) {
      const page = await query(text, `&limit=200&offset=${offset}${more}`);
      found.push(...page.data);
      if (!page.pagination.has_more) return found;
    }
  };
  const ids = (list: readonly StoredCard[]) => list.map((card) => card.id).sort();
  /** Every card of /v1's filters, page by page: what the query of the same cards should find. */
  const everyFiltered = async (parameters: string) => {
    const found: StoredCard[] = [];
    for (let offset = 0; ; offset += 200) {
      const { status, body } = await get(`${parameters}&limit=200&offset=${offset}`);
      assert.equal(status, 200, `${parameters}: ${JSON.stringify(body)}`);
      found.push(...body.data);
      if (!body.pagination.has_more) return found;
    }
  };

  before(async () => {
    dir = tempDir('card-query-');
    const { file } = await importedCatalog(dir, { languages: ['en', 'de', 'ja'] });
    const db = new Database(file, { readonly: true });
    const released = new Map(db.prepare<[], { id: string; doc: string }>('SELECT id, doc FROM sets').all()
      .map(({ id, doc }) => [id, (JSON.parse(doc) as { release_date: string | null }).release_date]));
    cards = db.prepare<[], { doc: string; lang: string; variants: string }>('SELECT doc, lang, variants FROM cards ORDER BY search_order').all()
      .map(({ doc, lang, variants }) => {
        const card = JSON.parse(doc) as StoredCard;
        const variantKeys = (JSON.parse(variants) as Array<{ variant_key: string }>).map((variant) => variant.variant_key);
        return { ...card, lang, variantKeys, releaseDate: released.get(card.set_id) ?? null };
      });
    db.close();
    server = await startCatalogServer({ catalogFile: file });
  });
  after(async () => {
    await server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('name:glurak finds the German Charizards, by a word of the name, folded', async () => {
    const expected = cards.filter((card) => words(card.name).includes('glurak'));
    assert.ok(expected.length > 20 && expected.every((card) => card.lang === 'de'), `${expected.length}`);
    const found = await everyCard('name:glurak');
    assert.deepEqual(ids(found), ids(expected));
    assert.equal((await query('name:GLURAK', '&limit=1')).pagination.total_is_estimate, false);
    assert.equal(await total('name:GLURAK'), expected.length, 'case folded');
  });

  it('a Japanese name matches inside longer names (Mega, Radiant, tag teams)', async () => {
    const expected = cards.filter((card) => card.name.includes('リザードン'));
    assert.ok(expected.length > 20, `${expected.length}`);
    const found = await everyCard('name:リザードン');
    assert.deepEqual(ids(found), ids(expected));
    assert.ok(found.some((card) => card.name !== 'リザードン' && card.name.startsWith('メガ')), 'Mega Charizards');
  });

  it('attacks.effect:"search your deck" finds the English cards with that phrase in an attack', async () => {
    const phrase = /(^|[^\p{L}\p{N}])search your deck([^\p{L}\p{N}]|$)/u;
    const expected = cards.filter((card) => (card.attacks ?? []).some((attack) => phrase.test(fold(attack.effect ?? ''))));
    assert.ok(expected.filter((card) => card.lang === 'en').length > 100, `${expected.length}`);
    assert.equal(await total('attacks.effect:"search your deck"'), expected.length);
    const page = await query('attacks.effect:"Search your deck"', '&limit=200');
    assert.deepEqual(ids(page.data), ids(expected.slice(0, 200)), 'the first page, newest first as search orders');
  });

  it('types:fire hp:[100 TO *] legal:standard: a keyword, a range and a flag, with AND', async () => {
    const hp = (card: StoredCard) => (card.hp === null ? null : Number(card.hp));
    const expected = cards.filter((card) => (card.types ?? []).includes('Fire') && (hp(card) ?? 0) >= 100 && card.legalities?.standard === true);
    assert.ok(expected.length > 50, `${expected.length}`);
    assert.deepEqual(ids(await everyCard('types:fire hp:[100 TO *] legal:standard')), ids(expected));
    // Where the /v1 filters overlap, the same cards.
    const filtered = await get('type=Fire&legal=standard&lang=de&limit=1');
    assert.ok(filtered.body.pagination.total > 10, `${filtered.body.pagination.total}`);
    assert.equal(await total('types:fire legal:standard', '&lang=de'), filtered.body.pagination.total);
    assert.equal(await total('hp:>=100 types:fire legal:standard'), expected.length, '>= as a range');
  });

  it('set.code:PAL is what the set_code filter finds; lang combines by AND', async () => {
    const expected = cards.filter((card) => card.set_code === 'PAL');
    assert.ok(expected.length > 100);
    assert.equal(await total('set.code:PAL'), expected.length);
    assert.equal(await total('set.code:pal'), (await get('set_code=PAL&limit=1')).body.pagination.total);
    assert.equal(await total('set.code:PAL', '&lang=en'), expected.filter((card) => card.lang === 'en').length);
  });

  it('set.code takes the codes players write, as set_code does (PR-SW is SWSHP), and a wildcard only the catalog\'s', async () => {
    const promos = await everyFiltered('set_code=PR-SW');
    assert.ok(promos.length > 100 && promos.every((card) => card.set_code === 'SWSHP'), `${promos.length}`);
    assert.deepEqual(ids(await everyCard('set.code:PR-SW')), ids(promos));
    assert.equal(await total('set.code:pr-sw'), promos.length, 'case as the filter takes it');
    assert.equal(await total('!set.code:PR-SW'), promos.length, 'an exact term');
    assert.equal(await total('set.code:PR-SWSH'), promos.length);
    const pal = (await get('set_code=PAL&limit=1')).body.pagination.total;
    assert.equal(await total('set.code:PR-SW OR set.code:pal'), promos.length + pal, 'inside OR');
    const german = (await get('set_code=PR-SW&lang=de&limit=1')).body.pagination.total;
    assert.equal(await total('lang:de -set.code:PR-SW'), cards.filter((card) => card.lang === 'de').length - german, 'inside a negation');
    // The aliases are not indexed: PR* matches the catalog codes that start so (PR-HS, PR-DPP), not SWSHP.
    const prefixed = cards.filter((card) => card.set_code?.toUpperCase().startsWith('PR'));
    assert.ok(prefixed.length > 0 && prefixed.every((card) => card.set_code !== 'SWSHP'), `${prefixed.length}`);
    assert.equal(await total('set.code:PR*'), prefixed.length);
  });

  it('OR of two names, and a negation, as their sets', async () => {
    const pikachu = await total('name:pikachu');
    const raichu = await total('name:raichu');
    const both = await total('name:pikachu name:raichu');
    assert.equal(await total('name:pikachu OR name:raichu'), pikachu + raichu - both);
    const expected = cards.filter((card) => words(card.name).includes('pikachu') && !words(card.name).includes('v'));
    const found = await everyCard('name:pikachu -name:v');
    assert.deepEqual(ids(found), ids(expected));
    assert.equal(await total('-name:pikachu'), cards.length - pikachu);
  });

  it('every other kind of field: keywords, numbers, a date range, lists of objects, flags, variants, game text', async () => {
    const phrase = (text: string | null, words_: string) => new RegExp(`(^|[^\\p{L}\\p{N}])${words_}([^\\p{L}\\p{N}]|$)`, 'u').test(fold(text ?? ''));
    const cases: Array<[string, (card: StoredCard) => boolean]> = [
      ['artist:sugimori', (card) => words(card.artist).includes('sugimori')],
      ['regulation_mark:g', (card) => card.regulation_mark === 'G'],
      ['evolves_from:glumanda', (card) => words(card.evolves_from).includes('glumanda')],
      ['pokedex_numbers:[1 TO 3]', (card) => (card.pokedex_numbers ?? []).some((n) => n >= 1 && n <= 3)],
      ['retreat_cost:0 supertype:pokemon', (card) => card.retreat_cost === 0 && card.supertype === 'Pokemon'],
      ['attacks.damage:300', (card) => (card.attacks ?? []).some((attack) => attack.damage === '300')],
      ['weaknesses.type:lightning lang:ja', (card) => card.lang === 'ja' && (card.weaknesses ?? []).some((weakness) => weakness.type === 'Lightning')],
      ['set.release_date:[2023-01-01 TO 2023-06-30]', (card) => card.releaseDate !== null && card.releaseDate >= '2023-01-01' && card.releaseDate <= '2023-06-30'],
      ['legal:expanded -legal:standard', (card) => card.legalities?.expanded === true && card.legalities.standard !== true],
      ['variant:reverse-holo set.code:PAL', (card) => card.set_code === 'PAL' && card.variantKeys.includes('reverse-holo')],
      ['rules_text:"prize cards" lang:en', (card) => card.lang === 'en' && phrase(card.rules_text, 'prize cards')],
      ['flavor_text:volcano', (card) => words(card.flavor_text).includes('volcano')],
      ['abilities.effect:"once during your turn"', (card) => (card.abilities ?? []).some((ability) => phrase(ability.effect, 'once during your turn'))],
      ['abilities.name:* lang:en set.code:PAL', (card) => card.lang === 'en' && card.set_code === 'PAL' && (card.abilities ?? []).some((ability) => ability.name !== null)],
    ];
    for (const [text, holds] of cases) {
      const expected = cards.filter(holds);
      assert.equal(await total(text), expected.length, text);
      const page = await query(text, '&limit=200');
      assert.deepEqual(page.data.map((card) => card.id), expected.slice(0, 200).map((card) => card.id), text);
    }
    assert.ok(await total('artist:sugimori') > 100);
    assert.ok(await total('rules_text:"prize cards" lang:en') > 20);
  });

  it('order= sorts by hp, name and number, each reversed by -; release is newest first', async () => {
    const byHp = (await query('name:glurak', '&order=-hp&limit=200')).data.map((card) => Number(card.hp));
    assert.deepEqual(byHp, [...byHp].sort((a, b) => b - a));
    const newest = (await query('name:glurak', '&limit=200')).data.map((card) => card.id);
    assert.deepEqual(newest, cards.filter((card) => words(card.name).includes('glurak')).map((card) => card.id));
    assert.deepEqual((await query('name:glurak', '&order=-release&limit=200')).data.map((card) => card.id), [...newest].reverse());
    const names = (await query('supertype:trainer', '&lang=en&order=name&limit=50')).data.map((card) => fold(card.name));
    assert.deepEqual(names, [...names].sort());
    const paged = await query('name:glurak', '&order=hp&limit=5&offset=5');
    assert.deepEqual(paged.data.map((card) => card.id), (await query('name:glurak', '&order=hp&limit=10')).data.slice(5).map((card) => card.id));
    assert.equal(paged.pagination.has_more, true);
  });

  it('a query that cannot be read is a 400 invalid_query naming the position (counted from 1) or the nearest field', async () => {
    const cases: Array<[string, RegExp]> = [
      ['hp:', /^query: expected a value after "hp:" at 4/],
      ['nmae:pikachu', /^query: unknown field "nmae" at 1; did you mean "name"\?/],
      ['name:pikachu)', /^query: unbalanced "\)" at 13/],
      ['name:(a OR (b OR (c OR (d OR (e OR (f OR (g OR (h OR (i)))))))))', /nest/],
      ['name:a* name:b* name:c* name:d* name:e*', /wildcard/],
      ['x'.repeat(1001), /longer than 1,000 characters/],
    ];
    for (const [text, message] of cases) {
      const { status, body } = await get(`query=${encodeURIComponent(text)}`);
      assert.equal(status, 400, text);
      assert.equal(body.code, 'invalid_query', text);
      assert.match(body.error, message);
    }
  });

  it('query goes alone: beside q, id, ids, set or a filter it is a 400, and order goes with it', async () => {
    for (const other of ['q=pikachu', 'id=en-base1-4', 'ids=en-base1-4', 'set=en-base1', 'type=Fire']) {
      const { status, body } = await get(`query=name:pikachu&${other}`);
      assert.equal(status, 400, other);
      assert.equal(body.code, 'invalid_parameter');
      assert.match(body.error, /query goes alone/);
    }
    assert.equal((await get('q=pikachu&order=hp')).status, 400);
    assert.equal((await get('query=name:pikachu&order=rarity')).status, 400);
  });
});
