import type { CatalogRetrieval, CatalogStore } from '../catalog/catalogStore.js';
import type { Language } from '../schemas/common.js';
import type { CardSet } from '../schemas/set.js';

/** Sets read per page while the table is built: all languages are about 2,000 sets, so a handful of reads. */
const PAGE = 500;

/** Every set of one catalog version, by printed abbreviation within a language and by id. */
export class SetTable {
  private readonly byCode = new Map<string, CardSet[]>();
  private readonly byId = new Map<string, CardSet>();
  private readonly codesByLanguage = new Map<Language, string[]>();

  constructor(readonly version: string, sets: readonly CardSet[]) {
    // listSets gives them newest first, so each code's sets are too.
    for (const set of sets) {
      this.byId.set(set.id, set);
      if (!set.abbreviation) continue;
      const key = codeKey(set.language, set.abbreviation);
      const same = this.byCode.get(key);
      if (same) same.push(set);
      else {
        this.byCode.set(key, [set]);
        const codes = this.codesByLanguage.get(set.language) ?? [];
        codes.push(set.abbreviation.toUpperCase());
        this.codesByLanguage.set(set.language, codes);
      }
    }
  }

  /** The sets of `lang` whose printed abbreviation is `code` (any case), newest first; [] when none. */
  setsOf(lang: Language, code: string): readonly CardSet[] {
    return this.byCode.get(codeKey(lang, code)) ?? [];
  }

  set(id: string): CardSet | undefined {
    return this.byId.get(id);
  }

  /** Every printed abbreviation of `lang`, upper case, newest set first. */
  codesOf(lang: Language): readonly string[] {
    return this.codesByLanguage.get(lang) ?? [];
  }
}

const codeKey = (lang: Language, code: string) => `${lang} ${code.toUpperCase()}`;

/**
 * The SetTable of the catalog being served, built once per catalog version: read when the version
 * (as the answer cache last polled it) is not the table's, and shared by the requests that arrive
 * while it is read.
 */
export class SetTables {
  private current: SetTable | undefined;
  private building: { version: string; table: Promise<SetTable> } | undefined;

  constructor(private readonly store: Pick<CatalogStore, 'listSets'>, private readonly retrieval: () => Promise<CatalogRetrieval>) {}

  async table(): Promise<SetTable> {
    const { version } = await this.retrieval();
    if (this.current?.version === version) return this.current;
    if (this.building?.version === version) return this.building.table;
    const table = this.read(version);
    this.building = { version, table };
    try {
      const built = await table;
      this.current = built;
      return built;
    } finally {
      if (this.building?.table === table) this.building = undefined;
    }
  }

  private async read(version: string): Promise<SetTable> {
    const sets: CardSet[] = [];
    for (let offset = 0; ; offset += PAGE) {
      const page = await this.store.listSets({ limit: PAGE, offset });
      for (const json of page.items) sets.push(JSON.parse(json) as CardSet);
      if (!page.hasMore) break;
    }
    return new SetTable(version, sets);
  }
}
