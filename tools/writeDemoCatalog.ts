import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { mapTcgdex } from '../src/importer/mapTcgdex.js';
import { DEMO_CATALOG_DIR } from '../src/importer/demoCatalog.js';
import { CARDS_FILE, EXPORT_FORMAT, EXPORT_VERSION, MANIFEST_FILE, SETS_FILE } from '../src/importer/ownExportFormat.js';
import { readTcgdexDump } from '../src/importer/sources/tcgdexDump.js';
import type { TcgdexLanguageData } from '../src/importer/tcgdexRecords.js';

/**
 * `node dist/tools/writeDemoCatalog.js <TCGdex dump dir>`: rewrites fixtures/demo-catalog, the
 * catalog `npm start` serves on a fresh clone, as the full import maps these cards (legalities
 * through reprints and set codes included): the Base Set cards in four languages the first
 * examples use, and every card the examples of README.md and docs/*.md name
 * (test/http/docExamples.test.ts runs them).
 */
export const DEMO_CARD_IDS: readonly string[] = [
  'en-base1-4', 'en-base1-2', 'en-base1-58', 'en-base1-96', 'en-base1-92', 'en-base2-60', 'en-base2-11',
  'fr-base1-4', 'fr-base1-58', 'de-base1-4', 'de-base1-58', 'ja-PMCG1-035',
  // The card read off as "PAL 185", the deck check's example list, a Fire Stage 2 legal in Expanded.
  'en-sv02-185', 'en-sv01-084', 'en-sv01-196', 'en-sve-005', 'en-sv01-038',
];

async function main(dumpDir: string): Promise<void> {
  const languages: TcgdexLanguageData[] = [];
  for await (const data of readTcgdexDump(dumpDir, { languages: ['en', 'fr', 'de', 'ja'] })) languages.push(data);
  const { catalog } = mapTcgdex(languages);
  const wanted = new Set(DEMO_CARD_IDS);
  const cards = catalog.cards.filter((card) => wanted.has(card.id))
    .sort((a, b) => DEMO_CARD_IDS.indexOf(a.id) - DEMO_CARD_IDS.indexOf(b.id));
  const setIds = new Set(cards.map((card) => card.set_id));
  const sets = catalog.sets.filter((set) => setIds.has(set.id));
  if (cards.length !== DEMO_CARD_IDS.length) throw new Error(`found ${cards.length} of the ${DEMO_CARD_IDS.length} demo cards`);
  mkdirSync(DEMO_CATALOG_DIR, { recursive: true });
  const lines = (records: readonly object[]) => records.map((record) => `${JSON.stringify(record)}\n`).join('');
  writeFileSync(path.join(DEMO_CATALOG_DIR, SETS_FILE), lines(sets));
  writeFileSync(path.join(DEMO_CATALOG_DIR, CARDS_FILE), lines(cards));
  const manifest = {
    format: EXPORT_FORMAT, version: EXPORT_VERSION, counts: { sets: sets.length, cards: cards.length },
    note: 'Demo catalog written by tools/writeDemoCatalog.ts for a fresh start; import the full catalog with npm run import.',
  };
  writeFileSync(path.join(DEMO_CATALOG_DIR, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(`wrote ${sets.length} sets and ${cards.length} cards to ${DEMO_CATALOG_DIR}`);
}

const [dumpDir] = process.argv.slice(2);
if (!dumpDir) {
  console.error('usage: node dist/tools/writeDemoCatalog.js <TCGdex dump dir>');
  process.exitCode = 2;
} else {
  await main(dumpDir);
}
