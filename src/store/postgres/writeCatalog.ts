import type pg from 'pg';
import { nameBigrams } from '../../catalog/nameGrams.js';
import { rankCatalog, type Catalog } from '../../catalog/rankCatalog.js';
import type { CatalogCounts, ImportProgress } from '../catalogStore.js';

/** Rows per INSERT: large enough to amortize the round trip, small enough to keep each message a few MB. */
const BATCH = 2000;

const UPSERT_SETS = `
  INSERT INTO sets (id, lang, rank, doc)
  SELECT * FROM unnest($1::text[], $2::text[], $3::int[], $4::text[])
  ON CONFLICT (id) DO UPDATE SET lang = excluded.lang, rank = excluded.rank, doc = excluded.doc
  WHERE (sets.lang, sets.rank, sets.doc) IS DISTINCT FROM (excluded.lang, excluded.rank, excluded.doc)`;

// Unchanged rows are skipped: a re-import then writes (and re-indexes) only what changed.
const UPSERT_CARDS = `
  INSERT INTO cards (id, lang, set_id, set_order, search_order, name_key, name_bigrams, doc, variants)
  SELECT id, lang, set_id, set_order, search_order, name_key, name_bigrams::text[], doc, variants
  FROM unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::int[], $6::text[], $7::text[], $8::text[], $9::text[])
    AS r (id, lang, set_id, set_order, search_order, name_key, name_bigrams, doc, variants)
  ON CONFLICT (id) DO UPDATE SET lang = excluded.lang, set_id = excluded.set_id, set_order = excluded.set_order,
    search_order = excluded.search_order, name_key = excluded.name_key, name_bigrams = excluded.name_bigrams,
    doc = excluded.doc, variants = excluded.variants
  WHERE (cards.lang, cards.set_id, cards.set_order, cards.search_order, cards.name_key, cards.doc, cards.variants)
    IS DISTINCT FROM
    (excluded.lang, excluded.set_id, excluded.set_order, excluded.search_order, excluded.name_key, excluded.doc, excluded.variants)`;

const deleteAbsent = (table: 'sets' | 'cards') => `
  DELETE FROM ${table} t WHERE NOT EXISTS (SELECT 1 FROM unnest($1::text[]) AS keep (id) WHERE keep.id = t.id)`;

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
  await client.query(UPSERT_SETS, [
    ranked.sets.map(({ set }) => set.id),
    ranked.sets.map(({ set }) => set.language),
    ranked.sets.map(({ rank }) => rank),
    ranked.sets.map(({ set }) => JSON.stringify(set)),
  ]);
  await client.query(deleteAbsent('sets'), [ranked.sets.map(({ set }) => set.id)]);
  progress?.('sets', ranked.sets.length, ranked.sets.length);

  for (let start = 0; start < ranked.cards.length; start += BATCH) {
    const batch = ranked.cards.slice(start, start + BATCH);
    const columns: [string[], string[], string[], number[], number[], string[], string[], string[], string[]] =
      [[], [], [], [], [], [], [], [], []];
    for (const { card, setOrder, searchOrder, nameKey } of batch) {
      const { variants, ...fields } = card;
      columns[0].push(card.id);
      columns[1].push(languageOfSet.get(card.set_id) ?? '');
      columns[2].push(card.set_id);
      columns[3].push(setOrder);
      columns[4].push(searchOrder);
      columns[5].push(nameKey);
      columns[6].push(arrayLiteral(nameBigrams(nameKey)));
      columns[7].push(JSON.stringify(fields));
      columns[8].push(JSON.stringify(variants));
    }
    await client.query(UPSERT_CARDS, columns);
    progress?.('cards', start + batch.length, ranked.cards.length);
  }
  await client.query(deleteAbsent('cards'), [ranked.cards.map(({ card }) => card.id)]);
  progress?.('cards', ranked.cards.length, ranked.cards.length);

  // The GIN indexes are kept up to date by every write; what is left is to fold their pending
  // lists into the index proper (searches would otherwise scan them) and refresh the planner's
  // statistics, so the first searches after a first import already pick the indexes.
  progress?.('search index', 0, 2);
  await client.query(`SELECT gin_clean_pending_list('cards_name_trigrams'), gin_clean_pending_list('cards_name_bigrams')`);
  progress?.('search index', 1, 2);
  await client.query('ANALYZE sets, cards');
  await client.query(`
    INSERT INTO catalog_meta (key, value) VALUES ('imported_at', $1)
    ON CONFLICT (key) DO UPDATE SET value = excluded.value`, [new Date().toISOString()]);
  progress?.('search index', 2, 2);

  const { rows } = await client.query<CatalogCounts>(
    'SELECT (SELECT count(*) FROM sets)::int AS sets, (SELECT count(*) FROM cards)::int AS cards');
  return rows[0]!;
}

function lastOfEachId<T extends { id: string }>(records: T[]): T[] {
  return [...new Map(records.map((r) => [r.id, r])).values()];
}

/** A PostgreSQL array literal of `items`, each quoted, so any text survives the `::text[]` cast. */
function arrayLiteral(items: Iterable<string>): string {
  const quoted = [...items].map((item) => `"${item.replace(/[\\"]/g, '\\$&')}"`);
  return `{${quoted.join(',')}}`;
}
