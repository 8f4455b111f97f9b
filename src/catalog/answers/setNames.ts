import type { Language } from '../../schemas/common.js';
import { matchRank } from '../names/matchRank.js';
import { searchKey } from '../names/searchKey.js';
import type { SetTable, SetTables } from './setTable.js';
import type { CatalogViews } from '../catalogViews.js';

interface NamedSet {
  /** The set's document as the set list serves it. */
  json: string;
  language: string;
  /** Its name and its English name, folded as card search folds names. */
  keys: string[];
}

/**
 * The catalog's sets by name, for a set list that finds sets by name (`q`) in any language: each
 * set's name and English name folded as card names are (searchKey), once per catalog version, from
 * the SetTable in set-list order (newest first), emptied with the catalog's other views. A search answers the sets whose name or
 * English name holds the folded query: exact names first, then names that start with it, then the
 * rest, each newest first. The answer cache keeps the pages asked for.
 */
export class SetNameIndex {
  private folded: { table: SetTable; sets: readonly NamedSet[] } | undefined;

  constructor(private readonly tables: SetTables, views: CatalogViews) {
    views.onDrop(() => { this.folded = undefined; });
  }

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
    const table = await this.tables.table();
    if (this.folded?.table !== table) {
      const sets = table.listed.map(({ json, set: { name, name_en: nameEn, language } }) =>
        ({ json, language, keys: [...new Set([name, nameEn].filter((text): text is string => Boolean(text)).map(searchKey))] }));
      this.folded = { table, sets };
    }
    return this.folded.sets;
  }
}
