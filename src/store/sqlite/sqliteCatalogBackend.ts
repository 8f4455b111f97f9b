import type Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import type { CatalogBackend, CatalogSnapshot, StoredRows, StoredSummary } from '../../catalog/catalogBackend.js';
import type { SyncLock } from '../../catalog/catalogShapes.js';
import { readSqliteSnapshot } from './sqliteSnapshot.js';
import type { CatalogRows } from '../../catalog/rows/catalogRows.js';
import { planCatalogWrite, writesRows, type StoredHashes } from '../../catalog/rows/catalogDiff.js';
import type { StoredChanges } from '../../catalog/changes/changesFeed.js';
import type { CardSearch, CatalogCounts, CatalogRetrieval, FilteredPageRequest, JoinedJson, PageRequest, SourceStamp } from '../../catalog/catalogShapes.js';
import { sameStamp } from '../../catalog/sourceStamp.js';
import type { ImportProgress } from '../../catalog/importProgress.js';
import type { CardNames } from '../../catalog/names/cardNames.js';
import type { NameSpellings } from '../../catalog/names/nameLookup.js';
import type { StoredCard, StoredSingleCard } from '../../catalog/rows/servedJson.js';
import type { Card } from '../../schemas/card.js';
import type { Language } from '../../schemas/common.js';
import type { GameTextRequest } from '../../catalog/gameText/gameTextMatch.js';
import { CATALOG_MIGRATIONS, migrate } from './migrations.js';
import { answers, CATALOG_PAGE_CACHE, openDatabase } from './openDatabase.js';
import { SqliteCatalogReads, type WorkerRead } from './sqliteCatalogReads.js';
import { DEFAULT_READ_WORKERS } from './defaults.js';
import { SqliteReadPool } from './sqliteReadPool.js';
import { readChanges, recordChanges, SqliteMeta, writeRows } from './sqliteCatalogWrite.js';
import { WatchedFile } from './watchedFile.js';

type DocRow = { doc: string };

/** The page cache of the connection while it writes an import, which rewrites every index: better-sqlite3's default, not the smaller one its reads keep. */
const IMPORT_PAGE_CACHE = -16000;

/** catalog_meta's rows_version; rows written before it was recorded are version 1. */
function storedRowsVersion(db: Database.Database): number {
  const row = db.prepare<[], { value: string }>(`SELECT value FROM catalog_meta WHERE key = 'rows_version'`).get();
  return row ? Number(row.value) : 1;
}

/** This thread's connection to the catalog file and what is prepared on it. */
interface Connection {
  db: Database.Database;
  /** The reads on this connection (a page and its total in one read transaction). */
  reads: SqliteCatalogReads;
  dataVersion: Database.Statement<[], number>;
  retrieval: Database.Statement<[], { key: string; value: string }>;
  importedAt: Database.Statement<[], { value: string }>;
  /** The retrieval last read, and the file's data_version then (it changes when another connection commits). */
  seenVersion?: { dataVersion: number; retrieval: CatalogRetrieval };
}

