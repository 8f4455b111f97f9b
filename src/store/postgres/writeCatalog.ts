import type pg from 'pg';
import { nameBigrams } from '../../catalog/nameGrams.js';
import { rankCatalog, type Catalog } from '../../catalog/rankCatalog.js';
import type { CatalogCounts, ImportProgress } from '../catalogStore.js';

/** Rows per INSERT: large enough to amortize the round trip, small enough to keep each message a few MB. */
const BATCH = 2000;

// Each batch travels as one JSON array of rows: JSON.stringify and the server's JSON parser are
// native code, about three times faster here than the driver's text[] encoding for unnest().
const UPSERT_SETS = `
  INSERT INTO sets (id, lang, rank, doc)
  SELECT * FROM json_to_recordset($1::json) AS r (id text, lang text, rank int, doc text)
  ON CONFLICT (id) DO UPDATE SET lang = excluded.lang, rank = excluded.rank, doc = excluded.doc
  WHERE (sets.lang, sets.rank, sets.doc) IS DISTINCT FROM (excluded.lang, excluded.rank, excluded.doc)`;

// Unchanged rows are left out before they reach the table: a re-import then writes, locks and
// re-indexes only what changed. The changed cards come back, and their bigrams go with them.
const UPSERT_CARDS = `
  WITH changed AS (
    SELECT r.* FROM json_to_recordset($1::json) AS r (id text, lang text, set_id text, set_order int, search_order int,
      name_key text, doc text, variants text)
    LEFT JOIN cards c ON c.id = r.id
    WHERE c.id IS NULL
       OR (c.lang, c.set_id, c.set_order, c.search_order, c.name_key, c.doc, c.variants)
          IS DISTINCT FROM (r.lang, r.set_id, r.set_order, r.search_order, r.name_key, r.doc, r.variants)
  ), upserted AS (
    INSERT INTO cards (id, lang, set_id, set_order, search_order, name_key, doc, variants)
    SELECT * FROM changed
    ON CONFLICT (id) DO UPDATE SET lang = excluded.lang, set_id = excluded.set_id, set_order = excluded.set_order,
      search_order = excluded.search_order, name_key = excluded.name_key, doc = excluded.doc, variants = excluded.variants
    RETURNING card_no, id
  ), stale AS (
    DELETE FROM card_name_bigrams b USING upserted WHERE b.card_no = upserted.card_no
  )
  SELECT card_no, id FROM upserted`;

// A statement of its own: within one statement the deletion of the stale bigrams above and
// this insertion would not see each other.
const INSERT_BIGRAMS = `
  INSERT INTO card_name_bigrams (gram, match_rank, search_order, lang, card_no)
  SELECT g.key, g.value::smallint, r.search_order, r.lang, r.card_no
  FROM json_to_recordset($1::json) AS r (card_no int, search_order int, lang text, bigrams json),
       json_each_text(r.bigrams) AS g`;

/** One row of UPSERT_CARDS's JSON, typed so that a change on either side shows at compile time. */
interface CardRow {
  id: string; lang: string; set_id: string; set_order: number; search_order: number;
  name_key: string; doc: string; variants: string;
}

const DELETE_ABSENT_SETS = `
  DELETE FROM sets t WHERE NOT EXISTS (SELECT 1 FROM json_array_elements_text($1::json) AS keep (id) WHERE keep.id = t.id)`;
const DELETE_ABSENT_CARDS = `
  WITH gone AS (
    DELETE FROM cards t WHERE NOT EXISTS (SELECT 1 FROM json_array_elements_text($1::json) AS keep (id) WHERE keep.id = t.id)
    RETURNING card_no
  )
  DELETE FROM card_name_bigrams b USING gone WHERE b.card_no = gone.card_no`;

/**
 * Makes the catalog tables equal to `catalog` on `client`, which the caller has inside a
 * transaction: upsert in batches, delete what is gone. Concurrent imports queue on a
 * transaction-scoped advisory lock instead of deadlocking on each other's rows.
 * Only the catalog tables are written; keys and usage are never touched.
 */
export async function writeCatalog(client: pg.PoolClient, catalog: Catalog, progress?: ImportProgress): Promise<CatalogCounts> {
  // Like the SQLite store's upsert, a repeated id keeps its last record.
  const ranked = rankCatalog({ sets: lastOfEachId(catalog.sets), cards: lastOfEachId(catalog.cards) });
  await client.query(`SELECT pg_advisory_xact_lock(hashtextextended('catalog_import', 0))`);

  const languageOfSet = new Map(ranked.sets.map(({ set }) => [set.id, set.language]));
  const setRows = ranked.sets.map(({ set, rank }) => ({ id: set.id, lang: set.language, rank, doc: JSON.stringify(set) }));
  await client.query(UPSERT_SETS, [JSON.stringify(setRows)]);
  await client.query(DELETE_ABSENT_SETS, [JSON.stringify(ranked.sets.map(({ set }) => set.id))]);
  progress?.('sets', ranked.sets.length, ranked.sets.length);

  for (let start = 0; start < ranked.cards.length; start += BATCH) {
    const batch = ranked.cards.slice(start, start + BATCH);
    const rows = batch.map(({ card, setOrder, searchOrder, nameKey }): CardRow => {
      const { variants, ...fields } = card;
      return {
        id: card.id, lang: languageOfSet.get(card.set_id) ?? '', set_id: card.set_id, set_order: setOrder,
        search_order: searchOrder, name_key: nameKey, doc: JSON.stringify(fields), variants: JSON.stringify(variants),
      };
    });
    const { rows: changed } = await client.query<{ card_no: number; id: string }>(UPSERT_CARDS, [JSON.stringify(rows)]);
    if (changed.length > 0) {
      const byId = new Map(rows.map((row) => [row.id, row]));
      const bigrams = changed.map(({ card_no, id }) => {
        const row = byId.get(id)!;
        return { card_no, search_order: row.search_order, lang: row.lang, bigrams: Object.fromEntries(nameBigrams(row.name_key)) };
      });
      await client.query(INSERT_BIGRAMS, [JSON.stringify(bigrams)]);
    }
    progress?.('cards', start + batch.length, ranked.cards.length);
  }
  await client.query(DELETE_ABSENT_CARDS, [JSON.stringify(ranked.cards.map(({ card }) => card.id))]);
  progress?.('cards', ranked.cards.length, ranked.cards.length);

  await client.query(`
    INSERT INTO catalog_meta (key, value) VALUES ('imported_at', $1)
    ON CONFLICT (key) DO UPDATE SET value = excluded.value`, [new Date().toISOString()]);

  const { rows } = await client.query<CatalogCounts>(
    'SELECT (SELECT count(*) FROM sets)::int AS sets, (SELECT count(*) FROM cards)::int AS cards');
  return rows[0]!;
}

function lastOfEachId<T extends { id: string }>(records: T[]): T[] {
  return [...new Map(records.map((r) => [r.id, r])).values()];
}

