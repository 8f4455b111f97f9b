import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { CardRow, CatalogRows } from '../../catalog/catalogRows.js';
import type { CatalogCounts } from '../../catalog/catalogStore.js';
import type { ImportProgress } from '../../catalog/importProgress.js';

/** Rows per INSERT: large enough to amortize the round trip, small enough to keep each message a few MB. */
const BATCH = 2000;

// Each batch travels as one JSON array of rows: JSON.stringify and the server's JSON parser are
// native code, about three times faster here than the driver's text[] encoding for unnest().
const UPSERT_SETS = `
  INSERT INTO sets (id, lang, rank, doc, other_languages)
  SELECT * FROM json_to_recordset($1::json) AS r (id text, lang text, rank int, doc text, other_languages text)
  ON CONFLICT (id) DO UPDATE SET lang = excluded.lang, rank = excluded.rank, doc = excluded.doc,
    other_languages = excluded.other_languages
  WHERE (sets.lang, sets.rank, sets.doc, sets.other_languages)
        IS DISTINCT FROM (excluded.lang, excluded.rank, excluded.doc, excluded.other_languages)`;

// Unchanged rows are left out before they reach the table: a re-import then writes, locks and
// re-indexes only what changed.
const UPSERT_CARDS = `
  INSERT INTO cards (id, lang, set_id, set_order, search_order, name_key, doc, variants, other_languages)
  SELECT r.* FROM json_to_recordset($1::json) AS r (id text, lang text, set_id text, set_order int, search_order int,
    name_key text, doc text, variants text, other_languages text)
  LEFT JOIN cards c ON c.id = r.id
  WHERE c.id IS NULL
     OR (c.lang, c.set_id, c.set_order, c.search_order, c.name_key, c.doc, c.variants, c.other_languages)
        IS DISTINCT FROM (r.lang, r.set_id, r.set_order, r.search_order, r.name_key, r.doc, r.variants, r.other_languages)
  ON CONFLICT (id) DO UPDATE SET lang = excluded.lang, set_id = excluded.set_id, set_order = excluded.set_order,
    search_order = excluded.search_order, name_key = excluded.name_key, doc = excluded.doc, variants = excluded.variants,
    other_languages = excluded.other_languages`;

/** One row of UPSERT_CARDS's JSON: the card row's columns, its bigrams apart. */
type CardColumns = Omit<CardRow, 'bigrams' | 'facets'>;

const deleteAbsent = (table: 'sets' | 'cards') => `
  DELETE FROM ${table} t WHERE NOT EXISTS (SELECT 1 FROM json_array_elements_text($1::json) AS keep (id) WHERE keep.id = t.id)`;

/*
 * The bigram table holds a row per distinct bigram of every name, in answer order (search order
 * is in its key), so nearly any change to the catalog changes most of it. Filling a fresh table
 * and indexing it once is several times faster than updating a million index entries in place;
 * the swap at the end holds its exclusive lock only until the commit that follows (two-letter
 * searches wait for it meanwhile), so both new tables are indexed before either is swapped in.
 */
const CREATE_NEXT_BIGRAMS = 'CREATE TABLE card_name_bigrams_next (LIKE card_name_bigrams)';
const FILL_NEXT_BIGRAMS = `
  INSERT INTO card_name_bigrams_next (gram, match_rank, search_order, lang, card_no)
  SELECT g.key, g.value::smallint, c.search_order, c.lang, c.card_no
  FROM json_to_recordset($1::json) AS r (id text, bigrams json)
  JOIN cards c ON c.id = r.id
  CROSS JOIN LATERAL json_each_text(r.bigrams) AS g`;
// Keep in step with card_name_bigrams in migrations.ts.
const INDEX_NEXT_BIGRAMS = 'ALTER TABLE card_name_bigrams_next ADD PRIMARY KEY (gram, match_rank, search_order, card_no) INCLUDE (lang)';
const SWAP_IN_NEXT_BIGRAMS = [
  'DROP TABLE card_name_bigrams',
  'ALTER TABLE card_name_bigrams_next RENAME TO card_name_bigrams',
  'ALTER INDEX card_name_bigrams_next_pkey RENAME TO card_name_bigrams_pkey',
];

/*
 * The facets of every card (cardFacets()), for filters: rebuilt the same way, and for the same
 * reason, as the bigrams.
 */
const CREATE_NEXT_FACETS = 'CREATE TABLE card_facets_next (LIKE card_facets)';
const FILL_NEXT_FACETS = `
  INSERT INTO card_facets_next (facet, search_order, card_no)
  SELECT f.facet, c.search_order, c.card_no
  FROM json_to_recordset($1::json) AS r (id text, facets json)
  JOIN cards c ON c.id = r.id
  CROSS JOIN LATERAL json_array_elements_text(r.facets) AS f (facet)`;