function connect(file: string, mustExist: boolean): Connection {
  const db = openDatabase(file, { mustExist });
  try {
    migrate(db, 'catalog_migrations', CATALOG_MIGRATIONS);
    db.pragma(`cache_size = ${CATALOG_PAGE_CACHE}`);
    return {
      db,
      reads: new SqliteCatalogReads(db),
      dataVersion: db.prepare<[], number>('PRAGMA data_version').pluck(),
      retrieval: db.prepare<[], { key: string; value: string }>(
        `SELECT key, value FROM catalog_meta WHERE key IN ('catalog_version', 'imported_at')`),
      importedAt: db.prepare<[], { value: string }>(`SELECT value FROM catalog_meta WHERE key = 'imported_at'`),
    };
  } catch (error) {
    db.close();
    throw error;
  }
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
 * workers, so the event loop is never held by one. Should the file leave its path (deleted, moved,
 * replaced by another catalog), reads fail as unavailable until a file is there again, which is
 * then opened and served (WatchedFile, here and in each worker).
 */
export class SqliteCatalogBackend implements CatalogBackend {
  private readonly connection: WatchedFile<Connection>;
  private readonly pool: SqliteReadPool | undefined;
  /** A worker for the reads of the whole catalog (cardNames, nameSpellings), started for them and gone after. */
  private readonly wholeCatalogPool: SqliteReadPool | undefined;

  constructor(private readonly file: string, { readWorkers = DEFAULT_READ_WORKERS }: SqliteCatalogOptions = {}) {
    this.connection = new WatchedFile(file, (mustExist) => connect(file, mustExist), ({ db }) => db.close());
    // After the migrations: the workers' connections are read-only and expect the tables.
    const inWorkers = file !== ':memory:' && readWorkers > 0;
    this.pool = inWorkers ? new SqliteReadPool(file, readWorkers) : undefined;
    this.wholeCatalogPool = inWorkers ? new SqliteReadPool(file, 1, { exitWhenIdle: true }) : undefined;
  }

  /** How many read workers run beside this thread (0: every read runs here). */
  get readWorkers(): number {
    return this.pool?.workers ?? 0;
  }

  async sets(request: PageRequest & { lang?: Language }): Promise<StoredRows> {
    return this.offThread('sets', request);
  }

  async set(id: string): Promise<{ doc: string; cardCount: number; otherLanguages: string } | null> {
    return this.connection.get().reads.set(id);
  }

  async cardsInSet(setId: string, request: FilteredPageRequest): Promise<StoredRows | null> {
    return this.offThread('cardsInSet', setId, request);
  }

  async facetSearchOrders(facets: readonly string[]): Promise<{ version: string; orders: Record<string, number[]> }> {
    return this.offThread('facetSearchOrders', facets);
  }

  async gameTextOrders(request: GameTextRequest): Promise<{ version: string; orders: number[] }> {
    return this.offThread('gameTextOrders', request);
  }

  async cardsAtSearchOrders(facet: string, orders: readonly number[]): Promise<{ version: string; docs: string[] }> {
    return this.offThread('cardsAtSearchOrders', facet, orders);
  }

  async cardNames(): Promise<CardNames> {
    return this.wholeCatalogPool?.read('cardNames') ?? this.connection.get().reads.cardNames();
  }

  async nameSpellings(): Promise<NameSpellings> {
    return this.wholeCatalogPool?.read('nameSpellings') ?? this.connection.get().reads.nameSpellings();
  }

  async cardsInSearchOrder(orders: readonly number[]): Promise<{ version: string; docs: JoinedJson<Card> }> {
    const { version, docs: { bytes, count } } = await this.offThread('cardsInSearchOrder', orders);
    // From a worker the bytes come copied, as a plain Uint8Array (a structured clone keeps no Buffer):
    // the same memory, seen as a Buffer. Moved instead (Piscina.move), they saved no CPU and
    // raised peak RSS under cold searches: the main thread's collector then frees, late, what each
    // worker allocated.
    return { version, docs: { bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), count } };
  }

  async card(id: string): Promise<StoredSingleCard | null> {
    return this.connection.get().reads.card(id);
  }

  async printingIds(nameKey: string, lang: string, limit: number): Promise<string[]> {
    return this.connection.get().reads.printingIds(nameKey, lang, limit);
  }

  async cards(ids: readonly string[]): Promise<Array<StoredCard & { id: string }>> {
    return this.offThread('cards', ids);
  }

  async searchCards(search: CardSearch): Promise<StoredRows> {
    return this.offThread('searchCards', search);
  }

  async writeCatalog(rows: CatalogRows, progress?: ImportProgress, source?: SourceStamp): Promise<CatalogCounts> {
    this.write(rows, progress, undefined, source);
    return this.counts();
  }

  async sourceStamp(): Promise<SourceStamp | null> {
    return new SqliteMeta(this.connection.get().db).sourceStamp();
  }

  /** Under the file's write lock, like an import: only catalog_meta's retrieval and the feed's retrievals are written. */
  async recordRetrieval(source: SourceStamp, at: string): Promise<boolean> {
    const connection = this.connection.checked();
    connection.seenVersion = undefined;
    const db = connection.db;
    return db.transaction((): boolean => {
      const meta = new SqliteMeta(db);
      if (!sameStamp(meta.sourceStamp(), source)) return false;
      recordChanges(db, meta, [], at, true);
      return true;
    }).immediate();
  }

  async rewriteCatalog(rows: CatalogRows, replacing: number, progress?: ImportProgress): Promise<CatalogCounts | null> {
    return this.write(rows, progress, replacing) ? this.counts() : null;
  }

  async catalogVersion(): Promise<string> {
    return (await this.retrieval()).version;
  }

  /** Read again only when another connection committed since (data_version): cheap enough for every timed check. */
  async retrieval(): Promise<CatalogRetrieval> {
    const connection = this.connection.get();
    const dataVersion = connection.dataVersion.get()!;
    if (connection.seenVersion?.dataVersion !== dataVersion) {
      const meta = new Map(connection.retrieval.all().map(({ key, value }) => [key, value]));
      connection.seenVersion = { dataVersion, retrieval: { version: meta.get('catalog_version') ?? '', importedAt: meta.get('imported_at') ?? null } };
    }
    return connection.seenVersion.retrieval;
  }

  async rowsVersion(): Promise<number> {
    return storedRowsVersion(this.connection.get().db);
  }

  /**
   * Writes what differs between `rows` and the stored rows in one transaction (planCatalogWrite), and
   * records the answers that changed in the feed; with `replacing`, only over rows of that version
   * (false when they are not). An import that changes no row writes only its retrieval.
   */
  private write(rows: CatalogRows, progress?: ImportProgress, replacing?: number, source?: SourceStamp): boolean {
    const connection = this.connection.checked();
    // This connection's own commits leave its data_version as it is.
    connection.seenVersion = undefined;
    const db = connection.db;
    const importing = db.transaction((): boolean => {
      const storedVersion = storedRowsVersion(db);
      if (replacing !== undefined && storedVersion !== replacing) return false;
      const hashes = db.prepare<[], StoredHashes>('SELECT id, answer_hash, row_hash FROM sets');
      const cardHashes = db.prepare<[], StoredHashes>('SELECT id, answer_hash, row_hash FROM cards');
      const plan = planCatalogWrite({ sets: hashes.all(), cards: cardHashes.all(), rowsVersion: storedVersion }, rows);
      const meta = new SqliteMeta(db);
      if (writesRows(plan)) {
        writeRows(db, rows, plan, progress);
        meta.set('rows_version', String(rows.version));
        meta.set('catalog_version', randomUUID());
      }
      recordChanges(db, meta, plan.changes, rows.importedAt, replacing === undefined);
      // A rebuild of the rows keeps the stamp: the records, and so the source they came from, stay.
      if (replacing === undefined) meta.setSourceStamp(source);
      progress?.('search index', 2, 2);
      return true;
    });
    db.pragma(`cache_size = ${IMPORT_PAGE_CACHE}`);
    try {
      // IMMEDIATE: the write lock is taken before anything is read, so the version checked is the one replaced.
      return importing.immediate();
    } finally {
      db.pragma(`cache_size = ${CATALOG_PAGE_CACHE}`);
    }
  }

  /** On a read-only connection of its own (sqliteSnapshot.ts), after checking the file is still at its path. */
  readSnapshot<T>(read: (snapshot: CatalogSnapshot) => Promise<T>): Promise<T> {
    this.connection.get();
    return readSqliteSnapshot(this.file, read);
  }

  /** Always granted: one service serves a file, and writes queue on the file's write lock. */
  async trySyncLock(): Promise<SyncLock> {
    return { release: async () => undefined };
  }

  async changesSince(afterSeq: number, limit: number): Promise<StoredChanges> {
    const { db } = this.connection.get();
    return db.transaction(() => readChanges(db, afterSeq, limit))();
  }

  async importedAt(): Promise<string | null> {
    return this.connection.get().importedAt.get()?.value ?? null;
  }

  async counts(): Promise<CatalogCounts> {
    return this.connection.get().reads.counts();
  }

  async summary(): Promise<StoredSummary> {
    return this.offThread('summary');
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
    await Promise.all([this.pool?.close(), this.wholeCatalogPool?.close()]);
    this.connection.close();
  }

  /** A read in a worker, or here when there are none. */
  private offThread<M extends WorkerRead>(method: M, ...args: Parameters<SqliteCatalogReads[M]>): Promise<ReturnType<SqliteCatalogReads[M]>> {
    if (this.pool) return this.pool.read(method, ...args);
    const { reads } = this.connection.get();
    return Promise.resolve((reads[method] as (...a: unknown[]) => ReturnType<SqliteCatalogReads[M]>).apply(reads, args));
  }
}
