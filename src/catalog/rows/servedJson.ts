import type { CardRecord, CardWithLanguages, CardWithVariants } from '../../schemas/card.js';
import type { Pagination } from '../../schemas/common.js';
import type { CardSet, SetWithCount } from '../../schemas/set.js';
import type { JoinedJson, JsonText } from '../catalogShapes.js';
import { ptcgCardId, ptcgSetId } from '../ptcg/ptcgIds.js';

/*
 * The one home of the served JSON. Documents are serialized once, at import, and every answer is
 * spliced from that stored text instead of being parsed and serialized again: on the hot path
 * that splice is most of the difference between a cheap request and an expensive one. Every
 * splice relies on a stored document being a JSON object (it ends in `}`).
 */

/** A card as stored: its document without `variants`, and its variants, both JSON. */
export interface StoredCard {
  doc: string;
  variants: string;
}

/**
 * How a card is stored: as served, its record with its pokemontcg.io id after its id (English cards
 * only), and its set's name and printed abbreviation after set_id (the schema's order), and
 * `variants` apart, so lists read only the document. The fields are copied once: an import stores
 * every card.
 */
export function storedCard(card: CardRecord, set: Pick<CardSet, 'name' | 'abbreviation' | 'language'>): StoredCard {
  const { id, set_id, variants, ...rest } = card;
  const ptcgId = set.language === 'en' ? { pokemontcg_io_id: ptcgCardId(set_id, card.number ?? id.slice(set_id.length + 1)) } : {};
  const served: Omit<CardWithVariants, 'variants'> = { id, ...ptcgId, set_id, set_name: set.name, set_code: set.abbreviation, ...rest };
  return { doc: JSON.stringify(served), variants: JSON.stringify(variants) };
}

/** How a set is stored: as served, its record with its pokemontcg.io id after its id (English sets only). */
export function storedSet(set: CardSet): string {
  if (set.language !== 'en') return JSON.stringify(set);
  const { id, ...rest } = set;
  return JSON.stringify({ id, pokemontcg_io_id: ptcgSetId(id), ...rest });
}

/** A set's record (what an import gave), parsed back from what is stored: its pokemontcg.io id, which rows derive, left out. */
export function parseStoredSet(doc: string): CardSet {
  const { pokemontcg_io_id: _ptcgId, ...record } = JSON.parse(doc) as CardSet;
  return record;
}

/** A single card as stored: its document and variants, and its links to other languages (JSON). */
export interface StoredSingleCard extends StoredCard {
  otherLanguages: string;
}

/** A card with its variants (the export's record): the stored document with `"variants"` spliced in last. */
export function cardWithVariants({ doc, variants }: StoredCard): JsonText<CardWithVariants> {
  return `${doc.slice(0, -1)},"variants":${variants}}`;
}

/** The single card served: the stored document with `"variants"`, then `"other_languages"`, spliced in last. */
export function singleCard({ doc, variants, otherLanguages }: StoredSingleCard): JsonText<CardWithLanguages> {
  return `${doc.slice(0, -1)},"variants":${variants},"other_languages":${otherLanguages}}`;
}

/** The single set served: the stored document with `"card_count"`, then `"other_languages"`, spliced in last. */
export function singleSet(doc: string, cardCount: number, otherLanguages: string): JsonText<SetWithCount> {
  return `${doc.slice(0, -1)},"card_count":${cardCount},"other_languages":${otherLanguages}}`;
}

/**
 * A card's record (what an import gave, as the export writes it), parsed back from what is stored:
 * the fields rows derive (the pokemontcg.io id, the set's name and code) are left out, and rows of an older version lack them anyway.
 */
export function parseStoredCard(stored: StoredCard): CardRecord {
  const { pokemontcg_io_id: _ptcgId, set_name: _setName, set_code: _setCode, ...record } =
    JSON.parse(cardWithVariants(stored)) as Partial<CardWithVariants>;
  return record as CardRecord;
}

/** The List response around stored documents; a search's empty first page carries its suggestions. */
export function listBody(items: readonly string[], pagination: Pagination, retrievedAt: string, suggestions?: readonly string[]): string {
  return `{"data":[${items.join(',')}${listTail(pagination, retrievedAt, suggestions)}`;
}

/**
 * listBody in parts, in order, for Answer.ofParts: documents already joined as bytes are spliced
 * between the texts around them, unread.
 */
export function listParts(items: readonly string[] | JoinedJson<unknown>, pagination: Pagination, retrievedAt: string,
  suggestions?: readonly string[]): Array<string | Buffer> {
  if (!isJoined(items)) return [listBody(items, pagination, retrievedAt, suggestions)];
  return ['{"data":[', items.bytes, listTail(pagination, retrievedAt, suggestions)];
}

function listTail(pagination: Pagination, retrievedAt: string, suggestions?: readonly string[]): string {
  const suggested = suggestions ? `"suggestions":${JSON.stringify(suggestions)},` : '';
  return `],"pagination":${JSON.stringify(pagination)},${suggested}"retrieved_at":${JSON.stringify(retrievedAt)}}`;
}

function isJoined<T>(items: readonly JsonText<T>[] | JoinedJson<T>): items is JoinedJson<T> {
  return !Array.isArray(items);
}

/** How many documents a page holds, as texts or joined. */
export function countOf(items: readonly string[] | JoinedJson<unknown>): number {
  return isJoined(items) ? items.count : items.length;
}

/** A page's documents parsed, for code that reads into them rather than serve them (the deck check). */
export function parsedItems<T>(items: readonly JsonText<T>[] | JoinedJson<T>): T[] {
  if (isJoined(items)) return JSON.parse(`[${items.bytes.toString('utf8')}]`) as T[];
  return items.map((text) => JSON.parse(text) as T);
}

/** A list of names (autocomplete). */
export function namesBody(names: readonly string[], retrievedAt: string): string {
  return `{"data":${JSON.stringify(names)},"retrieved_at":${JSON.stringify(retrievedAt)}}`;
}

/** The batch answer (`ids`): a List response of cards with their variants, and the ids that matched none. */
export function batchBody(items: readonly string[], pagination: Pagination, notFound: readonly string[], retrievedAt: string): string {
  return `{"data":[${items.join(',')}],"pagination":${JSON.stringify(pagination)},"not_found":${JSON.stringify(notFound)},` +
    `"retrieved_at":${JSON.stringify(retrievedAt)}}`;
}

/** The Single response around one stored document. */
export function singleBody(doc: string, retrievedAt: string): string {
  return `{"data":${doc},"retrieved_at":${JSON.stringify(retrievedAt)}}`;
}
