import type { CardRecord } from '../../schemas/card.js';
import type { CardSet } from '../../schemas/set.js';
import type { Catalog } from '../catalogShapes.js';
import { cardFacets } from './cardFacets.js';
import { otherLanguages, withLinks } from './languageLinks.js';
import { printingLinks, type PrintingLinkReport } from './printingLinks.js';
import { ASIAN_LANGUAGES, MATCHED_LANGUAGE } from './asianPrintings.js';
import { naturalKeyOrder, naturalNumberKey, newestSetFirst, type NaturalNumberKey } from './ordering.js';
import { searchKey } from '../names/searchKey.js';
import { singleCard, singleSet, storedCard, storedSet } from './servedJson.js';
import { contentHash } from './contentHash.js';
import { GameTextCutter, type GameTextValue } from '../gameText/gameTextValues.js';

export interface SetRow {
  id: string;
  lang: string;
  /** Position in the newest-first order of all sets. */
  rank: number;
  /** The Set as served, JSON. */
  doc: string;
  /** The same set in the catalog's other languages, a JSON array of LanguageLink. */
  other_languages: string;
  /** A hash of the set's single answer (GET /v1/sets?id=, card_count and other_languages included): what the changes feed compares. */
  answer_hash: string;
  /** A hash of every column stored: an import rewrites only the rows whose hash differs. */
  row_hash: string;
}

export interface CardRow {
  id: string;
  lang: string;
  set_id: string;
  /** Position of the card in its set's natural number order. */
  set_order: number;
  /** Position in the search tie order: newest set, then set id, then number. */
  search_order: number;
  /** searchKey(name). */
  name_key: string;
  /** The Card as served, JSON, without its variants. */
  doc: string;
  /** Its variants, a JSON array. */
  variants: string;
  /** The same card in the catalog's other languages, a JSON array of LanguageLink. */
  other_languages: string;
  /** Every facet a filter may ask of the card (cardFacets()). */
  facets: string[];
  /** Its game text, folded and cut, for the store's text index (GameTextCutter). */
  game_text: GameTextValue[];
  /** A hash of the card's single answer (GET /v1/cards?id=, variants and other_languages included). */
  answer_hash: string;
  /** A hash of every column stored (the search tables' bigrams follow from name_key: nameBigrams(), made as they are written). */
  row_hash: string;
}

/**
 * The version of the rows catalogRows() builds. Raise it whenever a row is computed differently
 * (a folding rule of searchKey, a new derived column): stores record it beside the rows, and a
 * server started on rows of another version rebuilds them from the stored documents
 * (CatalogStore.rebuildStaleRows), so an upgrade needs no re-import.
 * 1: the first; 2: name keys without white space, apostrophes, hyphens and dots; 3: other_languages;
 * 4: facets for filters; 5: set_name and set_code in card documents; 6: pokemontcg_io_id in English card
 * and set documents (so a stored catalog is rebuilt on start, and each English card reaches mirrors as
 * one change in the changes feed); 7: other_languages links the Asian catalogs' printings to the
 * English ones (printingLinks); 8: the game text's words in the stores' text index (GameTextCutter).
 */
export const ROWS_VERSION = 8;

/** The catalog as a database stores it: every row ready, every order precomputed. */
export interface CatalogRows {
  sets: SetRow[];
  cards: CardRow[];
  /** When this import was made, for catalog_meta. */
  importedAt: string;
  /** ROWS_VERSION, for catalog_meta. */
  version: number;
  /** What the links between the Asian catalogs and the English one reached, for the import's report. */
  printingLinks: PrintingLinkReport;
}

const MATCHED_LANGUAGES = new Set<string>([MATCHED_LANGUAGE, ...ASIAN_LANGUAGES]);

/**
 * Builds the rows of a catalog once, for whichever database stores them. Every order the API
 * serves is precomputed, so reads walk an index instead of sorting. A repeated id keeps its
 * last record. Cards whose set is absent are the caller's to reject before this point.
 */
