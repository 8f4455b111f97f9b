import { abilityTypeOf, isEnergyType, type AbilityType, type EnergyType } from '../vocabulary/cardVocabulary.js';
import type { UntranslatedValue } from './importReport.js';
import type { TcgdexCard } from './tcgdexRecords.js';

/**
 * TCGdex languages whose enumeration values (category, rarity, types, stage, ...) are localized.
 * Every other language already uses TCGdex's English values.
 */
export const LOCALIZED_LANGUAGES: ReadonlySet<string> = new Set(['fr', 'es', 'it', 'pt', 'de']);

type ScalarField = 'category' | 'rarity' | 'stage' | 'suffix' | 'trainerType' | 'energyType';
const SCALAR_FIELDS: readonly ScalarField[] = ['category', 'rarity', 'stage', 'suffix', 'trainerType', 'energyType'];

/**
 * The learned tables besides the scalar fields: `types`; `energy`, every energy word a card
 * prints (its types, attack costs, weaknesses and resistances: one vocabulary, so each list
 * teaches the others); and `ability type`.
 */
type TableName = ScalarField | 'types' | 'energy' | 'ability type';

/**
 * The English card's list when it has as many entries as the localized one: the same card
 * prints the same abilities, attacks, costs and weaknesses in the same order in every language.
 */
export function alignedWith<T>(local: readonly unknown[] | undefined, en: readonly T[] | undefined): readonly T[] | undefined {
  return local && en && local.length === en.length ? en : undefined;
}

/** Counts the localized values no rule could turn into English, for the report. */
export class UntranslatedTally {
  private readonly counts = new Map<string, UntranslatedValue>();

  add(lang: string, field: string, value: string): void {
    const key = `${lang}\u0000${field}\u0000${value}`;
    const entry = this.counts.get(key);
    if (entry) entry.count += 1;
    else this.counts.set(key, { lang, field, value, count: 1 });
  }

  values(): UntranslatedValue[] {
    return [...this.counts.values()].sort((a, b) => b.count - a.count);
  }
}

/**
 * Turns localized enumeration values back into the one English vocabulary of the catalog.
 * The English card with the same TCGdex id is the authority; where a card has no English
 * counterpart, a translation table learned from every (localized, English) pair of the same
 * import decides by majority vote.
 */
export class EnglishVocabulary {
  private readonly votes = new Map<string, Map<string, number>>();
  private table: Map<string, string> | null = null;

  constructor(private readonly untranslated: UntranslatedTally) {}

  /** Records the value pairs of one localized card and its English counterpart. */
  learn(lang: string, card: TcgdexCard, en: TcgdexCard): void {
    if (!LOCALIZED_LANGUAGES.has(lang)) return;
    for (const field of SCALAR_FIELDS) {
      const local = card[field];
      const english = en[field];
      if (local !== undefined && english !== undefined) this.vote(lang, field, local, english);
    }
    this.pairs(lang, 'types', card.types, en.types);
    this.pairs(lang, 'energy', card.types, en.types);
    const attacks = alignedWith(card.attacks, en.attacks);
    card.attacks?.forEach((attack, i) => this.pairs(lang, 'energy', attack.cost, attacks?.[i]?.cost));
    for (const field of ['weaknesses', 'resistances'] as const) {
      const english = alignedWith(card[field], en[field]);
      card[field]?.forEach((entry, i) => this.pair(lang, 'energy', entry.type, english?.[i]?.type));
    }
    const abilities = alignedWith(card.abilities, en.abilities);
    card.abilities?.forEach((ability, i) => this.pair(lang, 'ability type', ability.type, abilities?.[i]?.type));
  }

  /** Votes the values of two lists of the same length, position by position. */
  private pairs(lang: string, table: TableName, local: readonly string[] | undefined, english: readonly string[] | undefined): void {
    const aligned = alignedWith(local, english);
    if (aligned) local!.forEach((value, i) => this.vote(lang, table, value, aligned[i]!));
  }

  private pair(lang: string, table: TableName, local: string | undefined, english: string | undefined): void {
    if (local !== undefined && english !== undefined) this.vote(lang, table, local, english);
  }

