import type Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import type { CatalogBackend, StoredRows, StoredSummary } from '../../catalog/catalogBackend.js';
import type { CatalogRows } from '../../catalog/catalogRows.js';
import type { CardSearch, CatalogCounts, FilteredPageRequest, PageRequest } from '../../catalog/catalogStore.js';
import type { ImportProgress } from '../../catalog/importProgress.js';
import type { StoredCard, StoredSingleCard } from '../../catalog/servedJson.js';
import type { Language } from '../../schemas/common.js';
import { CATALOG_MIGRATIONS, migrate } from './migrations.js';
import { answers, openDatabase } from './openDatabase.js';
import { WatchedFile } from './watchedFile.js';
import { codePointLength } from '../../catalog/searchKey.js';

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

/** The statements of a name search, with `filter` on every match. */
function searchStatements(db: Database.Database, filter: Filter) {
  return {
    trigram: db.prepare<Record<string, unknown>, SearchRow>(`
      WITH matched_names AS MATERIALIZED (
        SELECT n.name_key, ${MATCH_RANK.replaceAll('c.name_key', 'n.name_key')} AS match_rank
        FROM card_name_trigrams t JOIN card_names n ON n.rowid = t.rowid WHERE card_name_trigrams MATCH @match),
      hits AS MATERIALIZED (
        SELECT c.rowid AS hit, m.match_rank, c.search_order, count(*) OVER () AS total
        FROM matched_names m JOIN cards c INDEXED BY cards_by_name ON c.name_key = m.name_key
        WHERE (@lang IS NULL OR c.lang = @lang)${filter('c.search_order')}
        ORDER BY m.match_rank, c.search_order LIMIT @limit OFFSET @offset)
      SELECT cards.doc, hits.total FROM hits JOIN cards ON cards.rowid = hits.hit
      ORDER BY hits.match_rank, hits.search_order`),
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

/** catalog_meta's rows_version; rows written before it was recorded are version 1. */
function storedRowsVersion(db: Database.Database): number {
  const row = db.prepare<[], { value: string }>(`SELECT value FROM catalog_meta WHERE key = 'rows_version'`).get();
  return row ? Number(row.value) : 1;
}

/** The statements of the request path. */
function prepareStatements(db: Database.Database) {
  return {
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
    search: searchStatements(db, unfiltered),
    filteredSearch: searchStatements(db, hasFacets),
    filteredCardsInSet: db.prepare<Record<string, unknown>, DocRow>(`
      SELECT c.doc FROM cards c WHERE c.set_id = @set${hasFacets('c.search_order')}
      ORDER BY c.set_order LIMIT @limit OFFSET @offset`),
    countFilteredCardsInSet: db.prepare<Record<string, unknown>, { n: number }>(`
      SELECT count(*) AS n FROM cards c WHERE c.set_id = @set${hasFacets('c.search_order')}`),
    // A filter-only listing walks the cards of its first facet in search order and checks the rest.
    filtered: db.prepare<Record<string, unknown>, DocRow>(`
      SELECT c.doc FROM card_facets d JOIN cards c ON c.rowid = d.card_rowid
      WHERE d.facet = @first${hasFacets('d.search_order')}
      ORDER BY d.search_order LIMIT @limit OFFSET @offset`),
    catalogVersion: db.prepare<[], { value: string }>(`SELECT value FROM catalog_meta WHERE key = 'catalog_version'`),
    countFiltered: db.prepare<Record<string, unknown>, { n: number }>(`
      SELECT count(*) AS n FROM card_facets d WHERE d.facet = @first${hasFacets('d.search_order')}`),
    languages: db.prepare<[], { lang: string }>('SELECT DISTINCT lang FROM sets'),
    meta: db.prepare<[], { key: string; value: string }>(
      `SELECT key, value FROM catalog_meta WHERE key IN ('catalog_version', 'imported_at')`),
  };
}

interface Connection {
  db: Database.Database;
  statements: ReturnType<typeof prepareStatements>;
  /**
   * Runs `read` in one read transaction: the statements of one answer (a page and its total, a set
   * and its card count) see one snapshot, even when an import in another process commits between them.
   */
  inSnapshot: <T>(read: () => T) => T;
  /** The catalog version last read, and the file's data_version then (it changes when another connection commits). */
  seenVersion?: { dataVersion: number; version: string };
}

function connect(file: string, mustExist: boolean): Connection {
  const db = openDatabase(file, { mustExist });
  try {
    migrate(db, 'catalog_migrations', CATALOG_MIGRATIONS);
    const snapshot = db.transaction((read: () => unknown) => read());
    return { db, statements: prepareStatements(db), inSnapshot: <T>(read: () => T) => snapshot(read) as T };
  } catch (error) {
    db.close();
    throw error;
  }
}

/**
 * The catalog's tables in an SQLite file: SQL only, on rows the catalog built. Should the file
 * leave its path (deleted, moved, replaced by another catalog), reads fail as unavailable until a
 * file is there again, which is then opened and served (WatchedFile).
 */
export class SqliteCatalogBackend implements CatalogBackend {
  private readonly connection: WatchedFile<Connection>;

  constructor(file: string) {
    this.connection = new WatchedFile(file, (mustExist) => connect(file, mustExist), ({ db }) => db.close());
  }

  async sets({ lang, limit, offset }: PageRequest & { lang?: Language }): Promise<StoredRows> {
    const { statements: s, inSnapshot } = this.connection.get();
    return inSnapshot(() => {
      const rows = lang ? s.setsByLang.all(lang, limit, offset) : s.setsAll.all(limit, offset);
      return { docs: docsOf(rows), total: (lang ? s.countSetsByLang.get(lang) : s.countSetsAll.get())!.n };
    });
  }

  async set(id: string): Promise<{ doc: string; cardCount: number; otherLanguages: string } | null> {
    const { statements: s, inSnapshot } = this.connection.get();
    return inSnapshot(() => {
      const row = s.singleSet.get(id);
      return row ? { ...row, cardCount: s.countCardsInSet.get(id)!.n } : null;
    });
  }

  async cardsInSet(setId: string, { limit, offset, facets = [] }: FilteredPageRequest): Promise<StoredRows | null> {
    const { statements: s, inSnapshot } = this.connection.get();
    return inSnapshot(() => {
      if (!s.setDoc.get(setId)) return null;
      if (facets.length === 0) return { docs: docsOf(s.cardsInSet.all(setId, limit, offset)), total: s.countCardsInSet.get(setId)!.n };
      const params = { set: setId, facets: JSON.stringify(facets), limit, offset };
      return { docs: docsOf(s.filteredCardsInSet.all(params)), total: s.countFilteredCardsInSet.get(params)!.n };
    });
  }

  async filteredCards([first, ...rest]: readonly string[], { limit, offset }: PageRequest): Promise<StoredRows> {
    const { statements: s, inSnapshot } = this.connection.get();
    const params = { first, facets: JSON.stringify(rest), limit, offset };
    return inSnapshot(() => ({ docs: docsOf(s.filtered.all(params)), total: s.countFiltered.get(params)!.n }));
  }

  async card(id: string): Promise<StoredSingleCard | null> {
    return this.connection.get().statements.card.get(id) ?? null;
  }

  async cards(ids: readonly string[]): Promise<Array<StoredCard & { id: string }>> {
    return this.connection.get().statements.cards.all(JSON.stringify(ids));
  }

  async searchCards({ key, lang, limit, offset, facets = [] }: CardSearch): Promise<StoredRows> {
    const length = codePointLength(key);
    const params = {
      key, keyLength: length, lang: lang ?? null, limit, offset, match: `"${key.replaceAll('"', '""')}"`,
      ...(facets.length > 0 ? { facets: JSON.stringify(facets) } : {}),
    };
    const { statements: s, inSnapshot } = this.connection.get();
    const search = facets.length > 0 ? s.filteredSearch : s.search;
    if (length === 2) return inSnapshot(() => ({ docs: docsOf(search.bigram.all(params)), total: search.countBigram.get(params)!.n }));
    return windowed((length >= 3 ? search.trigram : search.scan).all(params));
  }

  async writeCatalog(rows: CatalogRows, progress?: ImportProgress): Promise<CatalogCounts> {
    this.write(rows, progress);
    return this.counts();
  }

  async rewriteCatalog(rows: CatalogRows, replacing: number, progress?: ImportProgress): Promise<CatalogCounts | null> {
    return this.write(rows, progress, replacing) ? this.counts() : null;
  }

  async catalogVersion(): Promise<string> {
    const connection = this.connection.get();
    const dataVersion = connection.db.pragma('data_version', { simple: true }) as number;
    if (connection.seenVersion?.dataVersion !== dataVersion) {
      connection.seenVersion = { dataVersion, version: connection.statements.catalogVersion.get()?.value ?? '' };
    }
    return connection.seenVersion.version;
  }

  async rowsVersion(): Promise<number> {
    return storedRowsVersion(this.connection.get().db);
  }

  /** Writes `rows` in one transaction; with `replacing`, only over rows of that version (false when they are not). */
  private write(rows: CatalogRows, progress?: ImportProgress, replacing?: number): boolean {
    const connection = this.connection.checked();
    // This connection's own commits leave its data_version as it is.
    connection.seenVersion = undefined;
    const db = connection.db;
    const upsertSet = db.prepare(`
      INSERT INTO sets (id, lang, rank, gen, doc, other_languages) VALUES (@id, @lang, @rank, @gen, @doc, @other_languages)
      ON CONFLICT (id) DO UPDATE SET lang = excluded.lang, rank = excluded.rank, gen = excluded.gen, doc = excluded.doc,
        other_languages = excluded.other_languages`);
    const upsertCard = db.prepare(`
      INSERT INTO cards (id, lang, set_id, set_order, search_order, name_key, gen, doc, variants, other_languages)
      VALUES (@id, @lang, @set_id, @set_order, @search_order, @name_key, @gen, @doc, @variants, @other_languages)
      ON CONFLICT (id) DO UPDATE SET lang = excluded.lang, set_id = excluded.set_id, set_order = excluded.set_order,
        search_order = excluded.search_order, name_key = excluded.name_key, gen = excluded.gen,
        doc = excluded.doc, variants = excluded.variants, other_languages = excluded.other_languages
      RETURNING rowid`);
    const insertFacet = db.prepare('INSERT INTO card_facets (facet, search_order, card_rowid) VALUES (?, ?, ?)');
    const insertBigram = db.prepare(
      'INSERT INTO card_name_bigrams (gram, match_rank, search_order, lang, card_rowid) VALUES (?, ?, ?, ?, ?)');
    const step = 5000;

    // IMMEDIATE: the write lock is taken before anything is read, so the version checked is the one replaced.
    return db.transaction((): boolean => {
      if (replacing !== undefined && storedRowsVersion(db) !== replacing) return false;
      const gen = (db.prepare('SELECT coalesce(max(gen), 0) + 1 AS g FROM (SELECT gen FROM sets UNION ALL SELECT gen FROM cards)').get() as { g: number }).g;
      for (const set of rows.sets) upsertSet.run({ ...set, gen });
      db.prepare('DELETE FROM sets WHERE gen <> ?').run(gen);
      progress?.('sets', rows.sets.length, rows.sets.length);

      db.exec('DELETE FROM card_name_bigrams; DELETE FROM card_facets;');
      rows.cards.forEach(({ bigrams, facets, ...card }, i) => {
        const { rowid } = upsertCard.get({ ...card, gen }) as { rowid: number };
        for (const [gram, rank] of bigrams) insertBigram.run(gram, rank, card.search_order, card.lang, rowid);
        for (const facet of facets) insertFacet.run(facet, card.search_order, rowid);
        if ((i + 1) % step === 0) progress?.('cards', i + 1, rows.cards.length);
      });
      db.prepare('DELETE FROM cards WHERE gen <> ?').run(gen);
      progress?.('cards', rows.cards.length, rows.cards.length);

      progress?.('search index', 0, 2);
      db.exec(`
        DELETE FROM card_names;
        INSERT INTO card_names (name_key) SELECT DISTINCT name_key FROM cards;
        INSERT INTO card_name_trigrams (card_name_trigrams) VALUES ('rebuild');`);
      progress?.('search index', 1, 2);
      const setMeta = db.prepare(`INSERT INTO catalog_meta (key, value) VALUES (?, ?)
        ON CONFLICT (key) DO UPDATE SET value = excluded.value`);
      if (replacing === undefined) setMeta.run('imported_at', rows.importedAt);
      setMeta.run('rows_version', String(rows.version));
      setMeta.run('catalog_version', randomUUID());
      progress?.('search index', 2, 2);
      return true;
    }).immediate();
  }

  async importedAt(): Promise<string | null> {
    return this.connection.get().db.prepare<[], { value: string }>(`SELECT value FROM catalog_meta WHERE key = 'imported_at'`).get()?.value ?? null;
  }

  async counts(): Promise<CatalogCounts> {
    const { statements: s, inSnapshot } = this.connection.get();
    return inSnapshot(() => ({ sets: s.countSetsAll.get()!.n, cards: s.countCards.get()!.n }));
  }

  async summary(): Promise<StoredSummary> {
    const { statements: s, inSnapshot } = this.connection.get();
    // One read transaction, so the counts, languages and stamp belong to the same catalog.
    return inSnapshot(() => {
      const meta = new Map(s.meta.all().map((row) => [row.key, row.value]));
      return {
        sets: s.countSetsAll.get()!.n,
        cards: s.countCards.get()!.n,
        languages: s.languages.all().map((row) => row.lang),
        version: meta.get('catalog_version') ?? '',
        importedAt: meta.get('imported_at') ?? null,
      };
    });
  }

  async *setDocs(): AsyncIterable<string> {
    const { db } = this.connection.get();
    for (const row of db.prepare<[], DocRow>('SELECT doc FROM sets ORDER BY rank').iterate()) yield row.doc;
  }

  async *cardDocs(): AsyncIterable<StoredCard> {
    yield* this.connection.get().db.prepare<[], StoredCard>('SELECT doc, variants FROM cards ORDER BY search_order').iterate();
  }

  async ping(): Promise<boolean> {
    try {
      return answers(this.connection.get().db);
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    this.connection.close();
  }
}
