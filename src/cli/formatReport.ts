import { LANGUAGES } from '../schemas/common.js';
import type { GameRuleCorrections, ImportReport, LanguageCounts, LegalityOutlier } from '../importer/importReport.js';

import { formatPrintingLinks } from './formatPrintingLinks.js';
import { table } from './textTable.js';

const IDS_SHOWN = 12;

function languageOrder(a: string, b: string): number {
  const rank = (lang: string) => {
    const i = (LANGUAGES as readonly string[]).indexOf(lang);
    return i === -1 ? LANGUAGES.length : i;
  };
  return rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0);
}


const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const legality = (standard: boolean) => (standard ? 'legal' : 'not legal');

/** The cards whose standard flag disagreed with their regulation mark: each one corrected, then the basic Energy cards that kept theirs. */
function formatLegalityOutliers(outliers: readonly LegalityOutlier[]): string[] {
  if (outliers.length === 0) return [];
  const corrected = outliers.filter((o) => o.taken !== o.source);
  const kept = outliers.filter((o) => o.taken === o.source);
  const lines = [`  ${outliers.length} cards whose standard legality disagrees with most cards of their regulation mark in their language:`];
  if (corrected.length > 0) {
    lines.push(`    ${corrected.length} given the majority's: ${corrected
      .map((o) => `${o.card} (${o.mark}, ${legality(o.source)} → ${legality(o.taken)})`).join(', ')}`);
  }
  if (kept.length > 0) {
    const more = kept.length > IDS_SHOWN ? ` ... and ${kept.length - IDS_SHOWN} more` : '';
    lines.push(`    ${kept.length} basic Energy cards keep the source's: ${kept.slice(0, IDS_SHOWN)
      .map((o) => `${o.card} (${o.mark}, ${legality(o.source)})`).join(', ')}${more}`);
  }
  return lines;
}

/** The catalog language of a card id: the longest language code it starts with (`zh-tw-SV1-1` is zh-tw). */
const languageOfId = (id: string) =>
  [...LANGUAGES].sort((a, b) => b.length - a.length).find((lang) => id.startsWith(`${lang}-`)) ?? '?';

/** `12 (en 5, fr 7): en-sv01-196, ...`: a count, per language, and the first ids. */
function countedIds(ids: readonly string[]): string {
  const perLanguage = new Map<string, number>();
  for (const id of ids) perLanguage.set(languageOfId(id), (perLanguage.get(languageOfId(id)) ?? 0) + 1);
  const languages = [...perLanguage].sort(([a], [b]) => languageOrder(a, b)).map(([lang, n]) => `${lang} ${n}`).join(', ');
  const more = ids.length > IDS_SHOWN ? ` ... and ${ids.length - IDS_SHOWN} more` : '';
  return ids.length === 0 ? '0' : `${ids.length} (${languages}): ${ids.slice(0, IDS_SHOWN).join(' ')}${more}`;
}

/** What the game's rules corrected, each kind with its count per language and the first ids. */
function formatGameRules(rules: GameRuleCorrections): string[] {
  return [
    "  The game's rules:",
    `    Energy labelled basic that prints an effect, made Special: ${countedIds(rules.specialEnergy)}`,
    `    Pokémon ex the source labels otherwise, made ex: ${countedIds(rules.ruleBox.ex)}`,
    `    Pokémon-EX the source labels otherwise, made EX: ${countedIds(rules.ruleBox.EX)}`,
    `    legal in Standard through a reprint of the same name and text: ${countedIds(rules.legalThroughReprint.standard)}`,
    `    Expanded-legal because Standard-legal: ${countedIds(rules.expandedFromStandard)}`,
    `    legal in Expanded through a reprint of the same name and text: ${countedIds(rules.legalThroughReprint.expanded)}`,
    `    banned from Expanded by the source, kept not legal: ${countedIds(rules.expandedBans)}`,
  ];
}

/** The import report for a person: counts per language, skipped records by reason, notes, timings. */
export function formatReport(report: ImportReport, reportFile: string | null): string {
  const out: string[] = [`Imported from ${report.source}`, ''];
  const langs = [...new Set([...Object.keys(report.read), ...Object.keys(report.imported)])].sort(languageOrder);
  const zero: LanguageCounts = { sets: 0, cards: 0 };
  const sum = (table: Record<string, LanguageCounts>) =>
    Object.values(table).reduce((acc, c) => ({ sets: acc.sets + c.sets, cards: acc.cards + c.cards }), zero);
  const rows = [['language', 'sets read', 'cards read', 'sets kept', 'cards kept']];
  for (const lang of [...langs, 'total']) {
    const read = lang === 'total' ? sum(report.read) : report.read[lang] ?? zero;
    const kept = lang === 'total' ? sum(report.imported) : report.imported[lang] ?? zero;
    rows.push([lang, String(read.sets), String(read.cards), String(kept.sets), String(kept.cards)]);
  }
  out.push(...table(rows), '');

  if (report.skipped.length === 0) {
    out.push('Skipped: nothing');
  } else {
    out.push(`Skipped ${report.skipped.length} records:`);
    const byReason = new Map<string, Map<string, string[]>>();
    for (const record of report.skipped) {
      const groups = byReason.get(record.reason) ?? new Map<string, string[]>();
      byReason.set(record.reason, groups);
      const group = `${record.kind} ${record.lang}`;
      const ids = groups.get(group) ?? [];
      groups.set(group, ids);
      ids.push(record.id);
    }
    for (const [reason, groups] of byReason) {
      const count = [...groups.values()].reduce((n, ids) => n + ids.length, 0);
      out.push(`  ${reason} (${count}):`);
      for (const [group, ids] of groups) {
        const more = ids.length > IDS_SHOWN ? ` ... and ${ids.length - IDS_SHOWN} more` : '';
        out.push(`    ${group}: ${ids.slice(0, IDS_SHOWN).join(' ')}${more}`);
      }
    }
  }

  const notes = report.notes;
  if (notes) {
    out.push('', 'Notes:');
    out.push(`  ${notes.mergedPrintings} printings merged into another printing of the same card with the same variant key`);
    out.push(`  ${notes.coarsenedPrintings} printings given a coarser variant key (their full key is not in the vocabulary)`);
    out.push(`  ${notes.cardsWithLegacyVariants} cards with variants from TCGdex's legacy booleans; ${notes.cardsWithoutPrintings} cards without printing data got one normal variant`);
    if (notes.setsBuiltFromCardBrief.length > 0) {
      out.push(`  ${notes.setsBuiltFromCardBrief.length} sets missing from their language's set list, built from their cards: ${notes.setsBuiltFromCardBrief.join(' ')}`);
      out.push(`    release date borrowed from another language for ${notes.borrowedReleaseDates.length} of them`);
    }
    if (notes.untranslated.length > 0) {
      out.push(`  values no rule turned into English (kept, or left out of a closed vocabulary): ${notes.untranslated
        .map((u) => `${u.lang} ${u.field} "${u.value}" ×${u.count}`).join(', ')}`);
    }
    out.push(...formatLegalityOutliers(notes.legalityOutliers));
    out.push(...formatGameRules(notes.gameRules));
  }
  if (report.printingLinks) out.push('', ...formatPrintingLinks(report.printingLinks));
  out.push('', `Timings: ${Object.entries(report.timings).map(([phase, ms]) => `${phase} ${seconds(ms)}`).join(', ')}`);
  if (reportFile) out.push(`Full report: ${reportFile}`);
  return out.join('\n');
}
