import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { VARIANT_KEYS } from '../../src/vocabulary/variantKeys.js';
import { mapTcgdex } from '../../src/importer/mapTcgdex.js';
import type { TcgdexCard, TcgdexVariantDetail } from '../../src/importer/tcgdexRecords.js';
import type { CardRecord } from '../../src/schemas/card.js';
import { tcgdexCard, tcgdexSet } from '../support/tcgdexFixtures.js';

function mapOne(detailed: TcgdexVariantDetail[] | undefined, overrides: Partial<TcgdexCard> = {}) {
  const { catalog, report } = mapTcgdex([{
    lang: 'en',
    sets: [tcgdexSet('en', 'base1')],
    cards: [tcgdexCard('en', 'base1', '4', { variants_detailed: detailed, ...overrides })],
  }]);
  assert.equal(catalog.cards.length, 1, JSON.stringify(report.skipped));
  return { card: catalog.cards[0]!, notes: report.notes! };
}

const keys = (card: CardRecord) => card.variants.map((v) => v.variant_key);
const defaults = (card: CardRecord) => card.variants.filter((v) => v.is_default).map((v) => v.variant_key);

describe('variants from variants_detailed', () => {
  test('every printing becomes a vocabulary key, unique per card, with exactly one default', () => {
    const { card } = mapOne([
      { type: 'holo', subtype: 'unlimited', size: 'standard' },
      { type: 'holo', subtype: 'shadowless', size: 'standard', stamp: ['1st-edition'] },
      { type: 'holo', subtype: 'shadowless', size: 'standard' },
      { type: 'holo', subtype: '1999-2000-copyright', size: 'standard' },
    ]);
    assert.deepEqual(keys(card), ['holo-unlimited', '1st-edition-holo-shadowless', 'holo-shadowless', 'holo-copyright']);
    assert.deepEqual(defaults(card), ['holo-unlimited']);
    assert.equal(card.variants[1]!.variant_label, '1st Edition Holo, Shadowless');
    assert.equal(card.variants[0]!.image_large, card.image_large);
  });

  test('the default is the first printing that is not 1st Edition, stamped or jumbo', () => {
    const { card } = mapOne([
      { type: 'normal', stamp: ['1st-edition'] },
      { type: 'normal', stamp: ['pre-release'] },
      { type: 'holo', size: 'jumbo' },
      { type: 'reverse', foil: 'pokeball' },
      { type: 'normal' },
    ]);
    assert.deepEqual(keys(card), ['1st-edition-normal', 'normal-stamped', 'holo-jumbo', 'reverse-holo-pokeball', 'normal']);
    assert.deepEqual(defaults(card), ['reverse-holo-pokeball']);
  });

  test('with only special printings the first one is the default', () => {
    const { card } = mapOne([{ type: 'normal', stamp: ['pre-release'] }, { type: 'normal', stamp: ['1st-edition'] }]);
    assert.deepEqual(defaults(card), ['normal-stamped']);
  });

  test('printings that end with the same key merge into one variant naming them all', () => {
    const { card, notes } = mapOne([
      { type: 'normal' },
      { type: 'normal', stamp: ['gamestop'] },
      { type: 'normal', stamp: ['eb-games'] },
      { type: 'normal', stamp: ['gamestop'] },
    ]);
    assert.deepEqual(keys(card), ['normal', 'normal-stamped']);
    assert.equal(card.variants[1]!.variant_label, 'Normal, stamped: Gamestop / Normal, stamped: Eb Games');
    assert.equal(notes.mergedPrintings, 2);
  });

  test('a printing whose full key is not in the vocabulary is coarsened and counted', () => {
    const { card, notes } = mapOne([{ type: 'reverse', foil: 'sparkle', size: 'jumbo' }]);
    assert.deepEqual(keys(card), ['reverse-holo-jumbo']);
    assert.equal(notes.coarsenedPrintings, 1);
    assert.ok(VARIANT_KEYS.includes(card.variants[0]!.variant_key));
  });

  test('any other subtype is a misprint, named in the label', () => {
    const { card } = mapOne([{ type: 'holo', subtype: 'aoki-error' }, { type: 'normal', subtype: 'no-e-reader' }]);
    assert.deepEqual(keys(card), ['holo-misprint', 'normal-no-e-reader']);
    assert.equal(card.variants[0]!.variant_label, 'Holo, misprint: Aoki Error');
  });
});

