import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CardWithVariants } from '../schemas/card.js';
import type { CardSet } from '../schemas/set.js';
import type { CatalogCounts, CatalogStore } from '../store/catalogStore.js';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The demo catalog shipped with the project, in the service's own export format. */
export const DEMO_CATALOG_DIR = path.resolve(here, here.includes(`${path.sep}dist${path.sep}`) ? '../../../fixtures/demo-catalog' : '../../fixtures/demo-catalog');

const readNdjson = <T>(file: string): T[] =>
  readFileSync(path.join(DEMO_CATALOG_DIR, file), 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as T);

/** Fills an empty catalog with the demo catalog; returns its counts, or null when the catalog had data. */
export async function seedDemoCatalog(store: CatalogStore): Promise<CatalogCounts | null> {
  const counts = await store.counts();
  if (counts.sets > 0) return null;
  return store.replaceCatalog({ sets: readNdjson<CardSet>('sets.ndjson'), cards: readNdjson<CardWithVariants>('cards.ndjson') });
}
