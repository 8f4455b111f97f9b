import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { naturalNumberOrder } from '../../src/catalog/rows/ordering.js';
import { searchKey } from '../../src/catalog/names/searchKey.js';
import type { ImportReport } from '../../src/importer/importReport.js';
import Database from 'better-sqlite3';
import { ENERGY_TYPES, FORMATS, RARITIES, REGULATION_MARKS, SUBTYPES, SUPERTYPES } from '../../src/vocabulary/cardVocabulary.js';
import { startCatalogServer, tempDir, type RunningServer } from '../support/catalogServer.js';
import { importedCatalog } from '../support/importedCatalog.js';
import { needsSharedDump } from '../support/shared.js';
import { REAL_TCG_LIVE_LIST } from '../support/realDeckList.js';

/** Walks every page of a list, checking the paging contract on the way. */
async function walk(server: RunningServer, url: string, limit: number): Promise<any[]> {
  const items: any[] = [];
  for (let offset = 0; ; offset += limit) {
    const { status, body } = await server.get(`${url}&limit=${limit}&offset=${offset}`);
    assert.equal(status, 200, url);
    assert.equal(body.pagination.limit, limit);
    assert.equal(body.pagination.offset, offset);
    assert.ok(body.data.length <= limit);
    items.push(...body.data);
    if (!body.pagination.has_more) {
      if (!body.pagination.total_is_estimate) assert.equal(body.pagination.total, items.length, `${url} total`);
      return items;
    }
    assert.equal(body.data.length, limit, 'a page before the last is full');
    assert.ok(offset < 100_000, 'paging ends');
  }
}