describe('variants from the legacy booleans', () => {
  test('normal, holo, reverse, firstEdition and wPromo each give a printing', () => {
    const { card, notes } = mapOne(undefined, {
      variants: { normal: true, holo: false, reverse: true, firstEdition: true, wPromo: true },
    });
    assert.deepEqual(keys(card), ['normal', 'reverse-holo', '1st-edition-normal', 'normal-stamped']);
    assert.deepEqual(defaults(card), ['normal']);
    assert.equal(notes.cardsWithLegacyVariants, 1);
  });

  test('a holo first edition is a 1st-edition-holo', () => {
    const { card } = mapOne(undefined, {
      variants: { normal: false, holo: true, reverse: false, firstEdition: true, wPromo: false },
    });
    assert.deepEqual(keys(card), ['holo', '1st-edition-holo']);
  });

  test('a card with no printing information gets one normal default variant', () => {
    const { card, notes } = mapOne(undefined, {
      variants: { normal: false, holo: false, reverse: false, firstEdition: false, wPromo: false },
    });
    assert.deepEqual(card.variants.map((v) => [v.variant_key, v.variant_label, v.is_default]), [['normal', 'Normal', true]]);
    assert.equal(notes.cardsWithoutPrintings, 1);
  });
});

describe('localized printings', () => {
  const { catalog, report } = mapTcgdex([
    {
      lang: 'en',
      sets: [tcgdexSet('en', 'base1')],
      cards: [tcgdexCard('en', 'base1', '4', {
        variants_detailed: [
          { type: 'holo', subtype: 'shadowless', size: 'standard', stamp: ['1st-edition'], variantId: 'a' },
          { type: 'reverse', foil: 'masterball', size: 'standard', variantId: 'b' },
        ],
      })],
    },
    {
      lang: 'fr',
      sets: [tcgdexSet('fr', 'base1')],
      cards: [
        tcgdexCard('fr', 'base1', '4', {
          variants_detailed: [
            { type: 'Holo', subtype: 'sans ombre', size: 'Standard', stamp: ['1re Édition'], variantId: 'a' },
            { type: 'Reverse', foil: 'Masterball', size: 'Standard', variantId: 'b' },
            { type: 'normal', size: 'Standard', variantId: 'generated' },
          ],
        }),
        tcgdexCard('fr', 'base1', '200', {
          variants_detailed: [
            { type: 'Holo', subtype: 'illimité', size: 'Standard', variantId: 'x' },
            { type: 'Reverse', foil: 'Sombre Ball', size: 'Standard', variantId: 'y' },
            { type: 'Métal', foil: 'Or', size: 'Standard', variantId: 'z' },
            { type: 'Holo', size: 'Jumbo', variantId: 'w' },
            { type: 'Brillant', size: 'Standard', variantId: 'v' },
          ],
        }),
      ],
    },
  ]);

  test('an entry with the variantId of an English entry takes the English printing', () => {
    const card = catalog.cards.find((c) => c.id === 'fr-base1-4')!;
    assert.deepEqual(keys(card), ['1st-edition-holo-shadowless', 'reverse-holo-masterball', 'normal']);
    assert.equal(card.variants[0]!.variant_label, '1st Edition Holo, Shadowless');
    assert.deepEqual(defaults(card), ['reverse-holo-masterball']);
  });

  test('other entries are translated word by word', () => {
    const card = catalog.cards.find((c) => c.id === 'fr-base1-200')!;
    assert.deepEqual(keys(card), ['holo-unlimited', 'reverse-holo-duskball', 'metal-gold', 'holo-jumbo', 'normal']);
  });

  test('a word no table knows is reported', () => {
    assert.deepEqual(report.notes?.untranslated, [{ lang: 'fr', field: 'variant type', value: 'Brillant', count: 1 }]);
  });
});
