import type pg from 'pg';
import type { CatalogBackend, CatalogSnapshot, StoredRows, StoredSummary } from '../../catalog/catalogBackend.js';
import type { SyncLock } from '../../catalog/catalogShapes.js';
import type { CatalogRows } from '../../catalog/rows/catalogRows.js';
import type { CardSearch, CatalogCounts, CatalogRetrieval, FilteredPageRequest, JoinedJson, PageRequest, SourceStamp } from '../../catalog/catalogShapes.js';
import type { ImportProgress } from '../../catalog/importProgress.js';
import { cardNamesOf, type CardNames } from '../../catalog/names/cardNames.js';
import type { NameSpelling, NameSpellings } from '../../catalog/names/nameLookup.js';
import type { StoredCard, StoredSingleCard } from '../../catalog/rows/servedJson.js';
import type { Card } from '../../schemas/card.js';
import type { Language } from '../../schemas/common.js';
import { CATALOG_MIGRATIONS, migrate } from './migrations.js';
import { hasFacets, searchStatement } from './searchStatement.js';
import { createPool, poolAnswers, type PoolSettings } from './pool.js';
import { recordRetrieval, storedRowsVersion, storedSourceStamp, writeCatalog, type WriteOutcome } from './writeCatalog.js';
import type { StoredChange, StoredChanges } from '../../catalog/changes/changesFeed.js';
import { DEFAULT_POOL_SIZE } from './defaults.js';
import type { GameTextRequest } from '../../catalog/gameText/gameTextMatch.js';
import { gameTextOrders } from './postgresGameText.js';

export interface PostgresCatalogBackendOptions {
  /** postgres://… of the primary: migrations, imports, counts and exports. */
  databaseUrl: string;
  /** postgres://… of a read replica that serves the request path; the primary when absent. */
  readUrl?: string;
  /** Connections in each pool (DATABASE_POOL_SIZE); default 10. */
  poolSize?: number;
  /** How long a request waits for a connection and for a statement (see PoolSettings). */
  timeouts?: Pick<PoolSettings, 'connectTimeoutMs' | 'statementTimeoutMs'>;
}

const EXPORT_PAGE = 2000;

type DocRow = { doc: string };
type PageRow = { doc: string | null; total: number };

// Each request path is one statement, so one round trip: a page and its total come together,
// and the total row is there even when the page is past the end.
const SETS_ALL = `
  SELECT t.total, p.doc
  FROM (SELECT count(*)::int AS total FROM sets) t
  LEFT JOIN LATERAL (SELECT doc, rank FROM sets ORDER BY rank LIMIT $1 OFFSET $2) p ON true
  ORDER BY p.rank`;
const SETS_BY_LANG = `
  SELECT t.total, p.doc
  FROM (SELECT count(*)::int AS total FROM sets WHERE lang = $1) t
  LEFT JOIN LATERAL (SELECT doc, rank FROM sets WHERE lang = $1 ORDER BY rank LIMIT $2 OFFSET $3) p ON true
  ORDER BY p.rank`;
const SET = `
  SELECT doc, other_languages, (SELECT count(*)::int FROM cards WHERE set_id = $1) AS card_count FROM sets WHERE id = $1`;
const CARDS_IN_SET = `
  SELECT s.total, p.doc
  FROM (SELECT id, (SELECT count(*)::int FROM cards WHERE set_id = $1) AS total FROM sets WHERE id = $1) s
  LEFT JOIN LATERAL (SELECT doc, set_order FROM cards WHERE set_id = s.id ORDER BY set_order LIMIT $2 OFFSET $3) p ON true
  ORDER BY p.set_order`;
const FILTERED_CARDS_IN_SET = `
  SELECT s.total, p.doc
  FROM (SELECT id, (SELECT count(*)::int FROM cards c WHERE c.set_id = $1${hasFacets('c.search_order', '$4')}) AS total
        FROM sets WHERE id = $1) s
  LEFT JOIN LATERAL (SELECT c.doc, c.set_order FROM cards c WHERE c.set_id = s.id${hasFacets('c.search_order', '$4')}
                     ORDER BY c.set_order LIMIT $2 OFFSET $3) p ON true
  ORDER BY p.set_order`;