  private vote(lang: string, field: TableName, local: string, english: string): void {
    const key = `${lang}\u0000${field}\u0000${local}`;
    let tally = this.votes.get(key);
    if (!tally) this.votes.set(key, (tally = new Map()));
    tally.set(english, (tally.get(english) ?? 0) + 1);
    this.table = null;
  }

  /** The learned English value of a localized one, undefined when no pair taught it. */
  private lookup(lang: string, field: TableName, local: string): string | undefined {
    if (!this.table) {
      this.table = new Map();
      for (const [key, tally] of this.votes) {
        // Majority vote; ties go to the alphabetically first value so the result never depends on input order.
        const [winner] = [...tally].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]!;
        this.table.set(key, winner);
      }
    }
    return this.table.get(`${lang}\u0000${field}\u0000${local}`);
  }

  private lookupIn<T>(lang: string, table: TableName, local: string, canonical: (value: string) => T | null): T | null {
    const english = this.lookup(lang, table, local);
    return english === undefined ? null : canonical(english);
  }

  private translate(lang: string, field: ScalarField | 'types', local: string): string {
    const english = this.lookup(lang, field, local);
    if (english !== undefined) return english;
    this.untranslated.add(lang, field, local);
    return local;
  }

  /**
   * The first English reading of a value of a closed vocabulary: the English card's value, the
   * learned table's, then the value itself (some localized cards print the English word). A
   * language that is already English has only its own value. Null, and reported under
   * `reportAs`, when none is in the vocabulary.
   */
  private closed<T extends string>(
    lang: string, table: TableName, reportAs: string, local: string, en: string | undefined,
    canonical: (value: string) => T | null,
  ): T | null {
    const localized = LOCALIZED_LANGUAGES.has(lang);
    const value = (localized && en !== undefined ? canonical(en) : null)
      ?? (localized ? this.lookupIn(lang, table, local, canonical) : null)
      ?? canonical(local);
    if (value === null) this.untranslated.add(lang, reportAs, local);
    return value;
  }

  /** The English value of one scalar enumeration field of a card, null when the card has none. */
  english(lang: string, field: ScalarField, card: TcgdexCard, en: TcgdexCard | undefined): string | null {
    const local = card[field];
    if (local === undefined) return null;
    if (!LOCALIZED_LANGUAGES.has(lang)) return local;
    return en?.[field] ?? this.translate(lang, field, local);
  }

  /** The English energy types of a card, null when it has none. */
  types(lang: string, card: TcgdexCard, en: TcgdexCard | undefined): string[] | null {
    const local = card.types;
    if (local === undefined) return null;
    if (!LOCALIZED_LANGUAGES.has(lang)) return [...local];
    if (en?.types && en.types.length === local.length) return [...en.types];
    return local.map((value) => this.translate(lang, 'types', value));
  }

  /**
   * The English energy types of one printed list (an attack's cost), `en` being the English
   * card's list for the same attack when it has as many entries. A word no rule reads as an
   * energy type is left out (the list is a closed vocabulary) and reported under `reportAs`.
   */
  energyTypes(lang: string, reportAs: string, local: readonly string[], en: readonly string[] | undefined): EnergyType[] {
    const english = alignedWith(local, en);
    const types: EnergyType[] = [];
    local.forEach((value, i) => {
      const type = this.energyType(lang, reportAs, value, english?.[i]);
      if (type !== null) types.push(type);
    });
    return types;
  }

  /** The English energy type of one printed word (a weakness's type), null and reported when none reads it. */
  energyType(lang: string, reportAs: string, local: string, en: string | undefined): EnergyType | null {
    return this.closed(lang, 'energy', reportAs, local, en, (value) => (isEnergyType(value) ? value : null));
  }

  /**
   * One of the five canonical ability types, from the localized word or the English card's
   * ability at the same position; null when the source names none or no rule reads it (reported).
   */
  abilityType(lang: string, local: string | undefined, en: string | undefined): AbilityType | null {
    if (local === undefined) return en === undefined ? null : abilityTypeOf(en);
    return this.closed(lang, 'ability type', 'ability type', local, en, abilityTypeOf);
  }
}
