import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { RunningServer } from '../support/catalogServer.js';
import { startFullCatalogServer } from '../support/fullCatalogServer.js';
import { needsSharedDump } from '../support/shared.js';

/*
 * Each operator of the query language of /v2's `q` on the full English catalog (SQLite), checked
 * against what every card it returns holds, and totals against their complements.
 */

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
const words = (text: string) => fold(text).split(/[^\p{L}\p{N}]+/u).filter(Boolean);

describe("the query language of /v2's q, operator by operator, on the full catalog", needsSharedDump(), () => {
  let server: RunningServer;
  const search = async (q: string, more = '') => {
    const { status, body } = await server.get(`/v2/cards?q=${encodeURIComponent(q)}${more}`);
    assert.equal(status, 200, `${q}: ${JSON.stringify(body)}`);
    return body as { data: any[]; totalCount: number; count: number; page: number; pageSize: number };
  };
  const total = async (q: string) => (await search(q, '&pageSize=1&select=id')).totalCount;

  before(async () => {
    server = await startFullCatalogServer('sqlite', ['en']);
  });
  after(async () => {
    await server?.close();
  });

  it('field:value matches a word of the field, case and accents folded', async () => {
    const found = await search('name:charizard');
    assert.ok(found.totalCount > 40, `${found.totalCount}`);
    for (const card of found.data) assert.ok(words(card.name).includes('charizard'), card.name);
    const names = new Set(found.data.map((card) => card.name));
    assert.ok(names.has('Charizard') && names.has('Dark Charizard') && [...names].some((name) => /^Charizard ex$/i.test(name)), [...names].join(', '));
    const pokemon = await total('supertype:pokemon');
    assert.equal(pokemon, await total('supertype:Pokémon'));
    assert.equal(pokemon, await total('SUPERTYPE:POKEMON'.toLowerCase()));
    assert.equal(pokemon + await total('supertype:trainer') + await total('supertype:energy'), (await search('', '&pageSize=1')).totalCount);
  });

  it('"a phrase" matches its words in order', async () => {
    const found = await search('name:"venusaur v"');
    assert.ok(found.data.length > 0);
    for (const card of found.data) assert.match(fold(card.name), /(^|\W)venusaur v(\W|$)/, card.name);
    assert.ok(!found.data.some((card) => /vmax|vstar/i.test(card.name)));
  });

  it('wildcards: a prefix, a prefix and a suffix, anywhere in a word', async () => {
    const prefix = await search('name:char*');
    assert.ok(prefix.data.length > 0);
    for (const card of prefix.data) assert.ok(words(card.name).some((word) => word.startsWith('char')), card.name);
    const names = new Set((await search('name:char*', '&pageSize=250&orderBy=name')).data.map((card) => card.name));
    assert.ok(names.has('Charcadet') || names.has('Charjabug'), [...names].slice(0, 20).join(', '));
    const ends = await search('name:char*der');
    assert.ok(ends.data.length > 0);
    for (const card of ends.data) assert.ok(words(card.name).some((word) => word.startsWith('char') && word.endsWith('der')), card.name);
    const inside = await search('name:*x*');
    assert.ok(inside.totalCount > 100);
    for (const card of inside.data) assert.ok(words(card.name).some((word) => word.includes('x')), card.name);
  });

  it('!field:value matches the whole field', async () => {
    const exact = await search('!name:charizard');
    assert.ok(exact.data.length > 5);
    for (const card of exact.data) assert.equal(card.name, 'Charizard');
    assert.ok(exact.totalCount < await total('name:charizard'));
  });

  it('-term excludes, AND is implied, OR and parentheses group', async () => {
    const mega = await total('subtypes:mega');
    const megaWater = await total('subtypes:mega types:water');
    const megaNotWater = await search('subtypes:mega -types:water');
    assert.equal(megaNotWater.totalCount + megaWater, mega);
    for (const card of megaNotWater.data) assert.ok(!(card.types ?? []).includes('Water'), card.id);
    assert.equal(await total('subtypes:mega AND types:water'), megaWater);
    assert.equal(await total('subtypes:mega NOT types:water'), megaNotWater.totalCount);

    const either = await search('name:charizard (subtypes:mega OR subtypes:vmax)');
    assert.ok(either.data.length > 0);
    for (const card of either.data) {
      assert.ok(words(card.name).includes('charizard') && card.subtypes.some((s: string) => ['MEGA', 'VMAX'].includes(s)), `${card.name} ${card.subtypes}`);
    }
    assert.equal(either.totalCount, await total('name:charizard subtypes:mega') + await total('name:charizard subtypes:vmax'));
    const pikachuOrRaichu = await total('name:pikachu OR name:raichu');
    assert.ok(pikachuOrRaichu > await total('name:pikachu'));
  });

  it('ranges on numbers: inclusive, exclusive, mixed and open', async () => {
    for (const card of (await search('hp:[150 TO *]')).data) assert.ok(Number(card.hp) >= 150, card.hp);
    for (const card of (await search('hp:[* TO 100]')).data) assert.ok(Number(card.hp) <= 100, card.hp);
    const open = await search('hp:{100 TO 120}');
    assert.ok(open.data.length > 0);
    for (const card of open.data) assert.equal(card.hp, '110');
    for (const card of (await search('hp:[100 TO 120}')).data) assert.ok(['100', '110'].includes(card.hp), card.hp);
    const kanto = await search('nationalPokedexNumbers:[1 TO 151]');
    for (const card of kanto.data) assert.ok(card.nationalPokedexNumbers.some((n: number) => n >= 1 && n <= 151), card.id);
    for (const card of (await search('hp:[* TO *]')).data) assert.ok(card.hp !== undefined, card.id);
    assert.equal(await total('hp:[* TO *]') + await total('-hp:[* TO *]'), (await search('', '&pageSize=1')).totalCount);
    for (const card of (await search('attacks.convertedEnergyCost:[5 TO *]')).data) {
      assert.ok(card.attacks.some((attack: any) => attack.convertedEnergyCost >= 5), card.id);
    }
    for (const card of (await search('convertedRetreatCost:0 supertype:pokemon')).data) assert.ok(!card.convertedRetreatCost, card.id);
  });

  it('ranges on dates, the set release date, and ordering by it', async () => {
    const of2023 = await search('set.releaseDate:[2023/01/01 TO 2023/12/31]', '&orderBy=-set.releaseDate');
    assert.ok(of2023.totalCount > 500);
    for (const card of of2023.data) assert.ok(card.set.releaseDate >= '2023/01/01' && card.set.releaseDate <= '2023/12/31', card.set.releaseDate);
    const dates = of2023.data.map((card) => card.set.releaseDate);
    assert.deepEqual(dates, [...dates].sort().reverse());
    assert.equal(await total('set.releaseDate:[2023-01-01 TO 2023-12-31]'), of2023.totalCount);
  });

  it('nested and array fields', async () => {
    const checks: Array<[string, (card: any) => boolean]> = [
      ['set.id:sm1', (card) => card.set.id === 'sm1'],
      ['set.name:generations', (card) => /generations/i.test(card.set.name)],
      ['set.series:base', (card) => /base/i.test(card.set.series)],
      ['set.ptcgoCode:PAL', (card) => card.set.ptcgoCode === 'PAL'],
      ['attacks.name:spelunk', (card) => card.attacks.some((attack: any) => /spelunk/i.test(attack.name))],
      ['abilities.name:"energy burn"', (card) => card.abilities.some((ability: any) => /energy burn/i.test(ability.name))],
      ['weaknesses.type:fire', (card) => card.weaknesses.some((weakness: any) => weakness.type === 'Fire')],
      ['legalities.standard:legal', (card) => card.legalities.standard === 'Legal'],
      ['regulationMark:g', (card) => card.regulationMark === 'G'],
      ['rarity:"rare holo"', (card) => /rare holo/i.test(card.rarity)],
      ['artist:"ken sugimori"', (card) => /ken sugimori/i.test(card.artist)],
      ['evolvesFrom:charmeleon', (card) => card.evolvesFrom === 'Charmeleon'],
      ['types:water', (card) => card.types.includes('Water')],
      ['id:xy7-54', (card) => card.id === 'xy7-54'],
    ];
    for (const [q, holds] of checks) {
      const found = await search(q);
      assert.ok(found.data.length > 0, `${q} finds cards`);
      for (const card of found.data) assert.ok(holds(card), `${q}: ${card.id}`);
    }
    assert.equal((await search('id:xy7-54')).totalCount, 1);
  });

  it('orderBy a comma list with - for descending; pages never repeat or skip a card', async () => {
    const q = 'set.id:swsh12pt5';
    const all = (await search(q, '&pageSize=250')).data.map((card) => card.id);
    const walked: string[] = [];
    for (let page = 1; ; page += 1) {
      const { data } = await search(q, `&pageSize=17&page=${page}&orderBy=name,-number`);
      if (data.length === 0) break;
      walked.push(...data.map((card) => card.id));
    }
    assert.equal(walked.length, all.length);
    assert.deepEqual([...walked].sort(), [...all].sort());
    const byName = (await search(q, '&pageSize=250&orderBy=name,-number')).data;
    for (let i = 1; i < byName.length; i += 1) assert.ok(fold(byName[i - 1].name) <= fold(byName[i].name), `${byName[i - 1].name} ${byName[i].name}`);
  });

  it('a query that cannot be read is a 400 in their shape, naming where', async () => {
    for (const [q, where] of [['hp:', /^expected a value after "hp:" at 4$/], ['name:(charizard', /at \d+/], ['nmae:charizard', /name/], ['hp:[1 TO', /at \d+/]] as const) {
      const { status, body } = await server.get(`/v2/cards?q=${encodeURIComponent(q)}`);
      assert.equal(status, 400, q);
      assert.deepEqual(Object.keys(body.error), ['message', 'code']);
      assert.equal(body.error.code, 400);
      assert.match(body.error.message, where, q);
    }
  });
});
