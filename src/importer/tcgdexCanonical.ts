import type { Language } from '../schemas/common.js';
import type { CardRecord, Variant } from '../schemas/card.js';
import type { CardSet } from '../schemas/set.js';
import type { TcgdexCard, TcgdexSet, TcgdexSetBrief } from './tcgdexRecords.js';
import { canonicalGameplay } from './tcgdexGameplay.js';
import type { EnglishVocabulary } from './tcgdexVocabulary.js';

/** One TCGdex field → one canonical field; the rules of the catalog's data contract live here. */

const withExtension = (url: string | undefined) => (url ? `${url}.webp` : null);
const integerOrNull = (value: number | undefined) => (value !== undefined && Number.isInteger(value) ? value : null);

/**
 * Abbreviations for the sets TCGdex gives none (neither official nor Pokémon TCG Online) although
 * players write a code for them, by TCGdex set id. One table here fills `abbreviation`, so the
 * set_code filter, the set_code of card rows and the deck check (src/decks/setCodeAliases.ts,
 * which turns the game client's codes into these) agree without a second table:
 * - swshp, SWSH Black Star Promos: the game client writes PR-SW; SWSHP is the form of the other
 *   promo sets' abbreviations (SMP, SVP, BWP, XYP) and the set id upper-cased.
 * - sma, Hidden Fates Shiny Vault (numbers SV1 to SV94, written `HIF SV49` in lists): HIF:SV is
 *   TCGdex's own form for the other vaults and galleries (SHF:SV, BRS:TG, CRZ:GG).
 * An abbreviation TCGdex gives always wins: the table only fills a gap.
 */
export const MISSING_ABBREVIATIONS: ReadonlyMap<string, string> = new Map([
  ['swshp', 'SWSHP'],
  ['sma', 'HIF:SV'],
]);

/** The printed set abbreviation (`PAL`); TCGdex's Pokémon TCG Online code where it has no official one; else the gap filled. */
const abbreviationOf = (set: TcgdexSet) =>
  set.abbreviation?.official || set.tcgOnline || MISSING_ABBREVIATIONS.get(set.id) || null;

/** A set from its language's set list. */
export function canonicalSet(set: TcgdexSet, lang: Language, nameEn: string | null): CardSet {
  return {
    id: `${lang}-${set.id}`,
    name: set.name as string,
    name_en: nameEn,
    series: set.serie?.name ?? null,
    release_date: set.releaseDate ?? null,
    total: integerOrNull(set.cardCount?.total),
    printed_total: integerOrNull(set.cardCount?.official),
    language: lang,
    logo_url: withExtension(set.logo),
    symbol_url: withExtension(set.symbol),
    abbreviation: abbreviationOf(set),
  };
}

/**
 * A set its language's set list leaves out (TCGdex drops German sets whose series has no German
 * name), rebuilt from the brief its cards embed. The series stays unknown; the release date is
 * the one another language of the same id group gives the set, when one does.
 */
export function canonicalSetFromBrief(
  brief: TcgdexSetBrief,
  lang: Language,
  nameEn: string | null,
  borrowedReleaseDate: string | null,
): CardSet {
  return {
    id: `${lang}-${brief.id}`,
    name: brief.name as string,
    name_en: nameEn,
    series: null,
    release_date: borrowedReleaseDate,
    total: integerOrNull(brief.cardCount?.total),
    printed_total: integerOrNull(brief.cardCount?.official),
    language: lang,
    logo_url: withExtension(brief.logo),
    symbol_url: withExtension(brief.symbol),
    abbreviation: MISSING_ABBREVIATIONS.get(brief.id) ?? null,
  };
}

/** The card's number: TCGdex's `localId`, else the part of its id after the set id. */
function numberOf(card: TcgdexCard): string | null {
  if (card.localId !== undefined) return card.localId;
  const setId = card.set?.id;
  return setId && card.id.startsWith(`${setId}-`) ? card.id.slice(setId.length + 1) : null;
}

function isoOrNull(timestamp: string | undefined): string | null {
  if (timestamp === undefined) return null;
  const ms = Date.parse(timestamp);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

/** TCGdex's placeholder `None` (English, or its translation mapped to English) is no rarity. */
const rarityOrNull = (rarity: string | null) => (rarity === 'None' ? null : rarity);

function regulationMark(mark: string | undefined): string | null {
  if (mark === undefined || mark.trim() === '' || mark.trim().toLowerCase() === 'none') return null;
  return mark.trim().toUpperCase();
}

export function cardImages(card: TcgdexCard): { small: string | null; large: string | null } {
  return card.image
    ? { small: `${card.image}/low.webp`, large: `${card.image}/high.webp` }
    : { small: null, large: null };
}

export interface CardContext {
  /** The TCGdex language the card was read in (its enumeration values are in that language). */
  sourceLang: string;
  lang: Language;
  set: CardSet;
  /** The English card of the same TCGdex id, for the enumeration values. */
  en: TcgdexCard | undefined;
  vocabulary: EnglishVocabulary;
  variants: Variant[];
}

export function canonicalCard(card: TcgdexCard, context: CardContext): CardRecord {
  const { sourceLang, lang, set, en, vocabulary } = context;
  const number = numberOf(card);
  const subtypes = (['stage', 'suffix', 'trainerType', 'energyType'] as const)
    .map((field) => vocabulary.english(sourceLang, field, card, en))
    .filter((value): value is string => value !== null);
  const images = cardImages(card);
  return {
    id: `${lang}-${card.id}`,
    set_id: set.id,
    number,
    local_id: number !== null && /^\d+$/.test(number) && set.printed_total !== null
      ? `${number}/${set.printed_total}`
      : number,
    name: card.name as string,
    supertype: vocabulary.english(sourceLang, 'category', card, en),
    subtypes: subtypes.length > 0 ? subtypes : null,
    hp: integerOrNull(card.hp),
    types: vocabulary.types(sourceLang, card, en),
    rarity: rarityOrNull(vocabulary.english(sourceLang, 'rarity', card, en)),
    artist: card.illustrator ?? null,
    regulation_mark: regulationMark(card.regulationMark),
    image_small: images.small,
    image_large: images.large,
    updated_at: isoOrNull(card.updated),
    ...canonicalGameplay(card, { sourceLang, en, vocabulary }),
    variants: context.variants,
  };
}
