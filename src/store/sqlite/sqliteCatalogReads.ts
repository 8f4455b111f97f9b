import type Database from 'better-sqlite3';
import type { StoredRows, StoredSummary } from '../../catalog/catalogBackend.js';
import type { CardSearch, CatalogCounts, FilteredPageRequest, JoinedJson, PageRequest } from '../../catalog/catalogShapes.js';
import { cardNamesOf, type CardNames } from '../../catalog/names/cardNames.js';
import type { NameSpelling, NameSpellings } from '../../catalog/names/nameLookup.js';
import type { StoredCard, StoredSingleCard } from '../../catalog/rows/servedJson.js';
import { codePointLength } from '../../catalog/names/searchKey.js';
import type { Card } from '../../schemas/card.js';
import type { Language } from '../../schemas/common.js';
import type { GameTextRequest } from '../../catalog/gameText/gameTextMatch.js';
import { gameTextOrders } from './sqliteGameText.js';

type DocRow = { doc: string };
type SearchRow = { doc: string; total: number };

/** The SQL twin of matchRank(). */
const MATCH_RANK = 'CASE WHEN c.name_key = @key THEN 0 WHEN substr(c.name_key, 1, @keyLength) = @key THEN 1 ELSE 2 END';

/**
 * Ranks the matching rows on narrow columns first and reads the served JSON only for the page:
 * sorting a few hundred wide rows costs more than the search itself. (The rare scan path.)
 */
const pageOfHits = (hits: string, filter: Filter) => `
  WITH hits AS MATERIALIZED (
    SELECT c.rowid AS hit, ${MATCH_RANK} AS match_rank, c.search_order, count(*) OVER () AS total
    ${hits} AND (@lang IS NULL OR c.lang = @lang)${filter('c.search_order')}
    ORDER BY match_rank, c.search_order LIMIT @limit OFFSET @offset)
  SELECT cards.doc, hits.total FROM hits JOIN cards ON cards.rowid = hits.hit
  ORDER BY hits.match_rank, hits.search_order`;

/**
 * A condition on the row whose search order is `searchOrder`: '' for no filter, or that the card
 * has every facet of the JSON array @facets, each looked up in card_facets' primary key.
 */
type Filter = (searchOrder: string) => string;
const unfiltered: Filter = () => '';
const hasFacets: Filter = (searchOrder) => `
    AND NOT EXISTS (SELECT 1 FROM json_each(@facets) AS wanted WHERE NOT EXISTS (
      SELECT 1 FROM card_facets f WHERE f.facet = wanted.value AND f.search_order = ${searchOrder}))`;

/**
 * A page of a search of 3+ code points: the names matching in the trigram index, their cards
 * ranked on narrow columns, and the served JSON read for the page only; `total`, a window count,
 * rides on every row when asked for.
 */
const trigramPage = (filter: Filter, total?: string) => `
  WITH matched_names AS MATERIALIZED (
    SELECT n.name_key, ${MATCH_RANK.replaceAll('c.name_key', 'n.name_key')} AS match_rank
    FROM card_name_trigrams t JOIN card_names n ON n.rowid = t.rowid WHERE card_name_trigrams MATCH @match),
  hits AS MATERIALIZED (
    SELECT c.rowid AS hit, m.match_rank, c.search_order${total ? `, ${total}` : ''}
    FROM matched_names m JOIN cards c INDEXED BY cards_by_name ON c.name_key = m.name_key
    WHERE (@lang IS NULL OR c.lang = @lang)${filter('c.search_order')}
    ORDER BY m.match_rank, c.search_order LIMIT @limit OFFSET @offset)
  SELECT cards.doc${total ? ', hits.total' : ''} FROM hits JOIN cards ON cards.rowid = hits.hit
  ORDER BY hits.match_rank, hits.search_order`;

