import { performance } from 'node:perf_hooks';
import type { Catalog } from '../catalog/catalogStore.js';
import { LANGUAGES, type Language } from '../schemas/common.js';
import type { CardWithVariants } from '../schemas/card.js';
import type { CardSet } from '../schemas/set.js';
import type { ImportProgress } from '../catalog/importProgress.js';
import { countRecord, type ImportReport, type MappingNotes, type SkippedRecord } from './importReport.js';
import { canonicalCard, canonicalSet, canonicalSetFromBrief, cardImages } from './tcgdexCanonical.js';
import {
  INTERNATIONAL_LANGUAGES, TCGDEX_LANGUAGES, type TcgdexCard, type TcgdexLanguageData,
} from './tcgdexRecords.js';
import { mapVariants } from './tcgdexVariants.js';
import { EnglishVocabulary, LOCALIZED_LANGUAGES, UntranslatedTally } from './tcgdexVocabulary.js';
import { checkCard, checkSet } from './validateRecords.js';

export const POCKET_SERIES = 'tcgp';
export const REASONS = {
  pocket: 'Pokémon TCG Pocket (series tcgp) is a digital game, not part of this catalog',
  duplicateSet: 'duplicate set id: the catalog language already has this set from another TCGdex language',
  duplicateCard: 'duplicate card id: the catalog language already has this card from another TCGdex language',
  setSkipped: 'its set was skipped',
  noSet: 'the card names no set',
  unavailable: 'listed by the source, but the source answered 404 for it',
  language: (lang: string) => `TCGdex language ${lang} is not one of the catalog's 16 languages`,
} as const;

/** The catalog language of a TCGdex language: itself, `pt` for TCGdex's `pt-br`, else null. */
export function catalogLanguageOf(tcgdexLang: string): Language | null {
  if ((LANGUAGES as readonly string[]).includes(tcgdexLang)) return tcgdexLang as Language;
  return tcgdexLang === 'pt-br' ? 'pt' : null;
}

export interface MapTcgdexOptions {
  /** Names the source in the report. */
  source?: string;
  progress?: ImportProgress;
}

export interface MappedCatalog {
  catalog: Catalog;
  report: ImportReport;
}

/** Catalog languages in the specification's order, a TCGdex language before its alias (`pt` before `pt-br`). */
function mappingOrder(a: TcgdexLanguageData, b: TcgdexLanguageData): number {
  const rank = (data: TcgdexLanguageData) => {
    const lang = catalogLanguageOf(data.lang);
    return lang === null ? LANGUAGES.length * 2 : LANGUAGES.indexOf(lang) * 2 + (lang === data.lang ? 0 : 1);
  };
  return rank(a) - rank(b);
}

const idGroup = (tcgdexLang: string) => (INTERNATIONAL_LANGUAGES.includes(tcgdexLang) ? 'intl' : 'asia');

/**
 * Maps TCGdex records of every language to the canonical catalog: one English vocabulary,
 * catalog ids, variant keys, validated by the catalog schemas. Every record read ends up either
 * in the catalog or in the report's skipped list, with a reason.
 */
