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
import { SqliteCatalogReads, type WorkerRead } from './sqliteCatalogReads.js';
import { DEFAULT_READ_WORKERS, SqliteReadPool } from './sqliteReadPool.js';

type DocRow = { doc: string };

/** catalog_meta's rows_version; rows written before it was recorded are version 1. */
function storedRowsVersion(db: Database.Database): number {
  const row = db.prepare<[], { value: string }>(`SELECT value FROM catalog_meta WHERE key = 'rows_version'`).get();
  return row ? Number(row.value) : 1;
}

export interface SqliteCatalogOptions {
  /**
   * How many worker threads run the heavier reads (SqliteReadPool), DEFAULT_READ_WORKERS unless
   * told; 0 runs every read on this thread, as ':memory:' always does (a memory database cannot be
   * shared with another thread).
   */
  readWorkers?: number;
}

/**
 * The catalog's tables in an SQLite file: SQL only, on rows the catalog built. Writes and point
 * reads (a card, a set) run on this thread's connection; pages, searches and batches run in read
 * workers, so the event loop is never held by one.
 */
export class SqliteCatalogBackend implements CatalogBackend {
  private readonly db: Database.Database;
  /** The reads on this thread's connection. */
  private readonly reads: SqliteCatalogReads;
  private readonly pool: SqliteReadPool | undefined;
  private readonly catalogVersionStatement;
  /** The catalog version last read, and the file's data_version then (it changes when another connection commits). */
  private seenVersion: { dataVersion: number; version: string } | undefined;

  constructor(file: string, { readWorkers = DEFAULT_READ_WORKERS }: SqliteCatalogOptions = {}) {
    this.db = openDatabase(file);
    migrate(this.db, 'catalog_migrations', CATALOG_MIGRATIONS);
    this.reads = new SqliteCatalogReads(this.db);
    this.catalogVersionStatement = this.db.prepare<[], { value: string }>(`SELECT value FROM catalog_meta WHERE key = 'catalog_version'`);
    // After the migrations: the workers' connections are read-only and expect the tables.
    this.pool = file === ':memory:' || readWorkers === 0 ? undefined : new SqliteReadPool(file, readWorkers);
  }

  /** How many read workers run beside this thread (0: every read runs here). */
  get readWorkers(): number {
    return this.pool?.workers ?? 0;
  }

  async sets(request: PageRequest & { lang?: Language }): Promise<StoredRows> {
    return this.offThread('sets', request);
  }

  async set(id: string): Promise<{ doc: string; cardCount: number; otherLanguages: string } | null> {
    return this.reads.set(id);
  }

  async cardsInSet(setId: string, request: FilteredPageRequest): Promise<StoredRows | null> {
    return this.offThread('cardsInSet', setId, request);
  }

  async facetSearchOrders(facets: readonly string[]): Promise<{ version: string; orders: Record<string, number[]> }> {
    return this.offThread('facetSearchOrders', facets);
  }

  async cardsAtSearchOrders(facet: string, orders: readonly number[]): Promise<{ version: string; docs: string[] }> {
    return this.offThread('cardsAtSearchOrders', facet, orders);
  }

  async card(id: string): Promise<StoredSingleCard | null> {
    return this.reads.card(id);
  }

  async cards(ids: readonly string[]): Promise<Array<StoredCard & { id: string }>> {
    return this.offThread('cards', ids);
  }

  async searchCards(search: CardSearch): Promise<StoredRows> {
    return this.offThread('searchCards', search);
  }

  async writeCatalog(rows: CatalogRows, progress?: ImportProgress): Promise<CatalogCounts> {
    this.write(rows, progress);
    return this.counts();
  }

  async rewriteCatalog(rows: CatalogRows, replacing: number, progress?: ImportProgress): Promise<CatalogCounts | null> {
    return this.write(rows, progress, replacing) ? this.counts() : null;
  }

  async catalogVersion(): Promise<string> {
    const dataVersion = this.db.pragma('data_version', { simple: true }) as number;
    if (this.seenVersion?.dataVersion !== dataVersion) {
      this.seenVersion = { dataVersion, version: this.catalogVersionStatement.get()?.value ?? '' };
    }
    return this.seenVersion.version;
  }

  async rowsVersion(): Promise<number> {
    return storedRowsVersion(this.db);
  }

  /** Writes `rows` in one transaction; with `replacing`, only over rows of that version (false when they are not). */
  private write(rows: CatalogRows, progress?: ImportProgress, replacing?: number): boolean {
    // This connection's own commits leave its data_version as it is.
    this.seenVersion = undefined;
    const db = this.db;
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

  async counts(): Promise<CatalogCounts> {
    return this.reads.counts();
  }

  async summary(): Promise<StoredSummary> {
    return this.offThread('summary');
  }

  async *setDocs(): AsyncIterable<string> {
    for (const row of this.db.prepare<[], DocRow>('SELECT doc FROM sets ORDER BY rank').iterate()) yield row.doc;
  }

  async *cardDocs(): AsyncIterable<StoredCard> {
    yield* this.db.prepare<[], StoredCard>('SELECT doc, variants FROM cards ORDER BY search_order').iterate();
  }

  async ping(): Promise<boolean> {
    return answers(this.db);
  }

  async close(): Promise<void> {
    await this.pool?.close();
    this.db.close();
  }

  /** A read in a worker, or here when there are none. */
  private offThread<M extends WorkerRead>(method: M, ...args: Parameters<SqliteCatalogReads[M]>): Promise<ReturnType<SqliteCatalogReads[M]>> {
    if (this.pool) return this.pool.read(method, ...args);
    return Promise.resolve((this.reads[method] as (...a: unknown[]) => ReturnType<SqliteCatalogReads[M]>).apply(this.reads, args));
  }
}