/** The statements of a name search, with `filter` on every match. */
function searchStatements(db: Database.Database, filter: Filter) {
  return {
    trigram: db.prepare<Record<string, unknown>, SearchRow>(trigramPage(filter, 'count(*) OVER () AS total')),
    // In every language and unfiltered, a common term's matches are many: counting them apart
    // costs less than a window count carried through the sort.
    trigramPage: db.prepare<Record<string, unknown>, DocRow>(trigramPage(filter)),
    countTrigram: db.prepare<Record<string, unknown>, { n: number }>(`
      SELECT count(*) AS n FROM card_name_trigrams t JOIN card_names n ON n.rowid = t.rowid
      JOIN cards c INDEXED BY cards_by_name ON c.name_key = n.name_key
      WHERE card_name_trigrams MATCH @match AND (@lang IS NULL OR c.lang = @lang)${filter('c.search_order')}`),
    bigram: db.prepare<Record<string, unknown>, DocRow>(`
      SELECT c.doc FROM card_name_bigrams b JOIN cards c ON c.rowid = b.card_rowid
      WHERE b.gram = @key AND (@lang IS NULL OR b.lang = @lang)${filter('b.search_order')}
      ORDER BY b.match_rank, b.search_order LIMIT @limit OFFSET @offset`),
    countBigram: db.prepare<Record<string, unknown>, { n: number }>(`
      SELECT count(*) AS n FROM card_name_bigrams b
      WHERE b.gram = @key AND (@lang IS NULL OR b.lang = @lang)${filter('b.search_order')}`),
    // A folded query can shrink below two code points (a ligature, say): scan, it is rare.
    scan: db.prepare<Record<string, unknown>, SearchRow>(pageOfHits(`
      FROM cards c WHERE instr(c.name_key, @key) > 0`, filter)),
  };
}

const docsOf = (rows: DocRow[]) => rows.map((row) => row.doc);
/** A window count rides on every row; with no row it is unknown. */
const windowed = (rows: SearchRow[]): StoredRows => ({ docs: docsOf(rows), total: rows[0]?.total ?? null });

/**
 * The catalog's reads on one SQLite connection, synchronous: the service's own connection runs
 * them for the cheap ones, and each read worker (sqliteReadWorker.ts) on a read-only connection of
 * its own. A read of two statements (a page and its total) runs in one read transaction, so both
 * see the same catalog even while an import commits.
 */
export class SqliteCatalogReads {
  private readonly statements;
  private readonly begin: Database.Statement;
  private readonly commit: Database.Statement;

