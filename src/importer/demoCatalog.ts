import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CatalogStore } from '../catalog/catalogStore.js';
import type { CatalogCounts } from '../catalog/catalogShapes.js';
import { readOwnExport } from './sources/ownExport.js';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The demo catalog shipped with the project, in the service's own export format. */
export const DEMO_CATALOG_DIR = path.resolve(here, here.includes(`${path.sep}dist${path.sep}`) ? '../../../fixtures/demo-catalog' : '../../fixtures/demo-catalog');

/** Fills an empty catalog with the demo catalog (or the own export in `dir`); returns its counts, or null when the catalog had data. */
export async function seedDemoCatalog(store: CatalogStore, dir = DEMO_CATALOG_DIR): Promise<CatalogCounts | null> {
  const counts = await store.counts();
  if (counts.sets > 0) return null;
  const { catalog } = await readOwnExport(dir);
  return store.replaceCatalog(catalog);
}
