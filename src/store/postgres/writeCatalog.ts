import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { planCatalogWrite, writesRows, type CatalogChange, type CatalogWrite, type StoredHashes } from '../../catalog/rows/catalogDiff.js';
import type { CardRow, CatalogRows } from '../../catalog/rows/catalogRows.js';
import { KEEP_RETRIEVALS, keptSince } from '../../catalog/changes/changesFeed.js';
import type { CatalogCounts, SourceStamp } from '../../catalog/catalogShapes.js';
import { sameStamp } from '../../catalog/sourceStamp.js';
import type { ImportProgress } from '../../catalog/importProgress.js';
import { nameBigrams } from '../../catalog/names/nameGrams.js';

/** Rows per INSERT: large enough to amortize the round trip, small enough to keep each message a few MB. */
const BATCH = 2000;

// Each batch travels as one JSON array of rows: JSON.stringify and the server's JSON parser are
// native code, about three times faster here than the driver's text[] encoding for unnest().
const UPSERT_SETS = `
  INSERT INTO sets (id, lang, rank, doc, other_languages, answer_hash, row_hash)
  SELECT * FROM json_to_recordset($1::json)
    AS r (id text, lang text, rank int, doc text, other_languages text, answer_hash text, row_hash text)
  ON CONFLICT (id) DO UPDATE SET lang = excluded.lang, rank = excluded.rank, doc = excluded.doc,
    other_languages = excluded.other_languages, answer_hash = excluded.answer_hash, row_hash = excluded.row_hash`;

// Only the rows the plan names (catalogDiff.ts) reach the table: a re-import writes, locks and
// re-indexes only what changed.
const UPSERT_CARDS = `
  INSERT INTO cards (id, lang, set_id, set_order, search_order, name_key, doc, variants, other_languages, answer_hash, row_hash)
  SELECT * FROM json_to_recordset($1::json) AS r (id text, lang text, set_id text, set_order int, search_order int,
    name_key text, doc text, variants text, other_languages text, answer_hash text, row_hash text)
  ON CONFLICT (id) DO UPDATE SET lang = excluded.lang, set_id = excluded.set_id, set_order = excluded.set_order,
    search_order = excluded.search_order, name_key = excluded.name_key, doc = excluded.doc, variants = excluded.variants,
    other_languages = excluded.other_languages, answer_hash = excluded.answer_hash, row_hash = excluded.row_hash`;

/** One row of UPSERT_CARDS's JSON: the card row's columns, its facets and game text apart. */
type CardColumns = Omit<CardRow, 'facets' | 'game_text'>;

const deleteIds = (table: 'sets' | 'cards') => `DELETE FROM ${table} WHERE id = ANY($1::text[])`;

/*
 * The bigram table holds a row per distinct bigram of every name, in answer order (search order
 * is in its key), so a change that moves the search order of many cards changes most of it. Filling a fresh table
 * and indexing it once is several times faster than updating a million index entries in place;
 * the swap at the end holds its exclusive lock only until the commit that follows (two-letter
 * searches wait for it meanwhile), so both new tables are indexed before either is swapped in.
 */
const CREATE_NEXT_BIGRAMS = 'CREATE TABLE card_name_bigrams_next (LIKE card_name_bigrams)';
const fillBigrams = (table: 'card_name_bigrams' | 'card_name_bigrams_next') => `
  INSERT INTO ${table} (gram, match_rank, search_order, lang, card_no)
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
const fillFacets = (table: 'card_facets' | 'card_facets_next') => `
  INSERT INTO ${table} (facet, search_order, card_no)
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

/*
 * The game text of every card, for /v1's query: rebuilt the same way, and for the same reason, as
 * the bigrams; its words' table with it.
 */