  constructor(private readonly db: Database.Database) {
    this.begin = db.prepare('BEGIN');
    this.commit = db.prepare('COMMIT');
    this.statements = {
      setsAll: db.prepare<[number, number], DocRow>('SELECT doc FROM sets ORDER BY rank LIMIT ? OFFSET ?'),
      setsByLang: db.prepare<[string, number, number], DocRow>(
        'SELECT doc FROM sets WHERE lang = ? ORDER BY rank LIMIT ? OFFSET ?'),
      countSetsAll: db.prepare<[], { n: number }>('SELECT count(*) AS n FROM sets'),
      countSetsByLang: db.prepare<[string], { n: number }>('SELECT count(*) AS n FROM sets WHERE lang = ?'),
      countCards: db.prepare<[], { n: number }>('SELECT count(*) AS n FROM cards'),
      setDoc: db.prepare<[string], DocRow>('SELECT doc FROM sets WHERE id = ?'),
      singleSet: db.prepare<[string], { doc: string; otherLanguages: string }>(
        'SELECT doc, other_languages AS otherLanguages FROM sets WHERE id = ?'),
      countCardsInSet: db.prepare<[string], { n: number }>('SELECT count(*) AS n FROM cards WHERE set_id = ?'),
      cardsInSet: db.prepare<[string, number, number], DocRow>(
        'SELECT doc FROM cards WHERE set_id = ? ORDER BY set_order LIMIT ? OFFSET ?'),
      // One statement for any number of ids: they travel as one JSON array.
      cards: db.prepare<[string], StoredCard & { id: string }>(
        'SELECT id, doc, variants FROM cards WHERE id IN (SELECT value FROM json_each(?))'),
      card: db.prepare<[string], StoredSingleCard>('SELECT doc, variants, other_languages AS otherLanguages FROM cards WHERE id = ?'),
      printingIds: db.prepare<[string, string, number], string>(
        'SELECT id FROM cards INDEXED BY cards_by_name WHERE name_key = ? AND lang = ? ORDER BY search_order LIMIT ?').pluck(),
      search: searchStatements(db, unfiltered),
      filteredSearch: searchStatements(db, hasFacets),
      filteredCardsInSet: db.prepare<Record<string, unknown>, DocRow>(`
        SELECT c.doc FROM cards c WHERE c.set_id = @set${hasFacets('c.search_order')}
        ORDER BY c.set_order LIMIT @limit OFFSET @offset`),
      countFilteredCardsInSet: db.prepare<Record<string, unknown>, { n: number }>(`
        SELECT count(*) AS n FROM cards c WHERE c.set_id = @set${hasFacets('c.search_order')}`),
      facetSearchOrders: db.prepare<[string], number>('SELECT search_order FROM card_facets WHERE facet = ?').pluck(),
      cardsAtSearchOrders: db.prepare<{ facet: string; orders: string }, string>(`
        SELECT c.doc FROM card_facets d JOIN cards c ON c.rowid = d.card_rowid
        WHERE d.facet = @facet AND d.search_order IN (SELECT value FROM json_each(@orders))
        ORDER BY d.search_order`).pluck(),
      // The covering index holds all three columns, a small fraction of the table's pages.
      cardNames: db.prepare<[], [string, number, string]>('SELECT name_key, search_order, lang FROM cards INDEXED BY cards_by_name').raw(),
      // Each name's newest printing (the least search order) and count, through the covering index;
      // the name as printed is read from the documents of those printings only.
      nameSpellings: db.prepare<[], NameSpelling>(`
        SELECT c.lang, c.name_key, json_extract(c.doc, '$.name'), g.printings, c.id
        FROM (SELECT name_key, lang, min(search_order) AS newest, count(*) AS printings
              FROM cards INDEXED BY cards_by_name GROUP BY name_key, lang) g
        JOIN cards c ON c.search_order = g.newest`).raw(),
      // Joined here, in the order asked, as one BLOB (a Buffer): the page leaves the worker as bytes
      // and reaches its answer without being decoded on the way.
      cardsInSearchOrder: db.prepare<[string], { bytes: Buffer | null; count: number }>(`
        SELECT CAST(group_concat(c.doc, ',' ORDER BY wanted.key) AS BLOB) AS bytes, count(*) AS count
        FROM json_each(?) AS wanted CROSS JOIN cards c ON c.search_order = wanted.value`),
      catalogVersion: db.prepare<[], string>(`SELECT value FROM catalog_meta WHERE key = 'catalog_version'`).pluck(),
      languages: db.prepare<[], string>('SELECT DISTINCT lang FROM sets').pluck(),
      meta: db.prepare<[], { key: string; value: string }>(
        `SELECT key, value FROM catalog_meta WHERE key IN ('catalog_version', 'imported_at')`),
    };
  }

  sets({ lang, limit, offset }: PageRequest & { lang?: Language }): StoredRows {
    const s = this.statements;
    return this.snapshot(() => {
      const rows = lang ? s.setsByLang.all(lang, limit, offset) : s.setsAll.all(limit, offset);
      return { docs: docsOf(rows), total: (lang ? s.countSetsByLang.get(lang) : s.countSetsAll.get())!.n };
    });
  }

  set(id: string): { doc: string; cardCount: number; otherLanguages: string } | null {
    return this.snapshot(() => {
      const row = this.statements.singleSet.get(id);
      return row ? { ...row, cardCount: this.statements.countCardsInSet.get(id)!.n } : null;
    });
  }

  cardsInSet(setId: string, { limit, offset, facets = [] }: FilteredPageRequest): StoredRows | null {
    const s = this.statements;
    return this.snapshot(() => {
      if (!s.setDoc.get(setId)) return null;
      if (facets.length === 0) return { docs: docsOf(s.cardsInSet.all(setId, limit, offset)), total: s.countCardsInSet.get(setId)!.n };
      const params = { set: setId, facets: JSON.stringify(facets), limit, offset };
      return { docs: docsOf(s.filteredCardsInSet.all(params)), total: s.countFilteredCardsInSet.get(params)!.n };
    });
  }

  facetSearchOrders(facets: readonly string[]): { version: string; orders: Record<string, number[]> } {
    return this.snapshot(() => ({
      version: this.statements.catalogVersion.get() ?? '',
      orders: Object.fromEntries(facets.map((facet) => [facet, this.statements.facetSearchOrders.all(facet)])),
    }));
  }

