import path from 'node:path';
import { projectRoot } from './shared.js';

/**
 * The small catalog the tests' servers start with: the first demo catalog (5 sets, 12 cards of
 * Base Set and Jungle in four languages), kept as it was so the suites' expectations of it hold
 * while the demo catalog `npm start` serves grows with the documentation's examples
 * (fixtures/demo-catalog, tools/writeDemoCatalog.ts).
 */
export const SEED_CATALOG_DIR = path.join(projectRoot, 'test/fixtures/seed-catalog');
