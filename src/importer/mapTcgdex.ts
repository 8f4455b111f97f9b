import { performance } from 'node:perf_hooks';
import type { Catalog } from '../catalog/catalogShapes.js';
import { LANGUAGES, type Language } from '../schemas/common.js';
import type { CardRecord } from '../schemas/card.js';
import type { CardSet } from '../schemas/set.js';
import type { ImportProgress } from '../catalog/importProgress.js';
import {
  countRecord, type ImportReport, type LanguageCounts, type MappingNotes, type SkippedRecord,
} from './importReport.js';
import { canonicalCard, canonicalSet, canonicalSetFromBrief, cardImages } from './tcgdexCanonical.js';
import { applyGameRules } from './gameRules.js';
import { gatherCrossLanguageFacts, sharedSetKey, type CrossLanguageFacts } from './tcgdexCrossLanguage.js';
import type { TcgdexCard, TcgdexLanguageData, TcgdexSetBrief } from './tcgdexRecords.js';
import { mapVariants } from './tcgdexVariants.js';
import { LOCALIZED_LANGUAGES } from './tcgdexVocabulary.js';
import { checkCard, checkSet } from './validateRecords.js';

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

/** The catalog as the languages mapped so far made it, and every record they left out. */
class CatalogDraft {
  readonly sets: CardSet[] = [];
  readonly cards: CardRecord[] = [];
  readonly setsById = new Map<string, CardSet>();
  readonly cardIds = new Set<string>();
  readonly skipped: SkippedRecord[] = [];
  readonly notes: MappingNotes = {
    coarsenedPrintings: 0, mergedPrintings: 0, cardsWithLegacyVariants: 0, cardsWithoutPrintings: 0,
    setsBuiltFromCardBrief: [], borrowedReleaseDates: [], untranslated: [], legalityOutliers: [],
    gameRules: { specialEnergy: [], ruleBox: { ex: [], EX: [] }, legalThroughReprint: { standard: [], expanded: [] }, expandedFromStandard: [], expandedBans: [] },
  };

  skip(kind: SkippedRecord['kind'], lang: string, id: string, reason: string): void {
    this.skipped.push({ kind, lang, id, reason });
  }

  addSet(set: CardSet): void {
    this.sets.push(set);
    this.setsById.set(set.id, set);
  }

  addCard(card: CardRecord): void {
    this.cards.push(card);
    this.cardIds.add(card.id);
  }
}

/** One TCGdex language on its way into its catalog language. */
interface LanguageInProgress {
  /** The TCGdex language code, as the report names it. */
  source: string;
  lang: Language;
  /** TCGdex ids of the sets left out, whose cards are left out with them. */
  skippedSets: Set<string>;
}

/** Records read, per TCGdex language. */
function countRead(input: readonly TcgdexLanguageData[]): Record<string, LanguageCounts> {
  const read: Record<string, LanguageCounts> = {};
  for (const data of input) {
    const counts = (read[data.lang] ??= { sets: 0, cards: 0 });
    counts.sets += data.sets.length;
    counts.cards += data.cards.length;
  }
  return read;
}

/** A language that is not one of the catalog's: it and everything in it are left out. */
function skipLanguage(data: TcgdexLanguageData, draft: CatalogDraft): void {
  const reason = REASONS.language(data.lang);
  draft.skip('language', data.lang, data.lang, reason);
  for (const set of data.sets) draft.skip('set', data.lang, set.id, reason);
  for (const card of data.cards) draft.skip('card', data.lang, card.id, reason);
}

/** The sets of a language's set list: Pocket sets, duplicates and invalid sets are left out. */
function mapSets(data: TcgdexLanguageData, language: LanguageInProgress, facts: CrossLanguageFacts, draft: CatalogDraft): void {
  const { source, lang } = language;
  for (const set of data.sets) {
    if (facts.pocketSets.has(sharedSetKey(source, set.id))) {
      draft.skip('set', source, set.id, REASONS.pocket);
      continue;
    }
    const record = canonicalSet(set, lang, facts.englishSetNames.get(set.id) ?? null);
    if (draft.setsById.has(record.id)) {
      draft.skip('set', source, set.id, REASONS.duplicateSet);
      continue;
    }
    const problem = checkSet(record);
    if (problem) {
      draft.skip('set', source, set.id, problem);
      language.skippedSets.add(set.id);
      continue;
    }
    draft.addSet(record);
  }
}

/**
 * The catalog set of a card whose set the language's set list left out: built from the brief
 * the card embeds, with a release date borrowed from another language of its id group.
 * Null when that set is not valid (then it is reported and skipped).
 */
