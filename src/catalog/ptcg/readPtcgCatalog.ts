import type { CardWithVariants } from '../../schemas/card.js';
import type { CardSet } from '../../schemas/set.js';
import type { AnswerOf } from '../catalogShapes.js';
import type { CatalogStore } from '../catalogStore.js';
import { naturalKeyOrder, naturalNumberKey } from '../rows/ordering.js';
import { ptcgCardSetId } from './ptcgIds.js';
import { toPtcgCard } from './ptcgCard.js';
import type { PtcgCard, PtcgLegalities, PtcgSet } from './ptcgShapes.js';
import { toPtcgSet, type PtcgSetFacts } from './ptcgSet.js';
import { evolutionsOf } from './ptcgEvolutions.js';

/** Our English catalog as pokemontcg.io's objects, read from one snapshot. */
export interface PtcgCatalogRead {
  /** The catalog version the snapshot is of. */
  version: string;
  /** When that catalog was imported (ISO 8601); null before the first import. */
  retrievedAt: string | null;
  /** Their sets, by release date, then id. */
  sets: PtcgSet[];
  /** Their cards in the default order: their set's release date, set id, number (natural order), id. */
  cards: PtcgCard[];
}

/**
 * Reads the English sets and cards of one snapshot of the catalog (the answers /v1 serves; the other
 * languages' are passed over unread) and makes pokemontcg.io's objects of them.
 */
export async function readPtcgCatalog(store: Pick<CatalogStore, 'readSnapshot'>): Promise<PtcgCatalogRead> {
  const { version, retrievedAt, sets, cards } = await store.readSnapshot(async (snapshot) => ({
    version: snapshot.version,
    retrievedAt: snapshot.importedAt,
    sets: await englishOf<CardSet>(snapshot.sets()),
    cards: await englishOf<CardWithVariants>(snapshot.cards('en')),
  }));
  const ptcgSets = setObjects(sets, cards);
  const evolutions = evolutionsOf(cards);
  const banned = expandedBans(cards);
  const ptcgCards = cards.map((card) => toPtcgCard(card, {
    set: ptcgSets.get(ptcgCardSetId(card.set_id))!,
    stage: evolutions.stageOf(card),
    evolvesTo: evolutions.evolvesTo(card.name),
    expandedBanned: banned.has(card.id),
  }));
  return { version, retrievedAt, sets: [...ptcgSets.values()].sort(setOrder), cards: defaultCardOrder(ptcgCards) };
}

async function englishOf<T>(pages: AsyncIterable<AnswerOf[]>): Promise<T[]> {
  const records: T[] = [];
  for await (const page of pages) {
    for (const answer of page) if (answer.lang === 'en') records.push(JSON.parse(answer.json) as T);
  }
  return records;
}

/**
 * Their set object of each set that holds cards, by their id. A set of ours whose cards all sit in
 * another set of theirs (the Unown of Unseen Forces, in `ex10`) is none of theirs.
 */
function setObjects(sets: readonly CardSet[], cards: readonly CardWithVariants[]): Map<string, PtcgSet> {
  const held = new Map<string, CardWithVariants[]>();
  for (const card of cards) {
    const id = ptcgCardSetId(card.set_id);
    let list = held.get(id);
    if (!list) held.set(id, (list = []));
    list.push(card);
  }
  const withCards = new Set(cards.map((card) => card.set_id));
  const objects = new Map<string, PtcgSet>();
  for (const set of sets) {
    const own = toPtcgSet(set, facts([]));
    const inIt = held.get(own.id);
    if (inIt === undefined && withCards.has(set.id)) continue;
    objects.set(own.id, toPtcgSet(set, facts(inIt ?? [])));
  }
  return objects;
}

/** A set's count, latest update and legality: a format is Legal for a set when most of its cards are. */
function facts(cards: readonly CardWithVariants[]): PtcgSetFacts {
  let updatedAt: string | null = null;
  let standard = 0;
  let expanded = 0;
  for (const card of cards) {
    if (card.updated_at !== null && (updatedAt === null || card.updated_at > updatedAt)) updatedAt = card.updated_at;
    if (card.legalities?.standard) standard += 1;
    if (card.legalities?.expanded) expanded += 1;
  }
  const legalities: PtcgLegalities = { unlimited: 'Legal' };
  if (standard * 2 > cards.length) legalities.standard = 'Legal';
  if (expanded * 2 > cards.length) legalities.expanded = 'Legal';
  return { cardCount: cards.length, updatedAt, legalities };
}

/**
 * The cards the Expanded ban list names: not Expanded-legal in a set where most cards are (the rule
 * the import finds the ban list by).
 */
function expandedBans(cards: readonly CardWithVariants[]): Set<string> {
  const bySet = new Map<string, CardWithVariants[]>();
  for (const card of cards) {
    let list = bySet.get(card.set_id);
    if (!list) bySet.set(card.set_id, (list = []));
    list.push(card);
  }
  const banned = new Set<string>();
  for (const list of bySet.values()) {
    const legal = list.filter((card) => card.legalities?.expanded).length;
    if (legal * 2 <= list.length) continue;
    for (const card of list) if (card.legalities !== null && !card.legalities.expanded) banned.add(card.id);
  }
  return banned;
}

const plainOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function setOrder(a: PtcgSet, b: PtcgSet): number {
  return plainOrder(a.releaseDate, b.releaseDate) || plainOrder(a.id, b.id);
}

/** Their set's release date, set id, number in natural order (rows/ordering.ts), then id. */
function defaultCardOrder(cards: PtcgCard[]): PtcgCard[] {
  const keyed = cards.map((card) => ({ card, number: naturalNumberKey(card.number) }));
  keyed.sort((a, b) => setOrder(a.card.set, b.card.set) || naturalKeyOrder(a.number, b.number) || plainOrder(a.card.id, b.card.id));
  return keyed.map(({ card }) => card);
}

/** What /v2/types, /v2/subtypes, /v2/supertypes and /v2/rarities list: every word the cards use, sorted. */
export interface PtcgVocabularies {
  types: string[];
  subtypes: string[];
  supertypes: string[];
  rarities: string[];
}

export function ptcgVocabularies(read: Pick<PtcgCatalogRead, 'cards'>): PtcgVocabularies {
  const types = new Set<string>();
  const subtypes = new Set<string>();
  const supertypes = new Set<string>();
  const rarities = new Set<string>();
  for (const card of read.cards) {
    for (const type of card.types ?? []) types.add(type);
    for (const subtype of card.subtypes ?? []) subtypes.add(subtype);
    supertypes.add(card.supertype);
    if (card.rarity !== undefined) rarities.add(card.rarity);
  }
  const sorted = (words: Set<string>) => [...words].sort(plainOrder);
  return { types: sorted(types), subtypes: sorted(subtypes), supertypes: sorted(supertypes), rarities: sorted(rarities) };
}

/** Our card id of each of their card ids, over a read catalog: how /v2 finds ours from theirs. */
export function catalogIdsByPtcgId(items: ReadonlyArray<Pick<PtcgCard | PtcgSet, 'id' | 'catalogId'>>): Map<string, string> {
  return new Map(items.map((item) => [item.id, item.catalogId]));
}
