import type { CatalogStore } from '../catalogStore.js';
import type { CatalogRetrieval } from '../catalogShapes.js';
import type { CatalogViews, KeptView } from '../catalogViews.js';
import type { Language } from '../../schemas/common.js';
import type { CardSet } from '../../schemas/set.js';

/** Sets read per page while the table is built: all languages are about 2,000 sets, so a handful of reads. */
const PAGE = 500;

/** A set as the set list serves it: its document, and the document read. */
export interface ListedSet {
  json: string;
  set: CardSet;
}

/**
 * Every set of one catalog version, in set-list order (newest first), by printed abbreviation
 * within a language and by id: what the set_code filter, the deck check and the set search by
 * name each need, read once.
 */
export class SetTable {
  private readonly byCode = new Map<string, CardSet[]>();
  private readonly byId = new Map<string, CardSet>();
  private readonly codesByLanguage = new Map<Language, string[]>();
  /** Every printed abbreviation, upper case (as the set_code facets hold them), sorted. */
  readonly codes: readonly string[];
  private readonly codeSet: ReadonlySet<string>;

  constructor(readonly version: string, readonly listed: readonly ListedSet[]) {
    // listSets gives them newest first, so each code's sets are too.
    for (const { set } of listed) {
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
    this.codeSet = new Set([...this.codesByLanguage.values()].flat());
    this.codes = [...this.codeSet].sort();
  }

  /** Whether some set of any language prints `code` (upper case). */
  hasCode(code: string): boolean {
    return this.codeSet.has(code);
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
 * The SetTable of the catalog being served, built once per catalog version: read on first use,
 * labelled with the version the answer cache last polled (so no database read per request), kept
 * until the catalog's views are emptied (CatalogViews), and shared by the requests that arrive
 * while it is read. One per process, shared by CatalogQueries and the deck check.
 */
export class SetTables {
  private readonly kept: KeptView<SetTable>;

  constructor(private readonly store: Pick<CatalogStore, 'listSets'>, views: CatalogViews, retrieval: () => Promise<CatalogRetrieval>) {
    this.kept = views.kept(async () => this.read((await retrieval()).version));
  }

  table(): Promise<SetTable> {
    return this.kept.get();
  }

  private async read(version: string): Promise<SetTable> {
    const listed: ListedSet[] = [];
    for (let offset = 0; ; offset += PAGE) {
      const page = await this.store.listSets({ limit: PAGE, offset });
      for (const json of page.items) listed.push({ json, set: JSON.parse(json) as CardSet });
      if (!page.hasMore) break;
    }
    return new SetTable(version, listed);
  }
}