// Keep in step with card_facets in migrations.ts.
const INDEX_NEXT_FACETS = 'ALTER TABLE card_facets_next ADD PRIMARY KEY (facet, search_order, card_no)';
const SWAP_IN_NEXT_FACETS = [
  'DROP TABLE card_facets',
  'ALTER TABLE card_facets_next RENAME TO card_facets',
  'ALTER INDEX card_facets_next_pkey RENAME TO card_facets_pkey',
];

/** catalog_meta's rows_version; rows written before it was recorded are version 1. */
export async function storedRowsVersion(client: pg.ClientBase | pg.Pool): Promise<number> {
  const { rows } = await client.query<{ value: string }>(`SELECT value FROM catalog_meta WHERE key = 'rows_version'`);
  return rows[0] ? Number(rows[0].value) : 1;
}

/**
 * Makes the catalog tables equal to `rows` on `client`, which the caller has inside a
 * transaction: upsert in batches, delete what is gone. Concurrent imports queue on a
 * transaction-scoped advisory lock instead of deadlocking on each other's rows.
 * Only the catalog tables are written; keys and usage are never touched.
 * With `replacing` (rows rebuilt from the stored documents), only over rows of that version,
 * checked under the lock (null when they are not), and imported_at stays as it is.
 */
export async function writeCatalog(
  client: pg.PoolClient, rows: CatalogRows, progress?: ImportProgress, replacing?: number,
): Promise<CatalogCounts | null> {
  await client.query(`SELECT pg_advisory_xact_lock(hashtextextended('catalog_import', 0))`);
  const storedVersion = await storedRowsVersion(client);
  if (replacing !== undefined && storedVersion !== replacing) return null;

  await client.query(UPSERT_SETS, [JSON.stringify(rows.sets)]);
  await client.query(deleteAbsent('sets'), [JSON.stringify(rows.sets.map((set) => set.id))]);
  progress?.('sets', rows.sets.length, rows.sets.length);

  let changedCards = 0;
  for (let start = 0; start < rows.cards.length; start += BATCH) {
    const batch = rows.cards.slice(start, start + BATCH).map(({ bigrams: _bigrams, facets: _facets, ...columns }): CardColumns => columns);
    changedCards += (await client.query(UPSERT_CARDS, [JSON.stringify(batch)])).rowCount ?? 0;
    progress?.('cards', start + batch.length, rows.cards.length);
  }
  const removed = await client.query(deleteAbsent('cards'), [JSON.stringify(rows.cards.map((card) => card.id))]);
  changedCards += removed.rowCount ?? 0;
  progress?.('cards', rows.cards.length, rows.cards.length);

  // Rows of another version may derive their bigrams or facets differently, even from unchanged cards.
  if (changedCards > 0 || storedVersion !== rows.version) await rebuildDerivedTables(client, rows.cards, progress);

  // catalog_version: a new stamp at every write, which caches of the catalog's answers watch.
  const meta: Array<[string, string]> = [['rows_version', String(rows.version)], ['catalog_version', randomUUID()]];
  if (replacing === undefined) meta.unshift(['imported_at', rows.importedAt]);
  await client.query(`
    INSERT INTO catalog_meta (key, value) SELECT * FROM json_to_recordset($1::json) AS m (key text, value text)
    ON CONFLICT (key) DO UPDATE SET value = excluded.value`, [JSON.stringify(meta.map(([key, value]) => ({ key, value })))]);

  const { rows: counts } = await client.query<CatalogCounts>(
    'SELECT (SELECT count(*) FROM sets)::int AS sets, (SELECT count(*) FROM cards)::int AS cards');
  return counts[0]!;
}

/** The bigram and facet tables, built anew from every card row and swapped in. */
async function rebuildDerivedTables(client: pg.PoolClient, cards: CardRow[], progress?: ImportProgress): Promise<void> {
  await client.query(CREATE_NEXT_BIGRAMS);
  await client.query(CREATE_NEXT_FACETS);
  for (let start = 0; start < cards.length; start += BATCH) {
    const batch = cards.slice(start, start + BATCH);
    await client.query(FILL_NEXT_BIGRAMS, [JSON.stringify(batch.map(({ id, bigrams }) => ({ id, bigrams: Object.fromEntries(bigrams) })))]);
    await client.query(FILL_NEXT_FACETS, [JSON.stringify(batch.map(({ id, facets }) => ({ id, facets })))]);
    progress?.('search index', start + batch.length, cards.length + 1);
  }
  for (const statement of [INDEX_NEXT_BIGRAMS, INDEX_NEXT_FACETS, ...SWAP_IN_NEXT_BIGRAMS, ...SWAP_IN_NEXT_FACETS]) {
    await client.query(statement);
  }
  progress?.('search index', cards.length + 1, cards.length + 1);
}
