import type { PrintingLinkReport } from '../catalog/rows/printingLinks.js';

/** What an import did: how much it read and kept per language, and every record it left out, with why. */

export interface LanguageCounts {
  sets: number;
  cards: number;
}

export interface SkippedRecord {
  kind: 'language' | 'set' | 'card';
  /** The source's language code (TCGdex `pt-br` stays `pt-br` here). */
  lang: string;
  /** The source's id of the record (TCGdex id, or the catalog id for an own export). */
  id: string;
  reason: string;
}

export interface UntranslatedValue {
  lang: string;
  field: string;
  value: string;
  count: number;
}

/** A card whose source standard-legality flag disagrees with most cards of its regulation mark in its language. */
export interface LegalityOutlier {
  /** Catalog card id. */
  card: string;
  /** Its regulation mark, upper case. */
  mark: string;
  /** The source's `legal.standard`. */
  source: boolean;
  /** The `legalities.standard` served: the majority's, except for basic Energy cards, which keep the source's. */
  taken: boolean;
}

/** The cards the game's rules corrected, by catalog card id (see `gameRules.ts`). */
export interface GameRuleCorrections {
  /** Energy cards the source labels basic (`Normal`) though they print an effect: made `Special`. */
  specialEnergy: string[];
  /** Pokémon the source gives the other rule box's subtype (or none): made `ex` or `EX`, as their names say. */
  ruleBox: { ex: string[]; EX: string[] };
  /** Cards legal in a format only through a printing of the same name and game text. */
  legalThroughReprint: { standard: string[]; expanded: string[] };
  /** Standard-legal cards the source did not mark Expanded-legal (the Asian printings): made Expanded-legal. */
  expandedFromStandard: string[];
  /** Cards of a name the source bans from Expanded (not Expanded-legal while most of their set is): kept not legal. */
  expandedBans: string[];
}

export interface MappingNotes {
  /** Printings whose full variant key is not in the vocabulary and was coarsened. */
  coarsenedPrintings: number;
  /** Printings merged into another printing of the same card with the same key. */
  mergedPrintings: number;
  /** Cards without `variants_detailed`, whose variants come from the legacy booleans. */
  cardsWithLegacyVariants: number;
  /** Cards with no printing information at all, given one `normal` variant. */
  cardsWithoutPrintings: number;
  /** Sets missing from their language's set list, built from the brief their cards embed. */
  setsBuiltFromCardBrief: string[];
  /** Of those, the sets whose release date was borrowed from another international language. */
  borrowedReleaseDates: Array<{ set: string; from: string }>;
  /**
   * Localized enumeration values (and variant words) that no rule turned into English: kept as
   * they are, except in the closed vocabularies (attack costs, weakness and resistance types are
   * left out, an ability type is null).
   */
  untranslated: UntranslatedValue[];
  /** Every card whose standard legality disagrees with its regulation mark's majority. */
  legalityOutliers: LegalityOutlier[];
  /** What the game's rules changed in the source's subtypes and legalities. */
  gameRules: GameRuleCorrections;
}

export interface ImportReport {
  /** What was imported: `tcgdex dump <dir>`, `tcgdex api <url>` or `own export <dir>`. */
  source: string;
  /** Records read, per source language. */
  read: Record<string, LanguageCounts>;
  /** Records in the resulting catalog, per catalog language. */
  imported: Record<string, LanguageCounts>;
  skipped: SkippedRecord[];
  /** Only for TCGdex sources. */
  notes?: MappingNotes;
  /** What the links between the Asian catalogs and the English one reached (the rows' build). */
  printingLinks?: PrintingLinkReport;
  /** Milliseconds per phase (read, map, write). */
  timings: Record<string, number>;
}

/** Adds one record to a per-language count table. */
export function countRecord(table: Record<string, LanguageCounts>, lang: string, kind: 'set' | 'card'): void {
  const counts = (table[lang] ??= { sets: 0, cards: 0 });
  if (kind === 'set') counts.sets += 1;
  else counts.cards += 1;
}
