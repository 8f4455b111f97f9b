import { INTERNATIONAL_LANGUAGES, TCGDEX_LANGUAGES, type TcgdexCard, type TcgdexLanguageData } from './tcgdexRecords.js';
import { EnglishVocabulary, LOCALIZED_LANGUAGES, UntranslatedTally } from './tcgdexVocabulary.js';

/** The TCGdex series of Pokémon TCG Pocket, a digital game the catalog leaves out. */
export const POCKET_SERIES = 'tcgp';

/** A set id as every language of its id group (international, Asian) shares it: `intl:base1`, `asia:SV1a`. */
export const sharedSetKey = (tcgdexLang: string, setId: string): string =>
  `${INTERNATIONAL_LANGUAGES.includes(tcgdexLang) ? 'intl' : 'asia'}:${setId}`;

/** A release date, with the TCGdex language that gave it. */
export interface DatedBy {
  date: string;
  lang: string;
}

/** What one language of an import tells the mapping of the others. */
export interface CrossLanguageFacts {
  /** Shared set keys of the Pocket sets, whichever language said so. */
  pocketSets: ReadonlySet<string>;
  /** Per shared set key, the release date of the most preferred TCGdex language that has one. */
  releaseDates: ReadonlyMap<string, DatedBy>;
  /** English set names by TCGdex set id. */
  englishSetNames: ReadonlyMap<string, string | null>;
  /** English cards by TCGdex card id: the authority for localized enumeration values. */
  englishCards: ReadonlyMap<string, TcgdexCard>;
  /** Localized → English values learned from every localized card with an English counterpart. */
  vocabulary: EnglishVocabulary;
  /** The localized values nothing translated, for the report. */
  untranslated: UntranslatedTally;
}

/** Position of a TCGdex language in TCGdex's own order; languages it does not publish come last. */
function preference(data: TcgdexLanguageData): number {
  const i = (TCGDEX_LANGUAGES as readonly string[]).indexOf(data.lang);
  return i === -1 ? TCGDEX_LANGUAGES.length : i;
}

/** Pocket sets and release dates per shared set key, the preferred language's date first. */
function sharedSetFacts(input: readonly TcgdexLanguageData[]): Pick<CrossLanguageFacts, 'pocketSets' | 'releaseDates'> {
  const pocketSets = new Set<string>();
  const releaseDates = new Map<string, DatedBy>();
  for (const data of [...input].sort((a, b) => preference(a) - preference(b))) {
    for (const set of data.sets) {
      const key = sharedSetKey(data.lang, set.id);
      if (set.serie?.id === POCKET_SERIES) pocketSets.add(key);
      if (set.releaseDate && !releaseDates.has(key)) releaseDates.set(key, { date: set.releaseDate, lang: data.lang });
    }
  }
  return { pocketSets, releaseDates };
}

/** Votes every localized card's values against its English counterpart's. */
function learnVocabulary(
  input: readonly TcgdexLanguageData[],
  englishCards: ReadonlyMap<string, TcgdexCard>,
  untranslated: UntranslatedTally,
): EnglishVocabulary {
  const vocabulary = new EnglishVocabulary(untranslated);
  for (const data of input) {
    if (!LOCALIZED_LANGUAGES.has(data.lang)) continue;
    for (const card of data.cards) {
      const en = englishCards.get(card.id);
      if (en) vocabulary.learn(data.lang, card, en);
    }
  }
  return vocabulary;
}

/** Gathers, before any language is mapped, the facts that span the languages of an import. */
export function gatherCrossLanguageFacts(input: readonly TcgdexLanguageData[]): CrossLanguageFacts {
  const english = input.find((data) => data.lang === 'en');
  const englishSetNames = new Map(english?.sets.map((set) => [set.id, set.name ?? null]));
  const englishCards = new Map<string, TcgdexCard>(english?.cards.map((card) => [card.id, card]));
  const untranslated = new UntranslatedTally();
  return {
    ...sharedSetFacts(input),
    englishSetNames,
    englishCards,
    vocabulary: learnVocabulary(input, englishCards, untranslated),
    untranslated,
  };
}
