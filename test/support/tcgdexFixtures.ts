import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { TcgdexCard, TcgdexLanguageData, TcgdexSet } from '../../src/importer/tcgdexRecords.js';

/** Small TCGdex-shaped records written for the tests (never copied from the dump). */

const ASSETS = 'https://assets.tcgdex.net';

export function tcgdexSet(lang: string, id: string, overrides: Partial<TcgdexSet> = {}): TcgdexSet {
  const serie = overrides.serie ?? { id: 'base', name: lang === 'fr' ? 'Base (fr)' : 'Base' };
  return {
    id,
    name: `${id} (${lang})`,
    serie,
    releaseDate: '1999-01-09',
    cardCount: { official: 102, total: 102 },
    logo: `${ASSETS}/${lang}/${serie.id}/${id}/logo`,
    symbol: `${ASSETS}/univ/${serie.id}/${id}/symbol`,
    ...overrides,
  };
}

export function tcgdexCard(lang: string, setId: string, localId: string, overrides: Partial<TcgdexCard> = {}): TcgdexCard {
  return {
    id: `${setId}-${localId}`,
    localId,
    name: `Card ${localId} (${lang})`,
    category: 'Pokemon',
    set: {
      id: setId,
      name: `${setId} (${lang})`,
      logo: `${ASSETS}/${lang}/base/${setId}/logo`,
      symbol: `${ASSETS}/univ/base/${setId}/symbol`,
      cardCount: { official: 102, total: 102 },
    },
    image: `${ASSETS}/${lang}/base/${setId}/${localId}`,
    updated: '2026-08-20T08:25:49+01:00',
    illustrator: 'Mitsuhiro Arita',
    rarity: 'Rare',
    hp: 120,
    types: ['Fire'],
    stage: 'Stage2',
    variants: { normal: false, reverse: false, holo: true, firstEdition: false, wPromo: false },
    variants_detailed: [{ type: 'holo', size: 'standard', variantId: `${setId}-${localId}-holo` }],
    ...overrides,
  };
}

/** Writes languages as a TCGdex dump directory (`<lang>.sets.ndjson.gz`, `<lang>.cards.ndjson.gz`). */
export async function writeTcgdexDump(dir: string, languages: TcgdexLanguageData[]): Promise<void> {
  await mkdir(dir, { recursive: true });
  const ndjson = (records: object[]) => gzipSync(records.map((r) => `${JSON.stringify(r)}\n`).join(''));
  for (const { lang, sets, cards } of languages) {
    await writeFile(path.join(dir, `${lang}.sets.ndjson.gz`), ndjson(sets));
    await writeFile(path.join(dir, `${lang}.cards.ndjson.gz`), ndjson(cards));
  }
}
