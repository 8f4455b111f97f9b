import type { CatalogStore } from './catalogStore.js';
import type { CardSet } from '../schemas/set.js';

/** Sets read per page while the codes are gathered: all languages are about 2,000 sets. */
const PAGE = 1000;
/** How many of the nearest codes an unknown code's message names. */
const NEAREST = 5;

/**
 * The printed abbreviations of the catalog's sets (upper case, as the set_code facets hold them),
 * read once per catalog version: what an unknown set_code is told apart by. Reading them is a few
 * pages of set documents, shared by the requests that arrive meanwhile.
 */
export class KnownSetCodes {
  private current: { version: string; codes: Promise<readonly string[]> } | undefined;

  constructor(private readonly store: Pick<CatalogStore, 'listSets' | 'retrieval'>) {}

  async codes(): Promise<readonly string[]> {
    const { version } = await this.store.retrieval();
    if (this.current?.version !== version) {
      const codes = this.read();
      const current = { version, codes };
      this.current = current;
      // A failed read is not kept: the next request reads again.
      codes.catch(() => { if (this.current === current) this.current = undefined; });
    }
    return this.current.codes;
  }

  private async read(): Promise<readonly string[]> {
    const codes = new Set<string>();
    for (let offset = 0; ; offset += PAGE) {
      const page = await this.store.listSets({ limit: PAGE, offset });
      for (const json of page.items) {
        const { abbreviation } = JSON.parse(json) as Pick<CardSet, 'abbreviation'>;
        if (abbreviation) codes.add(abbreviation.toUpperCase());
      }
      if (!page.hasMore) break;
    }
    return [...codes].sort();
  }
}

/** The known codes nearest `code` (upper case) by edit distance, then alphabetically; at most 5. */
export function nearestCodes(code: string, known: readonly string[]): string[] {
  return known
    .map((candidate) => ({ candidate, distance: editDistance(code, candidate) }))
    .sort((a, b) => a.distance - b.distance || (a.candidate < b.candidate ? -1 : 1))
    .slice(0, NEAREST)
    .map(({ candidate }) => candidate);
}

/** Levenshtein distance: insertions, deletions and substitutions of one character each cost 1. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = row;
  }
  return previous[b.length]!;
}
