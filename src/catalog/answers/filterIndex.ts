import { bitsetOf, countBits, intersection, setBits, type Bitset } from './bitsets.js';
import type { CatalogBackend, StoredRows } from '../catalogBackend.js';
import type { PageRequest } from '../catalogShapes.js';

/** Facets held: a bit per card each, so the whole index stays a few MiB. */
const MAX_FACETS = 256;
/** Reads tried before giving up when the catalog keeps changing between the two reads of a page. */
const ATTEMPTS = 3;

/**
 * Filter-only listings answered from bitsets: the cards of each facet as a bitset over search
 * order, read from the backend on first use and kept while the catalog is the same version. Counting
 * the cards having every facet is then an AND and a population count over a few thousand words,
 * and the page's cards are known by their search orders. Asking the database instead probed an
 * index once per card of the first facet, which grows with the facet (Pokémon in English).
 */
export class FilterIndex {
  private readonly byFacet = new Map<string, Bitset>();
  private version: string | undefined;

  constructor(private readonly backend: Pick<CatalogBackend, 'facetSearchOrders' | 'cardsAtSearchOrders'>) {}

  async page(facets: readonly string[], { limit, offset }: PageRequest): Promise<StoredRows> {
    for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
      const held = await this.bitsets(facets);
      if (!held) continue;
      const matching = intersection(held.bitsets);
      const orders = setBits(matching, offset, limit);
      // The page's cards come with the version they were read at (even when there are none): the
      // bitsets must be of the same catalog, and only this read tells whether they still are.
      const page = await this.backend.cardsAtSearchOrders(facets[0]!, orders);
      if (page.version === held.version) return { docs: page.docs, total: countBits(matching) };
      this.forget(page.version);
    }
    throw new Error(`the catalog changed during each of ${ATTEMPTS} reads of a filtered listing`);
  }

  /** The facets' bitsets and their version, reading the ones not held; undefined when the catalog changed meanwhile. */
  private async bitsets(facets: readonly string[]): Promise<{ version: string; bitsets: Bitset[] } | undefined> {
    const wanted = [...new Set(facets)];
    const missing = wanted.filter((facet) => !this.byFacet.has(facet));
    const version = this.version;
    if (missing.length > 0) {
      const read = await this.backend.facetSearchOrders(missing);
      if (read.version !== this.version) this.forget(read.version);
      for (const facet of missing) this.hold(facet, bitsetOf(read.orders[facet] ?? []));
      // Read at another version than the ones held: those others go, and the next attempt reads them.
      if (version !== undefined && read.version !== version) return undefined;
    }
    const bitsets = wanted.map((facet) => this.use(facet));
    if (bitsets.some((bits) => bits === undefined)) return undefined;
    return { version: this.version!, bitsets: bitsets as Bitset[] };
  }

  private forget(version: string): void {
    this.byFacet.clear();
    this.version = version;
  }

  private hold(facet: string, bits: Bitset): void {
    if (this.byFacet.size >= MAX_FACETS) this.byFacet.delete(this.byFacet.keys().next().value!);
    this.byFacet.set(facet, bits);
  }

  /** A held bitset, now the most recently used (a Map keeps insertion order). */
  private use(facet: string): Bitset | undefined {
    const bits = this.byFacet.get(facet);
    if (bits) {
      this.byFacet.delete(facet);
      this.byFacet.set(facet, bits);
    }
    return bits;
  }
}
