import type { CatalogBackend } from '../catalogBackend.js';
import { NameLookup } from './nameLookup.js';

/**
 * The NameLookup of the catalog being served: read from the backend on first use and kept while the
 * catalog's version is the same. A use that names the version it builds an answer for (the answer
 * cache's) gets the lookup held for it without a read; any other use reads the version (cheap:
 * SQLite answers from its data_version, PostgreSQL in one short statement), so a catalog imported by
 * another instance is seen at the next lookup, never served stale under the new version.
 * A read that failed is not kept, so the next lookup tries again.
 */
export class HeldNameLookup {
  private held: Promise<NameLookup> | undefined;

  constructor(private readonly backend: Pick<CatalogBackend, 'nameSpellings' | 'catalogVersion'>) {}

  async current(expectedVersion?: string): Promise<NameLookup> {
    const held = this.held;
    if (held) {
      const lookup = await held;
      if (lookup.version === expectedVersion || lookup.version === await this.backend.catalogVersion()) return lookup;
      if (this.held === held) this.held = undefined;
    }
    return this.reading();
  }

  /** The lookup being read or held (one read shared by every caller meanwhile). */
  private reading(): Promise<NameLookup> {
    if (!this.held) {
      const reading = this.backend.nameSpellings().then(({ version, rows }) => new NameLookup(version, rows));
      reading.catch(() => {
        if (this.held === reading) this.held = undefined;
      });
      this.held = reading;
    }
    return this.held;
  }
}