const CREATE_NEXT_GAME_TEXT = [
  'CREATE TABLE card_game_text_next (LIKE card_game_text)',
  'CREATE TABLE card_game_text_words_next (LIKE card_game_text_words INCLUDING INDEXES)',
];
const fillGameText = (table: 'card_game_text' | 'card_game_text_next') => `
  INSERT INTO ${table} (field, search_order, card_no, words, lexemes)
  SELECT (v->>0)::smallint, c.search_order, c.card_no, v->>1, (v->>2)::tsvector
  FROM json_to_recordset($1::json) AS r (id text, game_text json)
  JOIN cards c ON c.id = r.id
  CROSS JOIN LATERAL json_array_elements(r.game_text) AS v`;
const fillGameTextWords = (table: 'card_game_text_words' | 'card_game_text_words_next') => `
  INSERT INTO ${table} (word) SELECT value FROM json_array_elements_text($1::json) ON CONFLICT DO NOTHING`;
// Keep in step with card_game_text and card_game_text_words in migrations.ts.
const INDEX_NEXT_GAME_TEXT = [
  'CREATE INDEX card_game_text_next_by_field ON card_game_text_next (field, search_order)',
  'CREATE INDEX card_game_text_next_lexemes ON card_game_text_next USING gin (lexemes)',
];
const SWAP_IN_NEXT_GAME_TEXT = [
  'DROP TABLE card_game_text',
  'ALTER TABLE card_game_text_next RENAME TO card_game_text',
  'ALTER INDEX card_game_text_next_by_field RENAME TO card_game_text_by_field',
  'ALTER INDEX card_game_text_next_lexemes RENAME TO card_game_text_lexemes',
  'DROP TABLE card_game_text_words',
  'ALTER TABLE card_game_text_words_next RENAME TO card_game_text_words',
  'ALTER INDEX card_game_text_words_next_pkey RENAME TO card_game_text_words_pkey',
];

/** A value's words as a tsvector literal: each word a lexeme at its position, so `<->` finds a phrase. */
function lexemes(words: string): string {
  if (words === '') return '';
  return words.split(' ').map((word, i) => `'${word.replace(/['\\]/g, (c) => c + c)}':${i + 1}`).join(' ');
}

/** catalog_meta's rows_version; rows written before it was recorded are version 1. */
export async function storedRowsVersion(client: pg.ClientBase | pg.Pool): Promise<number> {
  const { rows } = await client.query<{ value: string }>(`SELECT value FROM catalog_meta WHERE key = 'rows_version'`);
  return rows[0] ? Number(rows[0].value) : 1;
}

/** What a write did: the counts after it, whether it changed any catalog row, and whether it built the derived tables anew. */
export interface WriteOutcome {
  counts: CatalogCounts;
  wroteRows: boolean;
  rebuilt: boolean;
}

/**
 * Beyond this share of the cards written or removed, the bigram and facet tables are built anew
 * rather than updated (see above); below it, only the entries of those cards are replaced.
 */
const INCREMENTAL_SHARE = 0.25;

/**
 * Makes the catalog tables equal to `rows` on `client`, which the caller has inside a
 * transaction: the stored hashes are read and compared (planCatalogWrite), only the rows that
 * differ are upserted or deleted, and the answers that changed go to the feed. Concurrent imports
 * queue on a transaction-scoped advisory lock instead of deadlocking on each other's rows.
 * Only the catalog tables are written; keys and usage are never touched.
 * With `replacing` (rows rebuilt from the stored documents), only over rows of that version,
 * checked under the lock (null when they are not), and imported_at stays as it is.
 */