describe('the full TCGdex catalog over REST', needsSharedDump(), () => {
  let server: RunningServer;
  let report: ImportReport;
  let dir: string;

  before(async () => {
    dir = tempDir();
    const imported = await importedCatalog(dir);
    report = imported.report;
    server = await startCatalogServer({ catalogFile: imported.file });
  });
  after(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('filters the full catalog: the card a player reads off, and every vocabulary value a filter can name', async () => {
    const ids = async (query: string) => (await server.get(`/v1/cards?${query}`)).body.data.map((card: any) => card.id);
    assert.ok((await ids('number=4/102')).includes('en-base1-4'));
    assert.deepEqual(await ids('set_code=PAL&number=185&lang=en'), ['en-sv02-185']);
    assert.deepEqual(await ids('set_code=bs&number=004&lang=de'), ['de-base1-4']);
    const stage2Fire = await server.get('/v1/cards?type=Fire&subtype=Stage2&legal=expanded&lang=en&limit=200');
    assert.ok(stage2Fire.body.data.length > 0);
    for (const card of stage2Fire.body.data) {
      assert.ok(card.types.includes('Fire') && card.subtypes.includes('Stage2') && card.legalities.expanded, card.id);
    }
    // Every value the catalog holds is one the closed vocabularies (and so the filters) name.
    const db = new Database(path.join(dir, 'catalog.db'), { readonly: true });
    try {
      const vocabulary: Record<string, readonly string[]> = {
        supertype: SUPERTYPES, subtype: SUBTYPES, type: ENERGY_TYPES, rarity: RARITIES, mark: REGULATION_MARKS, legal: FORMATS,
      };
      const facets = db.prepare<[], { facet: string }>('SELECT DISTINCT facet FROM card_facets').all().map((row) => row.facet);
      for (const [kind, values] of Object.entries(vocabulary)) {
        const held = facets.filter((facet) => facet.startsWith(`${kind}:`)).map((facet) => facet.slice(kind.length + 1));
        assert.ok(held.length > 0, kind);
        assert.deepEqual(held.filter((value) => !values.includes(value)), [], `${kind} values outside the vocabulary`);
      }
    } finally {
      db.close();
    }
  });

  it('checks a real 60-card TCG Live list: Ultra Ball, Rare Candy and Boss\'s Orders legal through their reprints, Gardevoir ex SVI 86 not', async () => {
    const response = await fetch(`${server.baseUrl}/v1/decks/check`, {
      method: 'POST', headers: { authorization: `Bearer ${server.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ list: REAL_TCG_LIVE_LIST }),
    });
    assert.equal(response.status, 200);
    const { data } = await response.json() as { data: any };
    assert.deepEqual(data.unresolved, []);
    assert.equal(data.card_count, 60);
    assert.equal(data.cards.length, 20);
    const legalOf = (id: string) => data.cards.find((entry: any) => entry.card.id === id)?.legal;
    assert.equal(legalOf('en-sv01-196'), true, 'Ultra Ball SVI 196 (reprinted as MEG 131)');
    assert.equal(legalOf('en-sv01-191'), true, 'Rare Candy SVI 191 (reprinted as MEG 125)');
    assert.equal(legalOf('en-sv02-172'), true, 'Boss\'s Orders PAL 172 (reprinted as MEG 114)');
    assert.equal(legalOf('en-sv01-086'), false, 'Gardevoir ex SVI 86');
    assert.equal(legalOf('en-sve-005'), true, 'basic Psychic Energy');
    assert.equal(data.legal, false);
    assert.ok(data.problems.some((problem: any) => problem.rule === 'not_legal'));
  });

  it('rows name their set; ids without their zeros, promo codes and unknown codes as players write them', async () => {
    const ids = async (query: string) => {
      const { status, body } = await server.get(`/v1/cards?${query}`);
      assert.equal(status, 200, `${query}: ${JSON.stringify(body)}`);
      return body.data.map((card: any) => card.id);
    };
    const unpadded = await server.get('/v1/cards?id=en-sv01-86');
    assert.equal(unpadded.status, 404);
    assert.equal(unpadded.body.error, 'no card with id en-sv01-86; did you mean en-sv01-086? (ids keep the number as printed, zeros included)');
    assert.equal((await server.get('/v1/cards?id=en-sv01-086')).status, 200);

    assert.deepEqual(await ids('set_code=PR-SV&number=1&lang=en'), ['en-svp-001'], 'PR-SV is SVP');
    assert.deepEqual(await ids('set_code=PR-SW&number=SWSH001&lang=en'), ['en-swshp-SWSH001'], 'PR-SW is SWSHP, filled at import');
    assert.deepEqual(await ids('set_code=PR-SM&number=SM01&lang=en'), ['en-smp-SM01']);
    assert.deepEqual(await ids(`set_code=${encodeURIComponent('HIF:SV')}&number=SV49&lang=en`), ['en-sma-SV49'], 'HIF:SV, filled at import');

    const unknown = await server.get('/v1/cards?set_code=SVX');
    assert.equal(unknown.status, 400);
    assert.match(unknown.body.error, /^set_code SVX is not the printed abbreviation of any set; the nearest known codes are [A-Z0-9:.-]+(, [A-Z0-9:.-]+){4}$/);
    assert.ok(['SVI', 'SVE', 'SVP'].every((code) => unknown.body.error.includes(code)), unknown.body.error);

    const promo = (await server.get('/v1/cards?id=en-swshp-SWSH001')).body.data;
    assert.deepEqual([promo.set_name, promo.set_code], ['SWSH Black Star Promos', 'SWSHP']);
    const french = (await server.get('/v1/cards?q=pikachu&lang=fr&limit=20')).body.data;
    const frenchSets = new Map<string, string>();
    for (const card of french) {
      frenchSets.set(card.set_id, frenchSets.get(card.set_id) ?? (await server.get(`/v1/sets?id=${card.set_id}`)).body.data.name);
      assert.equal(card.set_name, frenchSets.get(card.set_id), card.id);
    }
    assert.ok(french.length > 0);
  });

  it('lists every imported set of every language, newest first, to the last page', async () => {
    for (const [lang, counts] of Object.entries(report.imported)) {
      const sets = await walk(server, `/v1/sets?lang=${lang}`, 200);
      assert.equal(sets.length, counts.sets, lang);
      assert.ok(sets.every((s) => s.language === lang));
      for (let i = 1; i < sets.length; i++) {
        const [a, b] = [sets[i - 1], sets[i]];
        assert.ok(b.release_date === null || (a.release_date !== null && a.release_date >= b.release_date), `${a.id} before ${b.id}`);
      }
    }
    const all = await server.get('/v1/sets?limit=1');
    assert.equal(all.body.pagination.total, 1580);
  });

  it('serves cards field by field as the spec names them, in six languages', async () => {
    const card = async (id: string) => (await server.get(`/v1/cards?id=${encodeURIComponent(id)}`)).body.data;
    const charizard = await card('en-base1-4');
    assert.deepEqual({ ...charizard, variants: undefined, other_languages: undefined }, {
      id: 'en-base1-4', pokemontcg_io_id: 'base1-4', set_id: 'en-base1', set_name: 'Base Set', set_code: 'BS', number: '4', local_id: '4/102',
      name: 'Charizard', supertype: 'Pokemon',
      subtypes: ['Stage2'], hp: 120, types: ['Fire'], rarity: 'Rare', artist: 'Mitsuhiro Arita', regulation_mark: null,
      image_small: 'https://assets.tcgdex.net/en/base/base1/4/low.webp',
      image_large: 'https://assets.tcgdex.net/en/base/base1/4/high.webp',
      updated_at: '2026-08-20T07:25:49.000Z', evolves_from: 'Charmeleon', pokedex_numbers: [6],
      flavor_text: 'Spits fire that is hot enough to melt boulders. Known to unintentionally cause forest fires.',
      abilities: [{ type: 'Pokemon Power', name: 'Energy Burn', effect: charizard.abilities[0].effect }],
      attacks: [{ name: 'Fire Spin', cost: ['Fire', 'Fire', 'Fire', 'Fire'], damage: '100', effect: charizard.attacks[0].effect }],
      weaknesses: [{ type: 'Water', value: '×2' }], resistances: [{ type: 'Fighting', value: '-30' }], retreat_cost: 3,
      rules_text: null, legalities: { standard: false, expanded: false }, variants: undefined, other_languages: undefined,
    });
    assert.deepEqual(charizard.variants.map((v: any) => v.variant_key),
      ['holo-unlimited', '1st-edition-holo-shadowless', 'holo-shadowless', 'holo-copyright']);
    assert.deepEqual(charizard.variants.map((v: any) => v.is_default), [true, false, false, false]);

    const dracaufeu = await card('fr-base1-4');
    assert.equal(dracaufeu.name, 'Dracaufeu');
    assert.equal(dracaufeu.supertype, 'Pokemon', 'Pokémon is mapped back to the English vocabulary');
    assert.deepEqual(dracaufeu.types, ['Fire'], 'Feu is mapped back');
    assert.equal(dracaufeu.rarity, 'Rare');
    assert.deepEqual(dracaufeu.subtypes, ['Stage2'], 'Niveau 2 is mapped back');
    assert.deepEqual(dracaufeu.attacks[0].cost, ['Fire', 'Fire', 'Fire', 'Fire'], 'Feu is mapped back in costs');
    assert.equal(dracaufeu.abilities[0].type, 'Pokemon Power', 'Pouvoir Pokémon is mapped back');
    assert.equal(dracaufeu.evolves_from, 'Reptincel', "names stay in the card's language");
    assert.equal(dracaufeu.local_id, '4/102');

    const glurak = await card('de-base1-4');
    assert.equal(glurak.name, 'Glurak');
    assert.deepEqual(glurak.types, ['Fire']);

    const pikachuJa = await card('ja-PMCG1-035');
    assert.equal(pikachuJa.name, 'ピカチュウ');
    assert.equal(pikachuJa.hp, 40);
    assert.deepEqual(pikachuJa.types, ['Lightning']);
    assert.equal(pikachuJa.artist, 'Mitsuhiro Arita');
    assert.equal(pikachuJa.local_id, '035/102');
    assert.deepEqual(pikachuJa.variants.map((v: any) => v.variant_key), ['normal', 'normal-no-rarity']);

    for (const [lang, q] of [['zh-tw', '皮卡丘'], ['th', 'พิคาชู'], ['ko', '피카츄'], ['es', 'Pikachu'], ['it', 'Pikachu']]) {
      const found = await server.get(`/v1/cards?q=${encodeURIComponent(q!)}&lang=${lang}&limit=1`);
      assert.equal(found.status, 200);
      if (lang === 'ko' && found.body.data.length === 0) continue; // Korean has cards in only 3 sets
      const first = found.body.data[0];
      assert.ok(first, `${lang} has ${q}`);
      assert.ok(first.id.startsWith(`${lang}-`));
      assert.ok(searchKey(first.name).includes(searchKey(q!)));
      const full = await card(first.id);
      assert.equal(full.set_id, first.set_id);
      assert.ok(full.variants.length >= 1);
      assert.equal(full.variants.filter((v: any) => v.is_default).length, 1);
      assert.equal(new Set(full.variants.map((v: any) => v.variant_key)).size, full.variants.length);
      assert.match(full.image_small, new RegExp(`^https://assets\\.tcgdex\\.net/${lang}/.+/low\\.webp$`));
    }
  });

  it('links a card and a set to their printings in the other languages: from Glurak to Charizard', async () => {
    const glurak = (await server.get('/v1/cards?id=de-base1-4')).body.data;
    assert.deepEqual(glurak.other_languages, [
      { language: 'en', id: 'en-base1-4', name: 'Charizard' },
      { language: 'fr', id: 'fr-base1-4', name: 'Dracaufeu' },
      { language: 'it', id: 'it-base1-4', name: 'Charizard' },
    ]);
    const charizard = (await server.get('/v1/cards?id=en-base1-4')).body.data;
    // The same number's printings first, as before; the Asian printings matched to it after them, each saying how.
    assert.deepEqual(charizard.other_languages.filter((link: any) => !link.match).map((link: any) => link.id), ['fr-base1-4', 'it-base1-4', 'de-base1-4']);
    assert.deepEqual(charizard.other_languages.slice(0, 3).map((link: any) => link.id), ['fr-base1-4', 'it-base1-4', 'de-base1-4']);
    assert.ok(charizard.other_languages.slice(3).every((link: any) => link.match && ['ja', 'ko', 'zh-tw', 'zh-cn', 'th', 'id'].includes(link.language)));
    const baseSet = (await server.get('/v1/sets?id=de-base1')).body.data;
    assert.deepEqual(baseSet.other_languages.map((link: any) => [link.language, link.name]), [
      ['en', 'Base Set'], ['fr', 'Set de Base'], ['it', 'Set Base'], ['es', 'Edición Básica'], ['pt', 'Coleção Básica'], ['nl', 'Basis Set'],
    ]);
    const asian = (await server.get('/v1/cards?id=ja-PMCG1-035')).body.data;
    assert.ok(asian.other_languages.every((link: any) => ['ko', 'zh-tw', 'id', 'th', 'zh-cn'].includes(link.language) || (link.language === 'en' && link.match)),
      'an Asian printing links to an international one only where matched, and says how');
    assert.ok(asian.other_languages.some((link: any) => link.id === 'en-base1-58' && link.match === 'printed'));
    const list = (await server.get('/v1/cards?set=de-base1&limit=5')).body.data;
    assert.ok(list.every((card: any) => !('other_languages' in card)), 'lists carry no links');
  });

  it('German cards whose set is missing from the German set list keep their set', async () => {
    const set = await server.get('/v1/sets?id=de-pop1');
    assert.equal(set.status, 200);
    assert.ok(set.body.data.card_count > 0);
    assert.equal(set.body.data.series, null);
  });

  it('legality by the game’s rules: reprints of the same name and text, and Standard within Expanded in every language', async () => {
    const legalities = async (ids: string[]) => {
      const { status, body } = await server.get(`/v1/cards?ids=${ids.join(',')}`);
      assert.equal(status, 200);
      return Object.fromEntries(body.data.map((card: any) => [card.id, card.legalities.standard]));
    };
    // Ultra Ball SVI 196, Rare Candy SVI 191 and Boss's Orders PAL 172 (mark G) through their MEG reprints (mark I).
    assert.deepEqual(await legalities(['en-sv01-196', 'en-sv01-191', 'en-sv02-172', 'en-sv01-086', 'en-sv02-188']), {
      'en-sv01-196': true, 'en-sv01-191': true, 'en-sv02-172': true, 'en-sv01-086': false, 'en-sv02-188': false,
    });
    const standardUltraBall = await server.get('/v1/cards?q=Ultra%20Ball&lang=en&legal=standard&limit=200');
    assert.ok(standardUltraBall.body.data.some((card: any) => card.id === 'en-sv01-196'), 'the legal= filter reads the same legalities');

    const db = new Database(path.join(dir, 'catalog.db'), { readonly: true });
    try {
      const rows = db.prepare<[], { id: string; doc: string }>('SELECT id, doc FROM cards').all();
      const notExpanded = rows.filter((row) => {
        const { legalities } = JSON.parse(row.doc);
        return legalities?.standard === true && legalities.expanded !== true;
      });
      assert.ok(rows.length > 100_000);
      assert.deepEqual(notExpanded.map((row) => row.id), [], 'every Standard-legal card of every language is Expanded-legal');
    } finally {
      db.close();
    }
    const total = async (query: string) => (await server.get(`/v1/cards?${query}&limit=1`)).body.pagination.total;
    for (const lang of ['ja', 'zh-tw', 'en']) {
      assert.ok(await total(`legal=standard&lang=${lang}`) <= await total(`legal=expanded&lang=${lang}`), lang);
    }
    assert.deepEqual((await server.get('/v1/cards?id=ja-M2-013')).body.data.legalities, { standard: true, expanded: true });
  });

  it('Energy that prints an effect is Special; basic Energy stays Normal', async () => {
    const subtypes = async (id: string) => (await server.get(`/v1/cards?id=${id}`)).body.data.subtypes;
    assert.deepEqual(await subtypes('en-me02.5-216'), ['Special'], 'Prism Energy');
    assert.deepEqual(await subtypes('en-me02.5-217'), ['Special'], "Team Rocket's Energy");
    assert.deepEqual(await subtypes('en-sve-001'), ['Normal'], 'Grass Energy');
    assert.deepEqual(await subtypes('ja-SV-P-037'), ['Normal'], 'a Japanese promo basic Energy whose only text is the copyright line');
  });

  it('leaves Pokémon TCG Pocket out', async () => {
    assert.equal((await server.get('/v1/sets?id=en-A1')).status, 404);
    assert.equal((await server.get('/v1/cards?id=en-A1-001')).status, 404);
  });

  it('walks real sets to the end in natural number order, with exact totals and card_count', async () => {
    for (const setId of ['en-base1', 'en-swsh12.5', 'ja-SV1a', 'fr-sv03.5']) {
      const cards = await walk(server, `/v1/cards?set=${setId}`, 37);
      const one = await server.get(`/v1/sets?id=${setId}`);
      assert.equal(one.body.data.card_count, cards.length, setId);
      assert.equal(new Set(cards.map((c) => c.id)).size, cards.length, 'no card twice');
      for (let i = 1; i < cards.length; i++) {
        assert.ok(naturalNumberOrder(cards[i - 1].number, cards[i].number) <= 0, `${cards[i - 1].id} before ${cards[i].id}`);
      }
    }
    assert.equal((await walk(server, '/v1/cards?set=en-base1', 200)).length, 102);
  });

  it('a set known in a language without any of its cards is listed with card_count 0', async () => {
    const korean = await walk(server, '/v1/sets?lang=ko', 200);
    const counts = await Promise.all(korean.slice(0, 20).map(async (s) => (await server.get(`/v1/sets?id=${s.id}`)).body.data.card_count));
    assert.ok(counts.includes(0));
  });

  it('walks searches to the end: every match once, exact names, then prefixes, then the rest', async () => {
    for (const [q, lang] of [['pikachu', 'en'], ['Pokémon', 'fr'], ['ピカ', 'ja'], ['dracaufeu', 'fr']]) {
      const key = searchKey(q!);
      const cards = await walk(server, `/v1/cards?q=${encodeURIComponent(q!)}&lang=${lang}`, 50);
      assert.ok(cards.length > 0, q);
      assert.equal(new Set(cards.map((c) => c.id)).size, cards.length, 'no card twice');
      const rank = (name: string) => (searchKey(name) === key ? 0 : searchKey(name).startsWith(key) ? 1 : 2);
      for (const [i, c] of cards.entries()) {
        assert.ok(searchKey(c.name).includes(key), `${c.name} matches ${q}`);
        assert.ok(c.id.startsWith(`${lang}-`));
        if (i > 0) assert.ok(rank(cards[i - 1].name) <= rank(c.name), `${cards[i - 1].name} before ${c.name}`);
      }
    }
  });

  it('search folds case, accents, width and kana, across all languages', async () => {
    const ids = async (q: string, extra = '') => (await server.get(`/v1/cards?q=${encodeURIComponent(q)}&limit=200${extra}`)).body.data.map((c: any) => c.id);
    assert.ok((await ids('pokemon')).length > 0);
    assert.deepEqual(await ids('pokemon', '&lang=fr'), await ids('POKÉMON', '&lang=fr'));
    assert.deepEqual(await ids('ぴかちゅう', '&lang=ja'), await ids('ピカチュウ', '&lang=ja'));
    assert.deepEqual(await ids('ＰＩＫＡＣＨＵ', '&lang=en'), await ids('pikachu', '&lang=en'));
    const everywhere = await ids('pikachu');
    assert.ok(new Set(everywhere.map((id: string) => id.split('-')[0])).size > 1, 'all languages without lang');
    assert.ok((await ids('皮卡', '&lang=zh-tw')).length > 0, 'two-character Chinese query');
  });

  it('search finds names as people type them: without spaces, apostrophes, hyphens or dots', async () => {
    const found = async (q: string, lang: string) =>
      (await server.get(`/v1/cards?q=${encodeURIComponent(q)}&lang=${lang}&limit=200`)).body.data as Array<{ id: string; name: string }>;
    const shaymin = await found('Shaymin EX', 'en');
    assert.deepEqual(new Set(shaymin.map((c) => c.name)), new Set(['Shaymin EX', 'Shaymin-EX']), 'TCGdex spells it both ways');
    assert.deepEqual(await found('shaymin-ex', 'en'), shaymin);
    const farfetchd = await found('farfetchd', 'en');
    const names = new Set(farfetchd.map((c) => c.name));
    assert.ok(names.has("Farfetch'd") && names.has('Farfetch’d'), 'the straight and the curly apostrophe are one name');
    assert.deepEqual(await found('Farfetch’d', 'en'), farfetchd);
    assert.ok(farfetchd.findIndex((c) => c.name.startsWith('Galarian')) > farfetchd.findLastIndex((c) => c.name.startsWith('Farfetch')),
      'exact names first, Galarian Farfetch\'d (contains) after');
    const mime = await found('mr mime', 'en');
    assert.equal(mime[0]!.name, 'Mr. Mime');
    assert.deepEqual(await found('Mr. Mime', 'en'), mime);
    const kokeko = await found('カプコケコ', 'ja');
    assert.ok(kokeko.length > 0 && kokeko.every((c) => c.name.startsWith('カプ・コケコ')));
  });

  it('finds the card of a name as people type it, completes names and suggests on an empty search', async () => {
    const named = async (query: string) => {
      const { status, body } = await server.get(`/v1/cards/named?${query}`);
      assert.equal(status, 200, `${query}: ${JSON.stringify(body)}`);
      return body.data;
    };
    assert.equal((await named('fuzzy=charzard')).name, 'Charizard');
    assert.equal((await named('fuzzy=pikachu%20v%20max')).name, 'Pikachu VMAX');
    assert.equal((await named('fuzzy=lugia%20v%20star')).name, 'Lugia VSTAR');
    assert.equal((await named('fuzzy=boss%20orders')).name, 'Boss\'s Orders');
    assert.equal((await named('fuzzy=professors%20research')).name, 'Professor\'s Research');
    assert.equal((await named('fuzzy=Boss\'s%20Orders%20(Ghetsis)')).name, 'Boss\'s Orders');
    assert.equal((await named('exact=iono')).name, 'Iono');
    assert.equal((await named('fuzzy=glurack&lang=de')).name, 'Glurak');
    assert.equal((await named('fuzzy=charizard&set_code=BS')).id, 'en-base1-4');
    const ambiguous = await server.get('/v1/cards/named?fuzzy=chariz');
    assert.equal(ambiguous.status, 404);
    assert.ok(ambiguous.body.candidates.length === 20 && ambiguous.body.candidates[0] === 'Charizard', ambiguous.body.candidates);
    const completed = (await server.get('/v1/cards/autocomplete?q=pika')).body.data;
    assert.equal(completed[0], 'Pikachu');
    assert.equal(completed.length, 20);
    assert.deepEqual((await server.get('/v1/cards?q=charzard&lang=en')).body.suggestions.slice(0, 1), ['Charizard']);
  });
});
