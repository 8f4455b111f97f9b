import type { UntranslatedValue } from './importReport.js';
import type { TcgdexCard } from './tcgdexRecords.js';

/**
 * TCGdex languages whose enumeration values (category, rarity, types, stage, ...) are localized.
 * Every other language already uses TCGdex's English values.
 */
export const LOCALIZED_LANGUAGES: ReadonlySet<string> = new Set(['fr', 'es', 'it', 'pt', 'de']);

type ScalarField = 'category' | 'rarity' | 'stage' | 'suffix' | 'trainerType' | 'energyType';
const SCALAR_FIELDS: readonly ScalarField[] = ['category', 'rarity', 'stage', 'suffix', 'trainerType', 'energyType'];

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
    if (card.types && en.types && card.types.length === en.types.length) {
      card.types.forEach((local, i) => this.vote(lang, 'types', local, en.types![i]!));
    }
  }

  private vote(lang: string, field: string, local: string, english: string): void {
    const key = `${lang}\u0000${field}\u0000${local}`;
    let tally = this.votes.get(key);
    if (!tally) this.votes.set(key, (tally = new Map()));
    tally.set(english, (tally.get(english) ?? 0) + 1);
    this.table = null;
  }

  private translate(lang: string, field: string, local: string): string {
    if (!this.table) {
      this.table = new Map();
      for (const [key, tally] of this.votes) {
        // Majority vote; ties go to the alphabetically first value so the result never depends on input order.
        const [winner] = [...tally].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]!;
        this.table.set(key, winner);
      }
    }
    const english = this.table.get(`${lang}\u0000${field}\u0000${local}`);
    if (english !== undefined) return english;
    this.untranslated.add(lang, field, local);
    return local;
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
}