export async function writeCatalog(
  client: pg.PoolClient, rows: CatalogRows, progress?: ImportProgress, replacing?: number, source?: SourceStamp,
): Promise<WriteOutcome | null> {
  await lockImports(client);
  const storedVersion = await storedRowsVersion(client);
  if (replacing !== undefined && storedVersion !== replacing) return null;

  const hashes = (table: 'sets' | 'cards') => client.query<StoredHashes>(`SELECT id, answer_hash, row_hash FROM ${table}`);
  const plan = planCatalogWrite({ sets: (await hashes('sets')).rows, cards: (await hashes('cards')).rows, rowsVersion: storedVersion }, rows);
  const wroteRows = writesRows(plan);
  const rebuilt = wroteRows ? await writeRows(client, rows, plan, progress) : false;
  // catalog_version: a new stamp at every write of rows, which caches of the catalog's answers watch.
  if (wroteRows) await setMeta(client, [['rows_version', String(rows.version)], ['catalog_version', randomUUID()]]);
  await recordChanges(client, plan.changes, rows.importedAt, replacing === undefined);
  // A rebuild of the rows keeps the stamp: the records, and so the source they came from, stay.
  if (replacing === undefined) await setSourceStamp(client, source);

  const { rows: counts } = await client.query<CatalogCounts>(
    'SELECT (SELECT count(*) FROM sets)::int AS sets, (SELECT count(*) FROM cards)::int AS cards');
  return { counts: counts[0]!, wroteRows, rebuilt };
}

/** Writes the rows a plan names and brings the derived tables in step; whether they were built anew. */
async function writeRows(client: pg.PoolClient, rows: CatalogRows, plan: CatalogWrite, progress?: ImportProgress): Promise<boolean> {
  const touched = plan.cards.length + plan.removedCards.length;
  const incremental = !plan.full && touched <= rows.cards.length * INCREMENTAL_SHARE;
  // The numbers of the cards replaced or removed, whose derived entries go: read before they are.
  const stale = incremental && touched > 0
    ? (await client.query<{ card_no: number }>('SELECT card_no FROM cards WHERE id = ANY($1::text[])',
      [[...plan.cards.map((card) => card.id), ...plan.removedCards]])).rows.map((row) => row.card_no)
    : [];
  await client.query(UPSERT_SETS, [JSON.stringify(plan.sets)]);
  await client.query(deleteIds('sets'), [plan.removedSets]);
  progress?.('sets', rows.sets.length, rows.sets.length);
  for (let start = 0; start < plan.cards.length; start += BATCH) {
    const batch = plan.cards.slice(start, start + BATCH).map(({ facets: _facets, game_text: _gameText, ...columns }): CardColumns => columns);
    await client.query(UPSERT_CARDS, [JSON.stringify(batch)]);
    progress?.('cards', start + batch.length, plan.cards.length);
  }
  await client.query(deleteIds('cards'), [plan.removedCards]);
  progress?.('cards', plan.cards.length, plan.cards.length);
  if (incremental) {
    if (touched > 0) await updateDerivedTables(client, stale, plan.cards, progress);
    return false;
  }
  // Rows of another version may derive their bigrams or facets differently, even from unchanged cards.
  await rebuildDerivedTables(client, rows.cards, progress);
  return true;
}

/** The tables fillDerivedTables fills: the live ones, or the next ones a rebuild swaps in. */
type DerivedTables = 'live' | 'next';

/** The bigram, facet and game text entries of `cards` (written). */
async function fillDerivedTables(client: pg.PoolClient, cards: readonly CardRow[], tables: DerivedTables, progress?: ImportProgress): Promise<void> {
  const next = tables === 'next' ? '_next' as const : '' as const;
  for (let start = 0; start < cards.length; start += BATCH) {
    const batch = cards.slice(start, start + BATCH);
    await client.query(fillBigrams(`card_name_bigrams${next}`), [JSON.stringify(batch.map(({ id, name_key }) => ({ id, bigrams: Object.fromEntries(nameBigrams(name_key)) })))]);
    await client.query(fillFacets(`card_facets${next}`), [JSON.stringify(batch.map(({ id, facets }) => ({ id, facets })))]);
    await client.query(fillGameText(`card_game_text${next}`), [JSON.stringify(batch.map(({ id, game_text }) => ({
      id, game_text: game_text.map(([field, words]) => [field, words, lexemes(words)]),
    })))]);
    const words = new Set(batch.flatMap(({ game_text }) => game_text.flatMap(([, value]) => (value === '' ? [] : value.split(' ')))));
    await client.query(fillGameTextWords(`card_game_text_words${next}`), [JSON.stringify([...words])]);
    progress?.('search index', start + batch.length, cards.length + 1);
  }
}

