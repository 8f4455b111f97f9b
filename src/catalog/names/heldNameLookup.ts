import type { CatalogBackend } from '../catalogBackend.js';
import type { CatalogViews, KeptView } from '../catalogViews.js';
import { NameLookup } from './nameLookup.js';

/**
 * The NameLookup of the catalog being served: read from the backend on first use and kept until the
 * catalog's views are emptied (CatalogViews). A use that names the version it builds an answer for
 * reports it: a version newer than the lookup's drops it with every other view, and it is read again.
 */
export class HeldNameLookup {
  private readonly held: KeptView<NameLookup>;

  constructor(backend: Pick<CatalogBackend, 'nameSpellings'>, private readonly views: CatalogViews) {
    this.held = views.kept(async () => {
      const { version, rows } = await backend.nameSpellings();
      return new NameLookup(version, rows);
    });
  }

  async current(expectedVersion?: string): Promise<NameLookup> {
    const lookup = await this.held.get();
    if (expectedVersion === undefined || lookup.version === expectedVersion) return lookup;
    // A version not seen before empties every view, this lookup with them; a replaced one changes nothing.
    return this.views.saw(expectedVersion) ? this.held.get() : lookup;
  }
}