function setFromBrief(
  brief: TcgdexSetBrief, language: LanguageInProgress, facts: CrossLanguageFacts, draft: CatalogDraft,
): CardSet | null {
  const { source, lang } = language;
  const borrowed = facts.releaseDates.get(sharedSetKey(source, brief.id)) ?? null;
  const record = canonicalSetFromBrief(brief, lang, facts.englishSetNames.get(brief.id) ?? null, borrowed?.date ?? null);
  const problem = checkSet(record);
  if (problem) {
    draft.skip('set', source, brief.id, `${problem} (set built from the brief its cards embed)`);
    language.skippedSets.add(brief.id);
    return null;
  }
  draft.addSet(record);
  draft.notes.setsBuiltFromCardBrief.push(record.id);
  if (borrowed) draft.notes.borrowedReleaseDates.push({ set: record.id, from: `${borrowed.lang}-${brief.id}` });
  return record;
}

/** One card: in English vocabulary with its variants, or left out with the reason. */
function mapCard(card: TcgdexCard, language: LanguageInProgress, facts: CrossLanguageFacts, draft: CatalogDraft): void {
  const { source, lang } = language;
  const brief = card.set;
  if (!brief) return draft.skip('card', source, card.id, REASONS.noSet);
  if (facts.pocketSets.has(sharedSetKey(source, brief.id))) return draft.skip('card', source, card.id, REASONS.pocket);
  if (language.skippedSets.has(brief.id)) return draft.skip('card', source, card.id, REASONS.setSkipped);
  const set = draft.setsById.get(`${lang}-${brief.id}`) ?? setFromBrief(brief, language, facts, draft);
  if (!set) return draft.skip('card', source, card.id, REASONS.setSkipped);

  const en = LOCALIZED_LANGUAGES.has(source) ? facts.englishCards.get(card.id) : undefined;
  const variants = mapVariants(source, card, en, cardImages(card), facts.untranslated);
  const record = canonicalCard(card, {
    sourceLang: source, lang, set, en, vocabulary: facts.vocabulary, variants: variants.variants,
  });
  if (draft.cardIds.has(record.id)) return draft.skip('card', source, card.id, REASONS.duplicateCard);
  const problem = checkCard(record);
  if (problem) return draft.skip('card', source, card.id, problem);
  const { notes } = draft;
  notes.coarsenedPrintings += variants.coarsened;
  notes.mergedPrintings += variants.merged;
  if (variants.basis === 'legacy') notes.cardsWithLegacyVariants += 1;
  if (variants.basis === 'none') notes.cardsWithoutPrintings += 1;
  draft.addCard(record);
}

/** The cards of a language, reporting progress about fifty times. */
function mapCards(
  data: TcgdexLanguageData, language: LanguageInProgress, facts: CrossLanguageFacts, draft: CatalogDraft,
  progress: ImportProgress | undefined,
): void {
  const phase = `map ${language.source}`;
  const total = data.cards.length;
  const step = Math.max(1, Math.floor(total / 50));
  data.cards.forEach((card, index) => {
    if (index % step === 0) progress?.(phase, index, total);
    mapCard(card, language, facts, draft);
  });
  progress?.(phase, total, total);
}

/** One TCGdex language: what the source could not retrieve, then its sets, then its cards. */
function mapLanguage(
  data: TcgdexLanguageData, facts: CrossLanguageFacts, draft: CatalogDraft, progress: ImportProgress | undefined,
): void {
  const lang = catalogLanguageOf(data.lang);
  if (lang === null) return skipLanguage(data, draft);
  for (const missing of data.unavailable ?? []) draft.skip(missing.kind, data.lang, missing.id, REASONS.unavailable);
  const language: LanguageInProgress = { source: data.lang, lang, skippedSets: new Set() };
  mapSets(data, language, facts, draft);
  mapCards(data, language, facts, draft, progress);
}

/** Records kept, per catalog language. */
function countImported(draft: CatalogDraft): Record<string, LanguageCounts> {
  const imported: Record<string, LanguageCounts> = {};
  for (const set of draft.sets) countRecord(imported, set.language, 'set');
  for (const card of draft.cards) countRecord(imported, draft.setsById.get(card.set_id)!.language, 'card');
  return imported;
}

/**
 * Maps TCGdex records of every language to the canonical catalog: one English vocabulary,
 * catalog ids, variant keys, validated by the catalog schemas, Energy subtypes and legality by the
 * game's rules. Every record read ends up either in the catalog or in the report's skipped list, with a reason.
 */
export function mapTcgdex(input: TcgdexLanguageData[], options: MapTcgdexOptions = {}): MappedCatalog {
  const started = performance.now();
  const facts = gatherCrossLanguageFacts(input);
  const draft = new CatalogDraft();
  for (const data of [...input].sort(mappingOrder)) mapLanguage(data, facts, draft, options.progress);
  const { legalityOutliers, corrections } = applyGameRules(draft.cards, (card) => draft.setsById.get(card.set_id)!.language);
  const notes: MappingNotes = {
    ...draft.notes, untranslated: facts.untranslated.values(), legalityOutliers, gameRules: corrections,
  };
  const report: ImportReport = {
    source: options.source ?? 'tcgdex',
    read: countRead(input),
    imported: countImported(draft),
    skipped: draft.skipped,
    notes,
    timings: { map: Math.round(performance.now() - started) },
  };
  return { catalog: { sets: draft.sets, cards: draft.cards }, report };
}
