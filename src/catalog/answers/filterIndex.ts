import { bitsetOf, countBits, intersection, setBits, type Bitset } from './bitsets.js';
import type { CatalogBackend, StoredRows } from '../catalogBackend.js';
import type { PageRequest } from '../catalogShapes.js';
import { CatalogChanged, type CatalogViews } from '../catalogViews.js';

/** Facets held: a bit per card each, so the whole index stays a few MiB. */
const MAX_FACETS = 256;

/**
 * Filter-only listings answered from bitsets: the cards of each facet as a bitset over search
 * order, read from the backend on first use and kept until the catalog's views are emptied. Counting
 * the cards having every facet is then an AND and a population count over a few thousand words,
 * and the page's cards are known by their search orders. Asking the database instead probed an
 * index once per card of the first facet, which grows with the facet (Pokémon in English).
 */
export class FilterIndex {
  private readonly byFacet = new Map<string, Bitset>();
  /** The catalog version of the bitsets held. */
  private version: string | undefined;

  constructor(private readonly backend: Pick<CatalogBackend, 'facetSearchOrders' | 'cardsAtSearchOrders'>, private readonly views: CatalogViews) {
    views.onDrop(() => {
      this.byFacet.clear();
      this.version = undefined;
    });
  }

  /** The page; CatalogChanged when the catalog changed between the bitsets and the page (CatalogViews.afresh reads again). */
  async page(facets: readonly string[], { limit, offset }: PageRequest): Promise<StoredRows> {
    const held = await this.bitsets(facets);
    const matching = intersection(held.bitsets);
    const orders = setBits(matching, offset, limit);
    // The page's cards come with the version they were read at (even when there are none): the
    // bitsets must be of the same catalog, and only this read tells whether they still are.
    const page = await this.backend.cardsAtSearchOrders(facets[0]!, orders);
    if (page.version !== held.version) throw new CatalogChanged(page.version);
    return { docs: page.docs, total: countBits(matching) };
  }

  /** The facets' bitsets and their version, reading the ones not held. */
  private async bitsets(facets: readonly string[]): Promise<{ version: string; bitsets: Bitset[] }> {
    const wanted = [...new Set(facets)];
    // Taken before the read, so the bitsets read cannot push out one this page needs.
    const found = new Map(wanted.flatMap((facet) => {
      const bits = this.use(facet);
      return bits ? [[facet, bits] as const] : [];
    }));
    const missing = wanted.filter((facet) => !found.has(facet));
    if (missing.length > 0) {
      const generation = this.views.generation;
      const read = await this.backend.facetSearchOrders(missing);
      // Read at another version than the bitsets held, across a drop, or of a replaced catalog: not one catalog's.
      const undisturbed = generation === this.views.generation && (this.version === undefined || read.version === this.version);
      if (!undisturbed || !this.views.saw(read.version)) throw new CatalogChanged(read.version);
      this.version = read.version;
      for (const facet of missing) {
        const bits = bitsetOf(read.orders[facet] ?? []);
        this.hold(facet, bits);
        found.set(facet, bits);
      }
    }
    return { version: this.version!, bitsets: wanted.map((facet) => found.get(facet)!) };
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