const VERSION = `SELECT coalesce((SELECT value FROM catalog_meta WHERE key = 'catalog_version'), '') AS version`;
// What a filter-only listing's bitsets are built from (FilterIndex), with the version they belong to.
const FACET_SEARCH_ORDERS = `
  SELECT v.version, f.facet, f.orders
  FROM (${VERSION}) v
  LEFT JOIN LATERAL (SELECT facet, array_agg(search_order) AS orders FROM card_facets
                     WHERE facet = ANY($1::text[]) GROUP BY facet) f ON true`;
const CARDS_AT_SEARCH_ORDERS = `
  SELECT v.version, p.doc
  FROM (${VERSION}) v
  LEFT JOIN LATERAL (SELECT c.doc, d.search_order FROM card_facets d JOIN cards c USING (card_no)
                     WHERE d.facet = $1 AND d.search_order = ANY($2::int[])) p ON true
  ORDER BY p.search_order`;
// What the name search's index is built from (NameIndex): each name's cards, and the version, in one snapshot.
const CARD_NAMES = `
  SELECT v.version, n.name_key, n.orders, n.langs
  FROM (${VERSION}) v
  LEFT JOIN LATERAL (SELECT name_key, array_agg(search_order) AS orders, array_agg(lang) AS langs FROM cards GROUP BY name_key) n ON true`;
// What the name lookups are built from (NameLookup): each name's newest printing and count per
// language, the name as printed read from those printings' documents only, and the version.
const NAME_SPELLINGS = `
  SELECT v.version, n.lang, n.name_key, n.name, n.printings, n.id
  FROM (${VERSION}) v
  LEFT JOIN LATERAL (SELECT c.lang, c.name_key, c.doc::json->>'name' AS name, g.printings, c.id
                     FROM (SELECT name_key, lang, min(search_order) AS newest, count(*)::int AS printings
                           FROM cards GROUP BY name_key, lang) g
                     JOIN cards c ON c.search_order = g.newest) n ON true`;
// The page's documents joined in the order asked, as one text (NULL when none is found): one
// string for the driver to decode and the service to encode, not a string per card and their join.
const CARDS_IN_SEARCH_ORDER = `
  SELECT v.version, p.docs, p.count
  FROM (${VERSION}) v
  CROSS JOIN (SELECT string_agg(c.doc, ',' ORDER BY wanted.n) AS docs, count(*)::int AS count
              FROM unnest($1::int[]) WITH ORDINALITY AS wanted (search_order, n) JOIN cards c USING (search_order)) p`;
const CARD = 'SELECT doc, variants, other_languages AS "otherLanguages" FROM cards WHERE id = $1';
// Equality on name_key through the trigram index (pg_trgm answers = since PostgreSQL 14); a name's printings are few.
const PRINTING_IDS = 'SELECT id FROM cards WHERE name_key = $1 AND lang = $2 ORDER BY search_order LIMIT $3';
const RETRIEVAL = `${VERSION}, (SELECT value FROM catalog_meta WHERE key = 'imported_at') AS "importedAt"`;
const CARDS = 'SELECT id, doc, variants FROM cards WHERE id = ANY($1::text[])';
// One statement, so one snapshot: the counts, languages and stamp belong to the same catalog.
const SUMMARY = `
  SELECT (SELECT count(*) FROM sets)::int AS sets, (SELECT count(*) FROM cards)::int AS cards,
    coalesce((SELECT array_agg(DISTINCT lang) FROM sets), '{}') AS languages,
    coalesce((SELECT value FROM catalog_meta WHERE key = 'catalog_version'), '') AS version,
    (SELECT value FROM catalog_meta WHERE key = 'imported_at') AS "importedAt"`;

const metaOr = (key: string, otherwise: string) => `coalesce((SELECT value FROM catalog_meta WHERE key = '${key}'), '${otherwise}')`;
const CHANGES_SINCE = `
  SELECT ${metaOr('changes_epoch', '')} AS epoch, ${metaOr('changes_last_seq', '0')} AS last_seq,
    ${metaOr('changes_pruned_through', '0')} AS pruned_through,
    (SELECT json_agg(c ORDER BY c.seq) FROM (SELECT seq, type, id, change, at FROM catalog_changes WHERE seq > $1 ORDER BY seq LIMIT $2) c) AS changes`;