  gameTextOrders(request: GameTextRequest): { version: string; orders: number[] } {
    return this.snapshot(() => ({ version: this.statements.catalogVersion.get() ?? '', orders: gameTextOrders(this.db, request) }));
  }

  cardsAtSearchOrders(facet: string, orders: readonly number[]): { version: string; docs: string[] } {
    return this.snapshot(() => ({
      version: this.statements.catalogVersion.get() ?? '',
      docs: orders.length === 0 ? [] : this.statements.cardsAtSearchOrders.all({ facet, orders: JSON.stringify(orders) }),
    }));
  }

  cardNames(): CardNames {
    return this.snapshot(() => cardNamesOf(this.statements.catalogVersion.get() ?? '', this.statements.countCards.get()!.n,
      this.statements.cardNames.iterate()));
  }

  nameSpellings(): NameSpellings {
    return this.snapshot(() => ({ version: this.statements.catalogVersion.get() ?? '', rows: this.statements.nameSpellings.all() }));
  }

  cardsInSearchOrder(orders: readonly number[]): { version: string; docs: JoinedJson<Card> } {
    return this.snapshot(() => {
      const version = this.statements.catalogVersion.get() ?? '';
      if (orders.length === 0) return { version, docs: { bytes: Buffer.alloc(0), count: 0 } };
      // No card found: group_concat is NULL.
      const { bytes, count } = this.statements.cardsInSearchOrder.get(JSON.stringify(orders))!;
      return { version, docs: { bytes: bytes ?? Buffer.alloc(0), count } };
    });
  }

  card(id: string): StoredSingleCard | null {
    return this.statements.card.get(id) ?? null;
  }

  printingIds(nameKey: string, lang: string, limit: number): string[] {
    return this.statements.printingIds.all(nameKey, lang, limit);
  }

  cards(ids: readonly string[]): Array<StoredCard & { id: string }> {
    return this.statements.cards.all(JSON.stringify(ids));
  }

  searchCards({ key, lang, limit, offset, facets = [] }: CardSearch): StoredRows {
    const length = codePointLength(key);
    const params = {
      key, keyLength: length, lang: lang ?? null, limit, offset, match: `"${key.replaceAll('"', '""')}"`,
      ...(facets.length > 0 ? { facets: JSON.stringify(facets) } : {}),
    };
    const search = facets.length > 0 ? this.statements.filteredSearch : this.statements.search;
    if (length === 2) return this.snapshot(() => ({ docs: docsOf(search.bigram.all(params)), total: search.countBigram.get(params)!.n }));
    if (length < 3) return windowed(search.scan.all(params));
    // A language or a filter leaves fewer matches to sort, and a count apart would check the filter twice.
    if (lang || facets.length > 0) return windowed(search.trigram.all(params));
    return this.snapshot(() => {
      const docs = docsOf(search.trigramPage.all(params));
      // A page short of its limit holds the last match: the total is known without counting. Past
      // the last match it is unknown, as with a window count.
      if (docs.length === 0) return { docs, total: null };
      return { docs, total: docs.length < limit ? offset + docs.length : search.countTrigram.get(params)!.n };
    });
  }

  /** The counts, languages and stamp of one catalog (a count of every card: a few milliseconds). */
  summary(): StoredSummary {
    return this.snapshot(() => {
      const meta = new Map(this.statements.meta.all().map((row) => [row.key, row.value]));
      return {
        ...this.counts(),
        languages: this.statements.languages.all(),
        version: meta.get('catalog_version') ?? '',
        importedAt: meta.get('imported_at') ?? null,
      };
    });
  }

  counts(): CatalogCounts {
    return this.snapshot(() => ({ sets: this.statements.countSetsAll.get()!.n, cards: this.statements.countCards.get()!.n }));
  }

  /** `read` in one read transaction (or in the one already open). */
  private snapshot<T>(read: () => T): T {
    if (this.db.inTransaction) return read();
    this.begin.run();
    try {
      return read();
    } finally {
      this.commit.run();
    }
  }
}

/** The reads a worker runs: everything but the point reads, which cost less than the trip to a worker. */
export type WorkerRead = 'sets' | 'cardsInSet' | 'facetSearchOrders' | 'gameTextOrders' | 'cardsAtSearchOrders' | 'cardNames' | 'nameSpellings'
  | 'cardsInSearchOrder' | 'cards'
  | 'searchCards' | 'summary';
