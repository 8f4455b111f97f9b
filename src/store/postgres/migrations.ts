import type pg from 'pg';

/** Versioned schema of the catalog tables; each entry runs once, in order, in a transaction. */
export const CATALOG_MIGRATIONS: readonly string[] = [
  `
  CREATE EXTENSION IF NOT EXISTS pg_trgm;

  CREATE TABLE sets (
    id   text PRIMARY KEY,
    lang text NOT NULL,
    rank integer NOT NULL,            -- newest-first position among all sets
    doc  text NOT NULL                -- the Set as served, JSON
  );
  CREATE INDEX sets_by_rank ON sets (rank);
  CREATE INDEX sets_by_lang_rank ON sets (lang, rank);

  CREATE TABLE cards (
    card_no      integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    id           text NOT NULL UNIQUE,
    lang         text NOT NULL,
    set_id       text NOT NULL,
    set_order    integer NOT NULL,    -- natural number order within the set
    search_order integer NOT NULL,    -- newest set, set id, number
    name_key     text NOT NULL,       -- searchKey(name)
    doc          text NOT NULL,       -- the Card as served, JSON
    variants     text NOT NULL        -- its variants, JSON array
  );
  CREATE INDEX cards_by_set_order ON cards (set_id, set_order);
  CREATE INDEX cards_by_search_order ON cards (search_order);
  -- Substring search on the folded name for queries of 3+ code points.
  CREATE INDEX cards_name_trigrams ON cards USING gin (name_key gin_trgm_ops);

  -- Two-code-point queries (common in Chinese, Japanese, Korean) have no trigram: they read this
  -- table, kept in answer order so that a page and its count come from the index alone.
  -- Each import that changes the catalog builds it anew (writeCatalog.ts).
  CREATE TABLE card_name_bigrams (
    gram         text COLLATE "C" NOT NULL,  -- only compared for equality: bytewise is enough, and fast
    match_rank   smallint NOT NULL,   -- matchRank(name_key, gram): 0 is, 1 starts with, 2 contains
    search_order integer NOT NULL,
    lang         text NOT NULL,
    card_no      integer NOT NULL,
    PRIMARY KEY (gram, match_rank, search_order, card_no) INCLUDE (lang)
  );

  CREATE TABLE catalog_meta (key text PRIMARY KEY, value text NOT NULL);
  `,
  `
  -- The same set or card in the catalog's other languages (a JSON array), for the single set and
  -- card. Rows stored before it have none until they are rebuilt (a newer rows version) or re-imported.
  ALTER TABLE sets ADD COLUMN other_languages text NOT NULL DEFAULT '[]';
  ALTER TABLE cards ADD COLUMN other_languages text NOT NULL DEFAULT '[]';
  `,
  `
  -- Filters: every facet of every card (type:Fire, number:4/102, ...; cardFacets()), in search
  -- order, so a filter alone reads its cards in listing order and another filter is one key lookup.
  -- Each import that changes the catalog builds it anew (writeCatalog.ts).
  CREATE TABLE card_facets (
    facet        text COLLATE "C" NOT NULL,  -- only compared for equality
    search_order integer NOT NULL,
    card_no      integer NOT NULL,
    PRIMARY KEY (facet, search_order, card_no)
  );
  `,
  `
  -- What an import compares (catalogDiff.ts): a hash of each row's served answer and of all its
  -- columns. Rows stored before them have none; the next import then writes every row and records
  -- no change (a baseline).
  ALTER TABLE sets ADD COLUMN answer_hash text, ADD COLUMN row_hash text;
  ALTER TABLE cards ADD COLUMN answer_hash text, ADD COLUMN row_hash text;
  -- The changes feed: each card or set whose answer an import changed, by sequence number
  -- (given from catalog_meta's changes_last_seq, never reused), and each import (retrieval) with
  -- the last sequence number it reached, for what the feed keeps (changesFeed.ts).
  CREATE TABLE catalog_changes (
    seq    bigint PRIMARY KEY,
    type   text NOT NULL,             -- card, set
    id     text NOT NULL,
    change text NOT NULL,             -- added, changed, removed
    at     text COLLATE "C" NOT NULL  -- the retrieved_at of the import that recorded it (ISO 8601)
  );
  CREATE INDEX catalog_changes_by_at ON catalog_changes (at);
  CREATE TABLE catalog_retrievals (
    retrieval   bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    at          text COLLATE "C" NOT NULL,
    through_seq bigint NOT NULL
  );
  `,
  `
  -- The game text of every card (GameTextValue), one row per value, for /v1's query: its words
  -- come folded and cut, and its lexemes are those words at their positions (written as a tsvector
  -- literal, no text search parser), so a tsquery matches exactly the words the query language
  -- cuts, and <-> a phrase. Each import that changes the catalog builds it anew (writeCatalog.ts).
  CREATE TABLE card_game_text (
    field        smallint NOT NULL,   -- GAME_TEXT_FIELDS' number
    search_order integer NOT NULL,
    card_no      integer NOT NULL,
    words        text COLLATE "C" NOT NULL,
    lexemes      tsvector NOT NULL
  );
  CREATE INDEX card_game_text_by_field ON card_game_text (field, search_order);
  CREATE INDEX card_game_text_lexemes ON card_game_text USING gin (lexemes);
  -- Every word of card_game_text, in order, for wildcards and ranges over words; a word no card
  -- has any more may stay until the next rebuild (it then matches nothing).
  CREATE TABLE card_game_text_words (word text COLLATE "C" PRIMARY KEY);
  `,
];

/**
 * Brings the schema up to date. Any number of instances may start at once: a session advisory
 * lock, keyed by the migrations table, lets one migrate while the others wait and then find
 * nothing left to do.
 */
export async function migrate(pool: pg.Pool, table: string, migrations: readonly string[]): Promise<void> {
  if (!/^[a-z_][a-z0-9_]*$/.test(table)) throw new Error(`bad migrations table name: ${table}`);
  const client = await pool.connect();
  try {
    // Waiting for another instance's migration, or building an index on a large table, may take
    // longer than a pool's statement timeout allows a request.
    await client.query('SET statement_timeout = 0');
    await client.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', [table]);
    try {
      await client.query(`CREATE TABLE IF NOT EXISTS ${table} (version integer PRIMARY KEY, applied_at timestamptz NOT NULL)`);
      const { rows } = await client.query<{ v: number }>(`SELECT coalesce(max(version), 0)::int AS v FROM ${table}`);
      const applied = rows[0]!.v;
      for (const [index, sql] of migrations.entries()) {
        const version = index + 1;
        if (version <= applied) continue;
        await client.query('BEGIN');
        try {
          await client.query(sql);
          await client.query(`INSERT INTO ${table} (version, applied_at) VALUES ($1, now())`, [version]);
          await client.query('COMMIT');
        } catch (error) {
          await client.query('ROLLBACK');
          throw error;
        }
      }
    } finally {
      await client.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [table]);
    }
  } finally {
    // Discarded, not returned: one that failed mid-way may still hold the lock or a transaction, and
    // any other has no statement timeout left.
    client.release(true);
  }
}