/** The catalog's tables in PostgreSQL: SQL only, on rows the catalog built. Any number of service instances may share one database. */
export class PostgresCatalogBackend implements CatalogBackend {
  private closed = false;

  /** Connects, migrates (safely when several instances start at once) and returns the backend. */
  static async open(options: PostgresCatalogBackendOptions): Promise<PostgresCatalogBackend> {
    const size = options.poolSize ?? DEFAULT_POOL_SIZE;
    const { connectTimeoutMs, statementTimeoutMs } = options.timeouts ?? {};
    // The primary's pool runs what may take long (migrations, imports, exports, VACUUM): no
    // statement timeout. While serving it sits idle, its connections closed after 10 s.
    const primary = createPool(options.databaseUrl, size, { connectTimeoutMs });
    try {
      await migrate(primary, 'catalog_migrations', CATALOG_MIGRATIONS);
    } catch (error) {
      await primary.end();
      throw error;
    }
    // The request path's reads, on the replica or the primary, are held to the statement timeout.
    const reads = createPool(options.readUrl ?? options.databaseUrl, size, { connectTimeoutMs, statementTimeoutMs });
    return new PostgresCatalogBackend(primary, reads);
  }

  private constructor(private readonly primary: pg.Pool, private readonly reads: pg.Pool) {}

  async sets({ lang, limit, offset }: PageRequest & { lang?: Language }): Promise<StoredRows> {
    const { rows } = lang
      ? await this.reads.query<PageRow>({ name: 'sets_by_lang', text: SETS_BY_LANG, values: [lang, limit, offset] })
      : await this.reads.query<PageRow>({ name: 'sets_all', text: SETS_ALL, values: [limit, offset] });
    return storedRows(rows);
  }

  async set(id: string): Promise<{ doc: string; cardCount: number; otherLanguages: string } | null> {
    const { rows } = await this.reads.query<{ doc: string; other_languages: string; card_count: number }>({ name: 'set', text: SET, values: [id] });
    const row = rows[0];
    return row ? { doc: row.doc, cardCount: row.card_count, otherLanguages: row.other_languages } : null;
  }

  async cardsInSet(setId: string, { limit, offset, facets = [] }: FilteredPageRequest): Promise<StoredRows | null> {
    const { rows } = facets.length === 0
      ? await this.reads.query<PageRow>({ name: 'cards_in_set', text: CARDS_IN_SET, values: [setId, limit, offset] })
      : await this.reads.query<PageRow>(FILTERED_CARDS_IN_SET, [setId, limit, offset, facets]);
    return rows.length === 0 ? null : storedRows(rows);
  }

  async facetSearchOrders(facets: readonly string[]): Promise<{ version: string; orders: Record<string, number[]> }> {
    const { rows } = await this.reads.query<{ version: string; facet: string | null; orders: number[] | null }>(
      FACET_SEARCH_ORDERS, [facets.filter((facet) => !facet.includes('\0'))]);
    return {
      version: rows[0]!.version,
      orders: Object.fromEntries(rows.flatMap((row) => (row.facet === null ? [] : [[row.facet, row.orders ?? []]]))),
    };
  }

  /** One REPEATABLE READ transaction on the reads' pool: a wildcard reads the words, then their cards. */
  async gameTextOrders(request: GameTextRequest): Promise<{ version: string; orders: number[] }> {
    const client = await this.reads.connect();
    try {
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      const { rows } = await client.query<{ value: string }>(`SELECT value FROM catalog_meta WHERE key = 'catalog_version'`);
      const orders = await gameTextOrders(client, request);
      await client.query('COMMIT');
      return { version: rows[0]?.value ?? '', orders };
    } finally {
      await endTransaction(client);
    }
  }