export function mapTcgdex(input: TcgdexLanguageData[], options: MapTcgdexOptions = {}): MappedCatalog {
  const started = performance.now();
  const skipped: SkippedRecord[] = [];
  const skip = (kind: SkippedRecord['kind'], lang: string, id: string, reason: string) =>
    skipped.push({ kind, lang, id, reason });
  const notes: MappingNotes = {
    coarsenedPrintings: 0, mergedPrintings: 0, cardsWithLegacyVariants: 0, cardsWithoutPrintings: 0,
    setsBuiltFromCardBrief: [], borrowedReleaseDates: [], untranslated: [],
  };
  const report: ImportReport = {
    source: options.source ?? 'tcgdex', read: {}, imported: {}, skipped, notes, timings: {},
  };
  for (const data of input) {
    const read = (report.read[data.lang] ??= { sets: 0, cards: 0 });
    read.sets += data.sets.length;
    read.cards += data.cards.length;
  }

  // Facts that span the languages sharing ids (international, Asian): Pocket sets, release dates;
  // and the English set names and cards.
  const pocketSets = new Set<string>();
  const releaseDates = new Map<string, { date: string; lang: string }>();
  const preference = (data: TcgdexLanguageData) => {
    const i = (TCGDEX_LANGUAGES as readonly string[]).indexOf(data.lang);
    return i === -1 ? TCGDEX_LANGUAGES.length : i;
  };
  const byPreference = [...input].sort((a, b) => preference(a) - preference(b));
  for (const data of byPreference) {
    for (const set of data.sets) {
      const key = `${idGroup(data.lang)}:${set.id}`;
      if (set.serie?.id === POCKET_SERIES) pocketSets.add(key);
      if (set.releaseDate && !releaseDates.has(key)) releaseDates.set(key, { date: set.releaseDate, lang: data.lang });
    }
  }
  const english = input.find((data) => data.lang === 'en');
  const englishSetNames = new Map(english?.sets.map((set) => [set.id, set.name ?? null]));
  const englishCards = new Map<string, TcgdexCard>(english?.cards.map((card) => [card.id, card]));
  const untranslated = new UntranslatedTally();
  const vocabulary = new EnglishVocabulary(untranslated);
  for (const data of input) {
    if (!LOCALIZED_LANGUAGES.has(data.lang)) continue;
    for (const card of data.cards) {
      const en = englishCards.get(card.id);
      if (en) vocabulary.learn(data.lang, card, en);
    }
  }

  const sets: CardSet[] = [];
  const cards: CardWithVariants[] = [];
  const setsById = new Map<string, CardSet>();
  const cardIds = new Set<string>();
  for (const data of [...input].sort(mappingOrder)) {
    const source = data.lang;
    const lang = catalogLanguageOf(source);
    if (lang === null) {
      const reason = REASONS.language(source);
      skip('language', source, source, reason);
      for (const set of data.sets) skip('set', source, set.id, reason);
      for (const card of data.cards) skip('card', source, card.id, reason);
      continue;
    }
    for (const missing of data.unavailable ?? []) skip(missing.kind, source, missing.id, REASONS.unavailable);

    const group = idGroup(source);
    const skippedSets = new Set<string>();
    for (const set of data.sets) {
      if (pocketSets.has(`${group}:${set.id}`)) {
        skip('set', source, set.id, REASONS.pocket);
        continue;
      }
      const record = canonicalSet(set, lang, englishSetNames.get(set.id) ?? null);
      if (setsById.has(record.id)) {
        skip('set', source, set.id, REASONS.duplicateSet);
        continue;
      }
      const problem = checkSet(record);
      if (problem) {
        skip('set', source, set.id, problem);
        skippedSets.add(set.id);
        continue;
      }
      sets.push(record);
      setsById.set(record.id, record);
    }

    const localized = LOCALIZED_LANGUAGES.has(source);
    const step = Math.max(1, Math.floor(data.cards.length / 50));
    data.cards.forEach((card, index) => {
      if (index % step === 0) options.progress?.(`map ${source}`, index, data.cards.length);
      const brief = card.set;
      if (!brief) return skip('card', source, card.id, REASONS.noSet);
      if (pocketSets.has(`${group}:${brief.id}`)) return skip('card', source, card.id, REASONS.pocket);
      if (skippedSets.has(brief.id)) return skip('card', source, card.id, REASONS.setSkipped);
      let set = setsById.get(`${lang}-${brief.id}`);
      if (!set) {
        const borrowed = releaseDates.get(`${group}:${brief.id}`) ?? null;
        const record = canonicalSetFromBrief(brief, lang, englishSetNames.get(brief.id) ?? null, borrowed?.date ?? null);
        const problem = checkSet(record);
        if (problem) {
          skip('set', source, brief.id, `${problem} (set built from the brief its cards embed)`);
          skippedSets.add(brief.id);
          return skip('card', source, card.id, REASONS.setSkipped);
        }
        set = record;
        sets.push(record);
        setsById.set(record.id, record);
        notes.setsBuiltFromCardBrief.push(record.id);
        if (borrowed) notes.borrowedReleaseDates.push({ set: record.id, from: `${borrowed.lang}-${brief.id}` });
      }
      const en = localized ? englishCards.get(card.id) : undefined;
      const variants = mapVariants(source, card, en, cardImages(card), untranslated);
      const record = canonicalCard(card, { sourceLang: source, lang, set, en, vocabulary, variants: variants.variants });
      if (cardIds.has(record.id)) return skip('card', source, card.id, REASONS.duplicateCard);
      const problem = checkCard(record);
      if (problem) return skip('card', source, card.id, problem);
      notes.coarsenedPrintings += variants.coarsened;
      notes.mergedPrintings += variants.merged;
      if (variants.basis === 'legacy') notes.cardsWithLegacyVariants += 1;
      if (variants.basis === 'none') notes.cardsWithoutPrintings += 1;
      cards.push(record);
      cardIds.add(record.id);
    });
    options.progress?.(`map ${source}`, data.cards.length, data.cards.length);
  }

  for (const set of sets) countRecord(report.imported, set.language, 'set');
  for (const card of cards) countRecord(report.imported, setsById.get(card.set_id)!.language, 'card');
  notes.untranslated = untranslated.values();
  report.timings.map = Math.round(performance.now() - started);
  return { catalog: { sets, cards }, report };
}