/**
 * Replaces the derived entries of a few cards in place: those of the cards replaced or removed
 * (`stale`, by card_no; one pass over each table, which has no index by card) go, those of the
 * cards written come in. The trigram index on cards.name_key follows the rows by itself.
 */
async function updateDerivedTables(client: pg.PoolClient, stale: number[], cards: readonly CardRow[], progress?: ImportProgress): Promise<void> {
  await client.query('DELETE FROM card_name_bigrams WHERE card_no = ANY($1::int[])', [stale]);
  await client.query('DELETE FROM card_facets WHERE card_no = ANY($1::int[])', [stale]);
  await client.query('DELETE FROM card_game_text WHERE card_no = ANY($1::int[])', [stale]);
  await fillDerivedTables(client, cards, 'live', progress);
  progress?.('search index', cards.length + 1, cards.length + 1);
}

/** The transaction-scoped lock every write of the catalog takes, so that they queue instead of deadlocking. */
async function lockImports(client: pg.PoolClient): Promise<void> {
  await client.query(`SELECT pg_advisory_xact_lock(hashtextextended('catalog_import', 0))`);
}

/** catalog_meta's keys of the source stamp (CatalogStore.sourceStamp). */
const SOURCE_FINGERPRINT = 'source_fingerprint';
const SOURCE_MAPPING_VERSION = 'source_mapping_version';

/** The source stamp stored (null when none is, or only half of one). */
export async function storedSourceStamp(client: pg.ClientBase | pg.Pool): Promise<SourceStamp | null> {
  const { rows } = await client.query<{ key: string; value: string }>(
    'SELECT key, value FROM catalog_meta WHERE key = ANY($1::text[])', [[SOURCE_FINGERPRINT, SOURCE_MAPPING_VERSION]]);
  const meta = new Map(rows.map(({ key, value }) => [key, value]));
  const fingerprint = meta.get(SOURCE_FINGERPRINT);
  const mappingVersion = meta.get(SOURCE_MAPPING_VERSION);
  return fingerprint === undefined || mappingVersion === undefined ? null : { fingerprint, mappingVersion: Number(mappingVersion) };
}

async function setSourceStamp(client: pg.PoolClient, source: SourceStamp | undefined): Promise<void> {
  if (source) {
    await setMeta(client, [[SOURCE_FINGERPRINT, source.fingerprint], [SOURCE_MAPPING_VERSION, String(source.mappingVersion)]]);
  } else {
    await client.query('DELETE FROM catalog_meta WHERE key = ANY($1::text[])', [[SOURCE_FINGERPRINT, SOURCE_MAPPING_VERSION]]);
  }
}

/**
 * A retrieval of an unchanged source (CatalogStore.recordRetrieval) on `client`, which the caller
 * has inside a transaction: under the imports' lock, when the stored stamp is still `source`, moves
 * imported_at and records the retrieval in the feed, as an import that changes nothing does.
 */
export async function recordRetrieval(client: pg.PoolClient, source: SourceStamp, at: string): Promise<boolean> {
  await lockImports(client);
  if (!sameStamp(await storedSourceStamp(client), source)) return false;
  await recordChanges(client, [], at, true);
  return true;
}

async function setMeta(client: pg.PoolClient, meta: Array<[string, string]>): Promise<void> {
  await client.query(`
    INSERT INTO catalog_meta (key, value) SELECT * FROM json_to_recordset($1::json) AS m (key text, value text)
    ON CONFLICT (key) DO UPDATE SET value = excluded.value`, [JSON.stringify(meta.map(([key, value]) => ({ key, value })))]);
}