  async cardsAtSearchOrders(facet: string, orders: readonly number[]): Promise<{ version: string; docs: string[] }> {
    // Not prepared by name: a generic plan for any array of orders walks all the facet's rows.
    const { rows } = await this.reads.query<{ version: string; doc: string | null }>(
      CARDS_AT_SEARCH_ORDERS, [facet.replaceAll('\0', ''), orders]);
    return { version: rows[0]!.version, docs: rows.flatMap((row) => (row.doc === null ? [] : [row.doc])) };
  }

  async cardNames(): Promise<CardNames> {
    const { rows } = await this.reads.query<{ version: string; name_key: string | null; orders: number[]; langs: string[] }>(CARD_NAMES);
    const named = rows.filter((row) => row.name_key !== null);
    function* cards() {
      for (const row of named) for (const [i, order] of row.orders.entries()) yield [row.name_key!, order, row.langs[i]!] as const;
    }
    return cardNamesOf(rows[0]!.version, named.reduce((sum, row) => sum + row.orders.length, 0), cards());
  }

  async nameSpellings(): Promise<NameSpellings> {
    const { rows } = await this.reads.query<{ version: string; lang: string | null; name_key: string; name: string; printings: number; id: string }>(
      NAME_SPELLINGS);
    return {
      version: rows[0]!.version,
      rows: rows.flatMap((row): NameSpelling[] => (row.lang === null ? [] : [[row.lang, row.name_key, row.name, row.printings, row.id]])),
    };
  }

  async cardsInSearchOrder(orders: readonly number[]): Promise<{ version: string; docs: JoinedJson<Card> }> {
    // Prepared by name: its generic plan is the custom one (the array unnested, each order looked up
    // in cards_by_search_order), and planning it anew cost more than running it.
    const { rows: [row] } = await this.reads.query<{ version: string; docs: string | null; count: number }>({
      name: 'cards_in_search_order', text: CARDS_IN_SEARCH_ORDER, values: [orders],
    });
    return { version: row!.version, docs: { bytes: Buffer.from(row!.docs ?? ''), count: row!.count } };
  }

  async printingIds(nameKey: string, lang: string, limit: number): Promise<string[]> {
    const { rows } = await this.reads.query<{ id: string }>({ name: 'printing_ids', text: PRINTING_IDS, values: [nameKey, lang, limit] });
    return rows.map((row) => row.id);
  }

  async card(id: string): Promise<StoredSingleCard | null> {
    const { rows } = await this.reads.query<StoredSingleCard>({ name: 'card', text: CARD, values: [id] });
    return rows[0] ?? null;
  }

  async cards(ids: readonly string[]): Promise<Array<StoredCard & { id: string }>> {
    // PostgreSQL text cannot hold NUL, so no id contains it (and the driver would refuse to send it).
    const { rows } = await this.reads.query<StoredCard & { id: string }>({
      name: 'cards', text: CARDS, values: [ids.filter((id) => !id.includes('\0'))],
    });
    return rows;
  }

  async searchCards(search: CardSearch): Promise<StoredRows> {
    // PostgreSQL text cannot hold NUL, so no name contains it.
    if (search.key.includes('\0')) return { docs: [], total: null };
    const { text, values } = searchStatement(search);
    const { rows } = await this.reads.query<PageRow>(text, values);
    return storedRows(rows);
  }

  async writeCatalog(rows: CatalogRows, progress?: ImportProgress, source?: SourceStamp): Promise<CatalogCounts> {
    return (await this.write(rows, progress, undefined, source))!;
  }

  /** From the primary, like counts(): what the next import compares with. */
  async sourceStamp(): Promise<SourceStamp | null> {
    return storedSourceStamp(this.primary);
  }

  async recordRetrieval(source: SourceStamp, at: string): Promise<boolean> {
    const client = await this.primary.connect();
    try {
      await client.query('BEGIN');
      const recorded = await recordRetrieval(client, source, at);
      await client.query(recorded ? 'COMMIT' : 'ROLLBACK');
      client.release();
      return recorded;
    } catch (error) {
      await endTransaction(client);
      throw error;
    }
  }

  async rewriteCatalog(rows: CatalogRows, replacing: number, progress?: ImportProgress): Promise<CatalogCounts | null> {
    return this.write(rows, progress, replacing);
  }

