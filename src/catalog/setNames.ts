import type { CatalogStore } from './catalogStore.js';
import type { CardSet } from '../schemas/set.js';
import type { Language } from '../schemas/common.js';
import { matchRank } from './matchRank.js';
import { searchKey } from './searchKey.js';

/** Sets read per page while the index is built: all languages are about 2,000 sets. */
const PAGE = 1000;

interface NamedSet {
  /** The set's document as the set list serves it. */
  json: string;
  language: string;
  /** Its name and its English name, folded as card search folds names. */
  keys: string[];
}

/**
 * The catalog's sets by name, for a set list that finds sets by name (`q`) in any language: each
 * set's name and English name folded as card names are (searchKey), read once per catalog version
 * in set-list order (newest first), like KnownSetCodes. A search answers the sets whose name or
 * English name holds the folded query: exact names first, then names that start with it, then the
 * rest, each newest first. The answer cache keeps the pages asked for.
 */
export class SetNameIndex {
  private current: { version: string; sets: Promise<readonly NamedSet[]> } | undefined;

  constructor(private readonly store: Pick<CatalogStore, 'listSets' | 'retrieval'>) {}

  /** The documents of the sets whose names hold `key` (already folded), best first. */
  async find(key: string, lang: Language | undefined): Promise<string[]> {
    const ranked: Array<{ json: string; rank: number; order: number }> = [];
    (await this.sets()).forEach((set, order) => {
      if (lang !== undefined && set.language !== lang) return;
      const matching = set.keys.filter((name) => name.includes(key));
      if (matching.length > 0) ranked.push({ json: set.json, rank: Math.min(...matching.map((name) => matchRank(name, key))), order });
    });
    return ranked.sort((a, b) => a.rank - b.rank || a.order - b.order).map(({ json }) => json);
  }

  private async sets(): Promise<readonly NamedSet[]> {
    const { version } = await this.store.retrieval();
    if (this.current?.version !== version) {
      const sets = this.read();
      const current = { version, sets };
      this.current = current;
      // A failed read is not kept: the next request reads again.
      sets.catch(() => { if (this.current === current) this.current = undefined; });
    }
    return this.current.sets;
  }

  private async read(): Promise<readonly NamedSet[]> {
    const sets: NamedSet[] = [];
    for (let offset = 0; ; offset += PAGE) {
      const page = await this.store.listSets({ limit: PAGE, offset });
      for (const json of page.items) {
        const { name, name_en: nameEn, language } = JSON.parse(json) as Pick<CardSet, 'name' | 'name_en' | 'language'>;
        const keys = [...new Set([name, nameEn].filter((text): text is string => Boolean(text)).map(searchKey))];
        sets.push({ json, language, keys });
      }
      if (!page.hasMore) break;
    }
    return sets;
  }
}