export function catalogRows(catalog: Catalog, now: Date = new Date()): CatalogRows {
  const sets = lastOfEachId(catalog.sets).sort(newestSetFirst);
  const setRank = new Map(sets.map((set, rank) => [set.id, rank]));
  const languageOfSet = new Map(sets.map((set) => [set.id, set.language]));
  const setsById = new Map(sets.map((set) => [set.id, set]));
  const setPosition = new Map<string, number>();
  const sortedCards = bySetThenNumber(lastOfEachId(catalog.cards), setRank);
  const cardLanguages = sortedCards.map((card) => languageOfSet.get(card.set_id) ?? '');
  const cardLinks = otherLanguages(sortedCards.map((card, i) => ({ id: card.id, language: cardLanguages[i]!, name: card.name })));
  const matched = printingLinks(
    sortedCards.flatMap((card, i) => (MATCHED_LANGUAGES.has(cardLanguages[i]!) ? [{ id: card.id, language: cardLanguages[i]!, set_id: card.set_id, card }] : [])),
    new Map(sortedCards.map((card) => [card.id, card.name])),
    sets,
  );
  const gameText = new GameTextCutter();
  const cards = sortedCards.map((card, searchOrder): CardRow => {
    const setOrder = setPosition.get(card.set_id) ?? 0;
    setPosition.set(card.set_id, setOrder + 1);
    const nameKey = searchKey(card.name);
    const set = setsById.get(card.set_id);
    if (!set) throw new Error(`card ${card.id}: its set ${card.set_id} is not in the catalog`);
    const stored = storedCard(card, set);
    const lang = cardLanguages[searchOrder]!;
    const links = withLinks(cardLinks[searchOrder]!, matched.cards.get(card.id));
    const facets = cardFacets(card, lang, set);
    const answerHash = contentHash(singleCard({ ...stored, otherLanguages: links }));
    return {
      id: card.id, lang, set_id: card.set_id, set_order: setOrder, search_order: searchOrder,
      name_key: nameKey, ...stored, other_languages: links, facets, game_text: gameText.values(card),
      answer_hash: answerHash,
      row_hash: contentHash(JSON.stringify([answerHash, lang, card.set_id, setOrder, searchOrder, nameKey, facets])),
    };
  });
  const cardCounts = new Map<string, number>();
  for (const card of cards) cardCounts.set(card.set_id, (cardCounts.get(card.set_id) ?? 0) + 1);
  const setLinks = otherLanguages(sets);
  return {
    sets: sets.map((set, rank): SetRow => {
      const doc = storedSet(set);
      const links = withLinks(setLinks[rank]!, matched.sets.get(set.id));
      const answerHash = contentHash(singleSet(doc, cardCounts.get(set.id) ?? 0, links));
      return {
        id: set.id, lang: set.language, rank, doc, other_languages: links,
        answer_hash: answerHash, row_hash: contentHash(JSON.stringify([answerHash, set.language, rank])),
      };
    }),
    cards,
    importedAt: now.toISOString(),
    version: ROWS_VERSION,
    printingLinks: matched.report,
  };
}

/** The cards by their set's rank, then number (natural order), then id; each card's keys made once, not at each comparison. */
function bySetThenNumber(cards: CardRecord[], setRank: Map<string, number>): CardRecord[] {
  const numberKeys = new Map<string, NaturalNumberKey>();
  const numberKeyOf = (number: string) => {
    let key = numberKeys.get(number);
    if (!key) numberKeys.set(number, (key = naturalNumberKey(number)));
    return key;
  };
  const keyed = cards.map((card) => ({
    card, rank: setRank.get(card.set_id) ?? Infinity, number: card.number === null ? null : numberKeyOf(card.number),
  }));
  keyed.sort((a, b) => {
    const r = a.rank - b.rank;
    if (r !== 0) return r;
    const n = naturalKeyOrder(a.number, b.number);
    if (n !== 0) return n;
    return a.card.id < b.card.id ? -1 : a.card.id > b.card.id ? 1 : 0;
  });
  return keyed.map(({ card }) => card);
}

function lastOfEachId<T extends CardSet | CardRecord>(records: T[]): T[] {
  return [...new Map(records.map((r) => [r.id, r])).values()];
}