  /** From the pool that serves reads: a replica's answers change when the replica has replayed the import. */
  async catalogVersion(): Promise<string> {
    return (await this.retrieval()).version;
  }

  /** From the pool that serves reads, like catalogVersion(). */
  async retrieval(): Promise<CatalogRetrieval> {
    const { rows } = await this.reads.query<CatalogRetrieval>({ name: 'catalog_retrieval', text: RETRIEVAL });
    return rows[0]!;
  }

  /** From the primary, like counts(): what the next write replaces. */
  async rowsVersion(): Promise<number> {
    return storedRowsVersion(this.primary);
  }

  private async write(rows: CatalogRows, progress?: ImportProgress, replacing?: number, source?: SourceStamp): Promise<CatalogCounts | null> {
    const client = await this.primary.connect();
    let outcome: WriteOutcome | null;
    try {
      await client.query('BEGIN');
      outcome = await writeCatalog(client, rows, progress, replacing, source);
      await client.query(outcome ? 'COMMIT' : 'ROLLBACK');
      client.release();
    } catch (error) {
      await endTransaction(client);
      throw error;
    }
    if (!outcome) return null;
    // A few rows written (the derived tables updated in place) are autovacuum's to tidy.
    if (!outcome.rebuilt) return outcome.counts;
    // After a large write, searches would wade through dead rows and GIN pending lists, count
    // bigrams from the heap (no visibility map yet) and plan without statistics until autovacuum
    // came by: tidy up now. VACUUM cannot run inside the import's transaction, and a failure here
    // (a role that does not own the tables, say) leaves it to autovacuum.
    progress?.('vacuum', 0, 1);
    await this.primary.query('VACUUM (ANALYZE) sets, cards, card_name_bigrams, card_facets').catch(() => undefined);
    progress?.('vacuum', 1, 1);
    return outcome.counts;
  }

  /** From the pool that serves reads, in one statement (one snapshot), like the answers it goes with. */
  async changesSince(afterSeq: number, limit: number): Promise<StoredChanges> {
    const { rows } = await this.reads.query<{ epoch: string; last_seq: string; pruned_through: string; changes: StoredChange[] | null }>({
      name: 'changes_since', text: CHANGES_SINCE, values: [afterSeq, limit],
    });
    const row = rows[0]!;
    return {
      epoch: row.epoch, lastSeq: Number(row.last_seq), prunedThrough: Number(row.pruned_through),
      changes: (row.changes ?? []).map((change) => ({ ...change, seq: Number(change.seq) })),
    };
  }

  /** From the primary, like counts(). */
  async importedAt(): Promise<string | null> {
    const { rows } = await this.primary.query<{ value: string }>(`SELECT value FROM catalog_meta WHERE key = 'imported_at'`);
    return rows[0]?.value ?? null;
  }

  /** Read from the primary: right after an import, and before seeding an empty catalog, a lagging replica would mislead. */
  async counts(): Promise<CatalogCounts> {
    const { rows } = await this.primary.query<CatalogCounts>(
      'SELECT (SELECT count(*) FROM sets)::int AS sets, (SELECT count(*) FROM cards)::int AS cards');
    return rows[0]!;
  }

  /** From the pool that serves reads, like the catalog it describes. */
  async summary(): Promise<StoredSummary> {
    const { rows } = await this.reads.query<StoredSummary>({ name: 'catalog_summary', text: SUMMARY });
    return rows[0]!;
  }

