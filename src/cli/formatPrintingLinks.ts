import type { PrintingLinkCounts, PrintingLinkReport } from '../catalog/rows/printingLinks.js';
import { table } from './textTable.js';

const TIES_SHOWN = 20;
const percent = (part: number, whole: number) => (whole === 0 ? '-' : `${((100 * part) / whole).toFixed(1)} %`);

/** One row per era and kind, then each era's total, then the regulation marks G to J together. */
function rowsOf(counts: readonly PrintingLinkCounts[]): PrintingLinkCounts[] {
  const sum = (era: string, kind: string, of: readonly PrintingLinkCounts[]): PrintingLinkCounts => ({
    era, kind,
    cards: of.reduce((n, c) => n + c.cards, 0),
    linked: of.reduce((n, c) => n + c.linked, 0),
    inPairedSets: of.reduce((n, c) => n + c.inPairedSets, 0),
    linkedInPairedSets: of.reduce((n, c) => n + c.linkedInPairedSets, 0),
    unlinked: {
      tie: of.reduce((n, c) => n + c.unlinked.tie, 0),
      'no-counterpart-set': of.reduce((n, c) => n + c.unlinked['no-counterpart-set'], 0),
      'no-candidate': of.reduce((n, c) => n + c.unlinked['no-candidate'], 0),
    },
  });
  const recent = counts.filter((c) => ['G', 'H', 'I', 'J'].includes(c.era));
  const kinds = [...new Set(counts.map((c) => c.kind))];
  return [...counts, ...kinds.map((kind) => sum('G-J', kind, recent.filter((c) => c.kind === kind)))];
}

/** The Japanese cards linked to an English printing, by era (regulation mark) and kind, why the others are not, and the ties left for review. */
export function formatPrintingLinks(report: PrintingLinkReport): string[] {
  const rows = [['era', 'kind', 'cards', 'linked', 'tie', 'no English set', 'no candidate', 'in paired sets', 'linked there']];
  for (const c of rowsOf(report.japanese)) {
    rows.push([c.era, c.kind, String(c.cards), percent(c.linked, c.cards), percent(c.unlinked.tie, c.cards),
      percent(c.unlinked['no-counterpart-set'], c.cards), percent(c.unlinked['no-candidate'], c.cards),
      String(c.inPairedSets), percent(c.linkedInPairedSets, c.inPairedSets)]);
  }
  const ties = report.ties.slice(0, TIES_SHOWN).map((tie) => `    ${tie.card}: ${tie.candidates.join(' ')}`);
  const more = report.ties.length > TIES_SHOWN ? [`    ... and ${report.ties.length - TIES_SHOWN} more (the full report lists them)`] : [];
  return [
    'Japanese cards linked to their English printings (by regulation mark and kind; "no English set": its set has no',
    'English counterpart; "no candidate": none prints the same; "in paired sets": the cards of a set that has one):',
    ...table(rows).map((line) => `  ${line}`),
    `  Ties left unlinked for review (${report.ties.length}, every Asian language):`,
    ...ties, ...more,
  ];
}
