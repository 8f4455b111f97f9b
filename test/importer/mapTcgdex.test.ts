import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { mapTcgdex, REASONS } from '../../src/importer/mapTcgdex.js';
import type { TcgdexLanguageData } from '../../src/importer/tcgdexRecords.js';
import { tcgdexCard, tcgdexSet } from '../support/tcgdexFixtures.js';

const byId = <T extends { id: string }>(records: T[], id: string): T => {
  const found = records.find((r) => r.id === id);
  assert.ok(found, `no record ${id}`);
  return found;
};

describe('ids, numbers and set fields', () => {
  const { catalog } = mapTcgdex([{
    lang: 'en',
    sets: [
      tcgdexSet('en', 'base1'),
      tcgdexSet('en', 'nototal', { cardCount: { total: 5 } }),
    ],
    cards: [
      tcgdexCard('en', 'base1', '4'),
      tcgdexCard('en', 'base1', 'H1'),
      tcgdexCard('en', 'nototal', '7'),
    ],
  }]);

  test('set and card ids are the TCGdex ids behind the language', () => {
    assert.deepEqual(catalog.sets.map((s) => s.id), ['en-base1', 'en-nototal']);
    assert.deepEqual(catalog.cards.map((c) => c.id), ['en-base1-4', 'en-base1-H1', 'en-nototal-7']);
    assert.equal(byId(catalog.cards, 'en-base1-4').set_id, 'en-base1');
  });

  test('local_id is the number over the printed total only for all-digit numbers with a known total', () => {
    assert.equal(byId(catalog.cards, 'en-base1-4').number, '4');
    assert.equal(byId(catalog.cards, 'en-base1-4').local_id, '4/102');
    assert.equal(byId(catalog.cards, 'en-base1-H1').local_id, 'H1');
    assert.equal(byId(catalog.cards, 'en-nototal-7').local_id, '7');
  });

  test('a set carries its series, dates, totals and .webp image urls', () => {
    assert.deepEqual(byId(catalog.sets, 'en-base1'), {
      id: 'en-base1', name: 'base1 (en)', name_en: 'base1 (en)', series: 'Base', release_date: '1999-01-09',
      total: 102, printed_total: 102, language: 'en',
      logo_url: 'https://assets.tcgdex.net/en/base/base1/logo.webp',
      symbol_url: 'https://assets.tcgdex.net/univ/base/base1/symbol.webp',
      abbreviation: null,
    });
  });

  test('the sets TCGdex gives no abbreviation although players write a code get one (swshp SWSHP, sma HIF:SV); TCGdex\'s own wins', () => {
    const { catalog: promos } = mapTcgdex([{
      lang: 'fr',
      sets: [
        tcgdexSet('fr', 'swshp'),
        tcgdexSet('fr', 'sma'),
        tcgdexSet('fr', 'svp', { abbreviation: { official: 'SVP' } }),
        tcgdexSet('fr', 'smp', { tcgOnline: 'PR-SM' }),
        tcgdexSet('fr', 'wp'),
      ],
      cards: [],
    }]);
    assert.deepEqual(promos.sets.map((s) => [s.id, s.abbreviation]),
      [['fr-swshp', 'SWSHP'], ['fr-sma', 'HIF:SV'], ['fr-svp', 'SVP'], ['fr-smp', 'PR-SM'], ['fr-wp', null]]);
  });

  test('a card carries its images, artist, hp and an ISO updated_at', () => {
    const card = byId(catalog.cards, 'en-base1-4');
    assert.equal(card.image_small, 'https://assets.tcgdex.net/en/base/base1/4/low.webp');
    assert.equal(card.image_large, 'https://assets.tcgdex.net/en/base/base1/4/high.webp');
    assert.equal(card.artist, 'Mitsuhiro Arita');
    assert.equal(card.hp, 120);
    assert.equal(card.updated_at, '2026-08-20T07:25:49.000Z');
    assert.deepEqual(card.subtypes, ['Stage2']);
  });
});

describe('card field rules', () => {
  const { catalog, report } = mapTcgdex([{
    lang: 'en',
    sets: [tcgdexSet('en', 'swsh1')],
    cards: [
      tcgdexCard('en', 'swsh1', '1', { regulationMark: 'None' }),
      tcgdexCard('en', 'swsh1', '2', { regulationMark: 'j' }),
      tcgdexCard('en', 'swsh1', '3', { image: undefined, hp: undefined, types: undefined, stage: undefined, category: 'Trainer', trainerType: 'Item' }),
      tcgdexCard('en', 'swsh1', '4', { name: undefined }),
    ],
  }]);

  test('regulation mark None is null and a lowercase mark is uppercased', () => {
    assert.equal(byId(catalog.cards, 'en-swsh1-1').regulation_mark, null);
    assert.equal(byId(catalog.cards, 'en-swsh1-2').regulation_mark, 'J');
  });

  test('a card without image has null images, on the card and its variants', () => {
    const card = byId(catalog.cards, 'en-swsh1-3');
    assert.equal(card.image_small, null);
    assert.equal(card.image_large, null);
    assert.equal(card.variants[0]!.image_small, null);
    assert.equal(card.hp, null);
    assert.equal(card.types, null);
    assert.deepEqual(card.subtypes, ['Item']);
    assert.equal(card.supertype, 'Trainer');
  });

  test('a record the schema rejects is skipped with the failing field as reason', () => {
    assert.equal(catalog.cards.some((c) => c.id === 'en-swsh1-4'), false);
    const skipped = report.skipped.find((s) => s.id === 'swsh1-4');
    assert.ok(skipped);
    assert.equal(skipped.kind, 'card');
    assert.match(skipped.reason, /^invalid record: \/name/);
  });
});

