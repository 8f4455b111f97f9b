import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { Ajv } from 'ajv';
import addFormatsPlugin from 'ajv-formats';
import { catalogRows } from '../../../src/catalog/rows/catalogRows.js';
import type { Catalog } from '../../../src/catalog/catalogShapes.js';
import { Answer } from '../../../src/catalog/answers/answer.js';
import {
  batchBody, cardWithVariants, countOf, listBody, listParts, parsedItems, parseStoredCard, singleBody, singleCard, singleSet,
} from '../../../src/catalog/rows/servedJson.js';
import { SEED_CATALOG_DIR } from '../../support/seedCatalog.js';
import { readOwnExport } from '../../../src/importer/sources/ownExport.js';
import { CardBatch, CardList, SingleCard } from '../../../src/schemas/card.js';
import { SetList, SingleSet } from '../../../src/schemas/set.js';

const addFormats = addFormatsPlugin as unknown as typeof addFormatsPlugin.default;
const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);
const validator = (schema: object) => ajv.compile(JSON.parse(JSON.stringify(schema)) as object);
const matches = (schema: object, body: string) => {
  const check = validator(schema);
  assert.ok(check(JSON.parse(body)), ajv.errorsText(check.errors));
};

describe('the served JSON, spliced from stored rows', () => {
  let catalog: Catalog;
  let rows: ReturnType<typeof catalogRows>;
  const at = new Date('2026-11-23T12:00:00.000Z');
  /** When the catalog was retrieved, as every answer of it says. */
  const retrievedAt = at.toISOString();
  before(async () => {
    catalog = (await readOwnExport(SEED_CATALOG_DIR)).catalog;
    rows = catalogRows(catalog, at);
  });
  /** The card served for a record: the record with its pokemontcg.io id (English), its set's name and printed abbreviation. */
  const served = (id: string) => {
    const record = catalog.cards.find((c) => c.id === id)!;
    const set = catalog.sets.find((s) => s.id === record.set_id)!;
    const ptcgId = set.language === 'en' ? { pokemontcg_io_id: id.slice(3) } : {};
    return { ...record, ...ptcgId, set_name: set.name, set_code: set.abbreviation };
  };

  it('a single card is the card that was stored and its other languages, and matches SingleCard', () => {
    for (const row of rows.cards) {
      const body = singleBody(singleCard({ ...row, otherLanguages: row.other_languages }), retrievedAt);
      matches(SingleCard, body);
      const { other_languages: links, ...card } = JSON.parse(body).data;
      assert.deepEqual(card, served(row.id));
      assert.deepEqual(links, JSON.parse(row.other_languages));
      assert.deepEqual(parseStoredCard(row), catalog.cards.find((c) => c.id === row.id),
        'the export\'s record has no other_languages, set_name or set_code');
    }
  });

  it('a single set carries its card_count and its other languages, and matches SingleSet', () => {
    const set = rows.sets.find((row) => row.id === 'en-base1')!;
    const body = singleBody(singleSet(set.doc, 7, set.other_languages), retrievedAt);
    matches(SingleSet, body);
    assert.deepEqual(JSON.parse(body), {
      data: {
        ...catalog.sets.find((s) => s.id === set.id), pokemontcg_io_id: 'base1', card_count: 7,
        other_languages: [{ language: 'fr', id: 'fr-base1', name: 'Set de Base' }, { language: 'de', id: 'de-base1', name: 'Grundset' }],
      },
      retrieved_at: at.toISOString(),
    });
  });

  it('English cards and sets name their pokemontcg.io id right after their id; other languages have none', () => {
    const keys = (doc: string) => Object.keys(JSON.parse(doc) as object).slice(0, 3);
    const card = (id: string) => rows.cards.find((row) => row.id === id)!.doc;
    assert.deepEqual(keys(card('en-base1-4')), ['id', 'pokemontcg_io_id', 'set_id']);
    assert.equal(JSON.parse(card('en-base1-4')).pokemontcg_io_id, 'base1-4');
    assert.deepEqual(keys(rows.sets.find((row) => row.id === 'en-base2')!.doc), ['id', 'pokemontcg_io_id', 'name']);
    for (const row of [...rows.cards, ...rows.sets].filter((r) => r.lang !== 'en')) {
      assert.ok(!row.doc.includes('pokemontcg_io_id'), `${row.id} names no pokemontcg.io id`);
    }
    assert.ok(rows.cards.some((row) => row.lang !== 'en') && rows.sets.some((row) => row.lang !== 'en'));
  });

  it('links each card to the same TCGdex id in the other languages, in the order of the language codes', () => {
    const links = (id: string) => JSON.parse(rows.cards.find((row) => row.id === id)!.other_languages);
    assert.deepEqual(links('de-base1-4'), [
      { language: 'en', id: 'en-base1-4', name: 'Charizard' }, { language: 'fr', id: 'fr-base1-4', name: 'Dracaufeu' },
    ]);
    assert.deepEqual(links('en-base1-4').map((link: { id: string }) => link.id), ['fr-base1-4', 'de-base1-4']);
    assert.deepEqual(links('ja-PMCG1-035'), [{ language: 'en', id: 'en-base1-58', name: 'Pikachu', match: 'printed' }],
      'an Asian card links to the English card printed alike, saying how');
    assert.deepEqual(JSON.parse(rows.sets.find((row) => row.id === 'en-base2')!.other_languages), []);
  });

  it('lists of cards and of sets, empty ones included, match CardList and SetList', () => {
    const pagination = { limit: 2, offset: 0, total: null, total_is_estimate: true, has_more: true };
    const cards = listBody(rows.cards.slice(0, 2).map((row) => row.doc), pagination, retrievedAt);
    matches(CardList, cards);
    assert.deepEqual(JSON.parse(cards).pagination, pagination);
    assert.equal(JSON.parse(cards).retrieved_at, at.toISOString());
    matches(SetList, listBody(rows.sets.map((row) => row.doc), { ...pagination, total: rows.sets.length, has_more: false }, retrievedAt));
    matches(CardList, listBody([], { ...pagination, total: 0, has_more: false }, retrievedAt));
  });

  it('a list of documents joined as bytes is the same body, byte for byte, as the list of their texts', () => {
    const texts = [
      ...rows.cards.slice(0, 2).map((row) => row.doc),
      JSON.stringify({ id: 'fr-x-1', name: 'Évoli', flavor_text: 'Son ADN « instable »\n\\ "évolue" \u2028 😀' }),
      JSON.stringify({ id: 'ja-x-1', name: 'イーブイ' }),
    ];
    const joined = { bytes: Buffer.from(texts.join(',')), count: texts.length };
    const pagination = { limit: 20, offset: 0, total: 4, total_is_estimate: true, has_more: false };
    const body = (items: readonly string[] | typeof joined, suggestions?: string[]) =>
      Answer.ofParts(listParts(items, pagination, retrievedAt, suggestions)).bytes;
    assert.deepEqual(body(joined), Buffer.from(listBody(texts, pagination, retrievedAt)));
    assert.deepEqual(body(texts), Buffer.from(listBody(texts, pagination, retrievedAt)));
    const empty = { bytes: Buffer.alloc(0), count: 0 };
    const nothing = { ...pagination, total: 0 };
    assert.deepEqual(Answer.ofParts(listParts(empty, nothing, retrievedAt, ['Évoli', 'イーブイ'])).bytes,
      Buffer.from(listBody([], nothing, retrievedAt, ['Évoli', 'イーブイ'])), 'an empty page with its suggestions');
    assert.deepEqual(parsedItems(joined), texts.map((text) => JSON.parse(text)));
    assert.deepEqual(parsedItems(empty), []);
    assert.deepEqual([countOf(joined), countOf(texts), countOf(empty)], [4, 4, 0]);
  });

  it('a batch holds cards with their variants, then the ids not found, and matches CardBatch', () => {
    const pagination = { limit: 3, offset: 0, total: 2, total_is_estimate: false, has_more: false };
    const body = batchBody(rows.cards.slice(0, 2).map(cardWithVariants), pagination, ['en-none-1'], retrievedAt);
    matches(CardBatch, body);
    assert.deepEqual(Object.keys(JSON.parse(body)), ['data', 'pagination', 'not_found', 'retrieved_at']);
    assert.deepEqual(JSON.parse(body).data, rows.cards.slice(0, 2).map((row) => served(row.id)));
    matches(CardBatch, batchBody([], { ...pagination, total: 0 }, ['a', 'b"c'], retrievedAt));
  });

  it('rows carry every order precomputed and the last record of a repeated id', () => {
    const repeated = { ...catalog.cards[0]!, name: 'The last one' };
    const again = catalogRows({ sets: catalog.sets, cards: [...catalog.cards, repeated] }, at);
    assert.equal(again.cards.length, catalog.cards.length);
    assert.equal(JSON.parse(again.cards.find((row) => row.id === repeated.id)!.doc).name, 'The last one');
    assert.deepEqual(again.cards.map((row) => row.search_order), again.cards.map((_, i) => i));
    assert.equal(again.importedAt, at.toISOString());
  });
});