async function metaValue(client: pg.PoolClient, key: string): Promise<string | undefined> {
  return (await client.query<{ value: string }>('SELECT value FROM catalog_meta WHERE key = $1', [key])).rows[0]?.value;
}

/**
 * Appends `changes` to the feed, each with the next sequence number and `at`; for an import (a
 * retrieval, not a rebuild of rows), records the retrieval and its time, and prunes what the feed
 * no longer keeps (changesFeed.ts). The twin of the SQLite store's recordChanges.
 */
async function recordChanges(client: pg.PoolClient, changes: CatalogChange[], at: string, retrieval: boolean): Promise<void> {
  const epoch = await metaValue(client, 'changes_epoch');
  const first = Number(await metaValue(client, 'changes_last_seq') ?? 0) + 1;
  for (let start = 0; start < changes.length; start += BATCH) {
    const batch = changes.slice(start, start + BATCH).map((change, i) => ({ seq: first + start + i, ...change, at }));
    await client.query(`INSERT INTO catalog_changes (seq, type, id, change, at)
      SELECT * FROM json_to_recordset($1::json) AS r (seq bigint, type text, id text, change text, at text)`, [JSON.stringify(batch)]);
  }
  const lastSeq = first - 1 + changes.length;
  const meta: Array<[string, string]> = [['changes_last_seq', String(lastSeq)]];
  if (epoch === undefined) meta.push(['changes_epoch', randomUUID()]);
  if (retrieval) meta.push(['imported_at', at]);
  await setMeta(client, meta);
  if (!retrieval) return;
  await client.query('INSERT INTO catalog_retrievals (at, through_seq) VALUES ($1, $2)', [at, lastSeq]);

  const cutoff = keptSince(at);
  const { rows: [oldestKept] } = await client.query<{ retrieval: string; through_seq: string }>(
    'SELECT retrieval, through_seq FROM catalog_retrievals ORDER BY retrieval DESC LIMIT 1 OFFSET $1', [KEEP_RETRIEVALS]);
  if (!oldestKept) return;
  // Everything before the first change young enough to keep (all of them when none is).
  const { rows: [older] } = await client.query<{ seq: string }>(
    'SELECT coalesce((SELECT min(seq) FROM catalog_changes WHERE at >= $1) - 1, $2) AS seq', [cutoff, lastSeq]);
  const prunable = Math.min(Number(oldestKept.through_seq), Number(older!.seq));
  if (prunable > Number(await metaValue(client, 'changes_pruned_through') ?? 0)) {
    await client.query('DELETE FROM catalog_changes WHERE seq <= $1', [prunable]);
    await setMeta(client, [['changes_pruned_through', String(prunable)]]);
  }
  await client.query('DELETE FROM catalog_retrievals WHERE retrieval < $1 AND at < $2', [oldestKept.retrieval, cutoff]);
}

/** The bigram, facet and game text tables, built anew from every card row and swapped in. */
async function rebuildDerivedTables(client: pg.PoolClient, cards: CardRow[], progress?: ImportProgress): Promise<void> {
  await client.query(CREATE_NEXT_BIGRAMS);
  await client.query(CREATE_NEXT_FACETS);
  for (const statement of CREATE_NEXT_GAME_TEXT) await client.query(statement);
  await fillDerivedTables(client, cards, 'next', progress);
  for (const statement of [INDEX_NEXT_BIGRAMS, INDEX_NEXT_FACETS, ...INDEX_NEXT_GAME_TEXT,
    ...SWAP_IN_NEXT_BIGRAMS, ...SWAP_IN_NEXT_FACETS, ...SWAP_IN_NEXT_GAME_TEXT]) {
    await client.query(statement);
  }
  progress?.('search index', cards.length + 1, cards.length + 1);
}