  /** One REPEATABLE READ transaction on the primary, paged like cardDocs(). */
  async readSnapshot<T>(read: (snapshot: CatalogSnapshot) => Promise<T>): Promise<T> {
    const client = await this.primary.connect();
    try {
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      const { rows: meta } = await client.query<{ key: string; value: string }>(`SELECT key, value FROM catalog_meta
        WHERE key IN ('catalog_version', 'imported_at', 'changes_epoch', 'changes_last_seq')`);
      const value = new Map(meta.map(({ key, value }) => [key, value]));
      async function* pages<R extends { key: number }>(text: string, more: unknown[] = []): AsyncIterable<R[]> {
        for (let after = -1; ;) {
          const { rows } = await client.query<R>(text, [after, EXPORT_PAGE, ...more]);
          if (rows.length > 0) yield rows;
          if (rows.length < EXPORT_PAGE) return;
          after = rows[rows.length - 1]!.key;
        }
      }
      const result = await read({
        version: value.get('catalog_version') ?? '',
        importedAt: value.get('imported_at') ?? null,
        epoch: value.get('changes_epoch') ?? '',
        lastSeq: Number(value.get('changes_last_seq') ?? 0),
        sets: () => pages<{ key: number; lang: string; doc: string; otherLanguages: string; cardCount: number }>(`
          SELECT s.lang, s.doc, s.other_languages AS "otherLanguages", s.rank AS key,
            (SELECT count(*)::int FROM cards c WHERE c.set_id = s.id) AS "cardCount"
          FROM sets s WHERE s.rank > $1 ORDER BY s.rank LIMIT $2`),
        cards: (lang = '') => pages<StoredSingleCard & { key: number; lang: string }>(`
          SELECT lang, doc, variants, other_languages AS "otherLanguages", search_order AS key FROM cards
          WHERE search_order > $1 AND ($3 = '' OR lang = $3) ORDER BY search_order LIMIT $2`, [lang]),
      });
      await client.query('COMMIT');
      return result;
    } finally {
      await endTransaction(client);
    }
  }

  /** A session advisory lock on a connection of its own from the primary's pool, given back with the lock. */
  async trySyncLock(): Promise<SyncLock | null> {
    const client = await this.primary.connect();
    try {
      const { rows } = await client.query<{ got: boolean }>(`SELECT pg_try_advisory_lock(hashtextextended('catalog_sync', 0)) AS got`);
      if (!rows[0]!.got) {
        client.release();
        return null;
      }
    } catch (error) {
      client.release(true);
      throw error;
    }
    return {
      release: async () => {
        try {
          await client.query(`SELECT pg_advisory_unlock(hashtextextended('catalog_sync', 0))`);
          client.release();
        } catch (error) {
          // Discarded: closing the connection gives the lock back.
          client.release(error instanceof Error ? error : true);
        }
      },
    };
  }

  async *setDocs(): AsyncIterable<string> {
    const { rows } = await this.primary.query<DocRow>('SELECT doc FROM sets ORDER BY rank');
    for (const row of rows) yield row.doc;
  }

  /** Pages through one snapshot, so an import committing meanwhile cannot mix two catalogs. */
  async *cardDocs(): AsyncIterable<StoredCard> {
    const client = await this.primary.connect();
    try {
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      let after = -1;
      for (;;) {
        const { rows } = await client.query<StoredCard & { search_order: number }>(
          'SELECT doc, variants, search_order FROM cards WHERE search_order > $1 ORDER BY search_order LIMIT $2',
          [after, EXPORT_PAGE]);
        for (const { doc, variants } of rows) yield { doc, variants };
        if (rows.length < EXPORT_PAGE) break;
        after = rows[rows.length - 1]!.search_order;
      }
    } finally {
      // Also when the consumer stops early: the transaction ends before the connection goes back.
      await endTransaction(client);
    }
  }

  async ping(): Promise<boolean> {
    return (await Promise.all([this.primary, this.reads].map(poolAnswers))).every(Boolean);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all([this.primary.end(), this.reads.end()]);
  }
}

/** Rolls back and returns the connection to the pool; one that cannot even roll back is discarded. */
async function endTransaction(client: pg.PoolClient): Promise<void> {
  try {
    await client.query('ROLLBACK');
    client.release();
  } catch (error) {
    client.release(error instanceof Error ? error : true);
  }
}

/**
 * The page's rows carry the total on each; a statement that counts apart from its page (lists,
 * the bigram search) answers one row with a null doc when the page is empty, a windowed search
 * answers no row at all past its last match (total unknown).
 */
function storedRows(rows: PageRow[]): StoredRows {
  return { docs: rows.flatMap((r) => (r.doc === null ? [] : [r.doc])), total: rows[0]?.total ?? null };
}