describe('languages', () => {
  const { catalog, report } = mapTcgdex([
    { lang: 'pt', sets: [tcgdexSet('pt', 'xy1')], cards: [tcgdexCard('pt', 'xy1', '1')] },
    {
      lang: 'pt-br',
      sets: [tcgdexSet('pt-br', 'xy1'), tcgdexSet('pt-br', 'xy2')],
      cards: [tcgdexCard('pt-br', 'xy1', '2'), tcgdexCard('pt-br', 'xy2', '1')],
    },
    { lang: 'pt-pt', sets: [tcgdexSet('pt-pt', 'xy1')], cards: [tcgdexCard('pt-pt', 'xy1', '3')] },
  ]);

  test('TCGdex pt-br becomes pt, keeping one set per id', () => {
    assert.deepEqual(catalog.sets.map((s) => s.id), ['pt-xy1', 'pt-xy2']);
    assert.equal(byId(catalog.sets, 'pt-xy1').name, 'xy1 (pt)');
    assert.equal(byId(catalog.sets, 'pt-xy2').language, 'pt');
    assert.deepEqual(catalog.cards.map((c) => c.id), ['pt-xy1-1', 'pt-xy1-2', 'pt-xy2-1']);
    assert.deepEqual(report.skipped.filter((s) => s.lang === 'pt-br'), [
      { kind: 'set', lang: 'pt-br', id: 'xy1', reason: REASONS.duplicateSet },
    ]);
  });

  test('any other TCGdex language is skipped with every record and a reason', () => {
    const skipped = report.skipped.filter((s) => s.lang === 'pt-pt');
    assert.deepEqual(skipped.map((s) => `${s.kind} ${s.id}`), ['language pt-pt', 'set xy1', 'card xy1-3']);
    assert.match(skipped[0]!.reason, /pt-pt is not one of the catalog's 16 languages/);
  });

  test('the report counts what was read per source language and kept per catalog language', () => {
    assert.deepEqual(report.read, {
      pt: { sets: 1, cards: 1 }, 'pt-br': { sets: 2, cards: 2 }, 'pt-pt': { sets: 1, cards: 1 },
    });
    assert.deepEqual(report.imported, { pt: { sets: 2, cards: 3 } });
  });
});

describe('Pokémon TCG Pocket and sets missing from a set list', () => {
  const input: TcgdexLanguageData[] = [
    {
      lang: 'en',
      sets: [
        tcgdexSet('en', 'A1', { serie: { id: 'tcgp', name: 'Pokémon TCG Pocket' } }),
        tcgdexSet('en', 'pop1', { name: 'POP Series 1', releaseDate: '2004-09-01' }),
      ],
      cards: [tcgdexCard('en', 'A1', '001'), tcgdexCard('en', 'pop1', '1')],
    },
    {
      lang: 'de',
      sets: [],
      cards: [
        tcgdexCard('de', 'A1', '001'),
        tcgdexCard('de', 'pop1', '1', { set: { id: 'pop1', name: 'POP Serie 1', logo: 'https://assets.tcgdex.net/de/pop/pop1/logo', cardCount: { official: 17, total: 17 } } }),
        tcgdexCard('de', 'pop1', '2', { set: { id: 'pop1', name: 'POP Serie 1', cardCount: { official: 17, total: 17 } } }),
        tcgdexCard('de', 'pop9', '1', { set: { id: 'pop9', name: 'POP Serie 9' } }),
      ],
    },
  ];
  const { catalog, report } = mapTcgdex(input);

  test('Pocket sets and cards are skipped in every language, even where the set list lacks the set', () => {
    assert.equal(catalog.sets.some((s) => s.id.endsWith('-A1')), false);
    assert.equal(catalog.cards.some((c) => c.id.includes('-A1-')), false);
    const pocket = report.skipped.filter((s) => s.reason === REASONS.pocket).map((s) => `${s.kind} ${s.lang} ${s.id}`);
    assert.deepEqual(pocket.sort(), ['card de A1-001', 'card en A1-001', 'set en A1']);
  });

  test('a German set missing from its set list is built from its cards, once', () => {
    assert.deepEqual(byId(catalog.sets, 'de-pop1'), {
      id: 'de-pop1', name: 'POP Serie 1', name_en: 'POP Series 1', series: null,
      release_date: '2004-09-01', total: 17, printed_total: 17, language: 'de',
      logo_url: 'https://assets.tcgdex.net/de/pop/pop1/logo.webp', symbol_url: null, abbreviation: null,
    });
    assert.deepEqual(catalog.cards.filter((c) => c.set_id === 'de-pop1').map((c) => c.local_id), ['1/17', '2/17']);
    assert.deepEqual(report.notes?.setsBuiltFromCardBrief, ['de-pop1', 'de-pop9']);
    assert.deepEqual(report.notes?.borrowedReleaseDates, [{ set: 'de-pop1', from: 'en-pop1' }]);
  });

  test('a set known in no other language gets no release date', () => {
    const pop9 = byId(catalog.sets, 'de-pop9');
    assert.equal(pop9.release_date, null);
    assert.equal(pop9.name_en, null);
    assert.equal(pop9.total, null);
  });
});

describe('enumerations in one English vocabulary', () => {
  const en = (localId: string, overrides = {}) => tcgdexCard('en', 'base1', localId, overrides);
  const fr = (localId: string, overrides = {}) => tcgdexCard('fr', 'base1', localId, overrides);
  const { catalog, report } = mapTcgdex([
    {
      lang: 'en',
      sets: [tcgdexSet('en', 'base1')],
      cards: [
        en('1', { category: 'Pokemon', rarity: 'Rare Holo', stage: 'Stage1', types: ['Lightning'] }),
        en('2', { category: 'Trainer', rarity: 'Uncommon', stage: undefined, hp: undefined, types: undefined, trainerType: 'Item' }),
        en('3', { category: 'Pokemon', rarity: 'Uncommon', stage: 'Stage1', types: ['Lightning'] }),
      ],
    },
    {
      lang: 'fr',
      sets: [tcgdexSet('fr', 'base1')],
      cards: [
        fr('1', { category: 'Pokémon', rarity: 'Rare Holo', stage: 'Niveau 1', types: ['Électrique'] }),
        fr('2', { category: 'Dresseur', rarity: 'Peu Commune', stage: undefined, hp: undefined, types: undefined, trainerType: 'Objet' }),
        fr('3', { category: 'Pokémon', rarity: 'Peu Commune', stage: 'Niveau 1', types: ['Électrique'] }),
        // No English counterpart: the table learned from the pairs above decides.
        fr('200', { category: 'Dresseur', rarity: 'Peu Commune', stage: undefined, hp: undefined, types: undefined, trainerType: 'Objet' }),
        fr('201', { category: 'Pokémon', rarity: 'Inconnue', stage: 'Niveau 1', types: ['Électrique', 'Feu'] }),
      ],
    },
    {
      lang: 'ja',
      sets: [tcgdexSet('ja', 'SV1a')],
      cards: [tcgdexCard('ja', 'SV1a', '001', { rarity: 'Common', types: ['Grass'], stage: 'Basic' })],
    },
  ]);

  test('a localized card takes the values of the English card with the same id', () => {
    const card = byId(catalog.cards, 'fr-base1-1');
    assert.equal(card.supertype, 'Pokemon');
    assert.equal(card.rarity, 'Rare Holo');
    assert.deepEqual(card.subtypes, ['Stage1']);
    assert.deepEqual(card.types, ['Lightning']);
    assert.equal(card.name, 'Card 1 (fr)');
  });

  test('a localized card without English counterpart is translated by the learned table', () => {
    const trainer = byId(catalog.cards, 'fr-base1-200');
    assert.equal(trainer.supertype, 'Trainer');
    assert.equal(trainer.rarity, 'Uncommon');
    assert.deepEqual(trainer.subtypes, ['Item']);
    const pokemon = byId(catalog.cards, 'fr-base1-201');
    assert.deepEqual(pokemon.subtypes, ['Stage1']);
  });

  test('a value no pair explains is kept as it is and counted in the report', () => {
    const pokemon = byId(catalog.cards, 'fr-base1-201');
    assert.equal(pokemon.rarity, 'Inconnue');
    assert.deepEqual(pokemon.types, ['Lightning', 'Feu']);
    const untranslated = [...(report.notes?.untranslated ?? [])].sort((a, b) => (a.field < b.field ? -1 : 1));
    assert.deepEqual(untranslated, [
      { lang: 'fr', field: 'rarity', value: 'Inconnue', count: 1 },
      { lang: 'fr', field: 'types', value: 'Feu', count: 1 },
    ]);
  });

  test('Asian languages are already English and kept as they are', () => {
    const card = byId(catalog.cards, 'ja-SV1a-001');
    assert.equal(card.rarity, 'Common');
    assert.deepEqual(card.types, ['Grass']);
    assert.deepEqual(card.subtypes, ['Basic']);
    assert.equal(byId(catalog.sets, 'ja-SV1a').name_en, null);
  });
});
