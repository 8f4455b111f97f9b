import type Database from 'better-sqlite3';

/** Versioned schema of the catalog database; each entry runs once, in order, in a transaction. */
export const CATALOG_MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE sets (
    id   TEXT PRIMARY KEY,
    lang TEXT NOT NULL,
    rank INTEGER NOT NULL,          -- newest-first position among all sets
    gen  INTEGER NOT NULL,          -- import generation that last wrote the row
    doc  TEXT NOT NULL              -- the Set as served, JSON
  );
  CREATE INDEX sets_by_rank ON sets (rank);
  CREATE INDEX sets_by_lang_rank ON sets (lang, rank);

  CREATE TABLE cards (
    rowid        INTEGER PRIMARY KEY,
    id           TEXT NOT NULL UNIQUE,
    lang         TEXT NOT NULL,
    set_id       TEXT NOT NULL,
    set_order    INTEGER NOT NULL,  -- natural number order within the set
    search_order INTEGER NOT NULL,  -- newest set, set id, number
    name_key     TEXT NOT NULL,     -- searchKey(name)
    gen          INTEGER NOT NULL,
    doc          TEXT NOT NULL,     -- the Card as served, JSON
    variants     TEXT NOT NULL      -- its variants, JSON array
  );
  CREATE INDEX cards_by_set_order ON cards (set_id, set_order);

  -- Substring search on the folded name for queries of 3+ code points.
  CREATE VIRTUAL TABLE card_name_trigrams USING fts5 (
    name_key, content = 'cards', content_rowid = 'rowid', tokenize = 'trigram'
  );
  -- Two-code-point queries (common in Chinese, Japanese, Korean) use a bigram index instead,
  -- kept in answer order (match rank, then search order) so a page is read without sorting.
  CREATE TABLE card_name_bigrams (
    gram         TEXT NOT NULL,
    match_rank   INTEGER NOT NULL,  -- 0 the name is the bigram, 1 starts with it, 2 contains it
    search_order INTEGER NOT NULL,
    lang         TEXT NOT NULL,
    card_rowid   INTEGER NOT NULL,
    PRIMARY KEY (gram, match_rank, search_order, card_rowid)
  ) WITHOUT ROWID;

  CREATE TABLE catalog_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
  `,
  `
  -- Search 3+ code points over the distinct folded names (a fifth of the cards), then reach the
  -- cards of each matching name through a covering index, in search order.
  DROP TABLE card_name_trigrams;
  CREATE TABLE card_names (rowid INTEGER PRIMARY KEY, name_key TEXT NOT NULL UNIQUE);
  INSERT INTO card_names (name_key) SELECT DISTINCT name_key FROM cards;
  CREATE VIRTUAL TABLE card_name_trigrams USING fts5 (
    name_key, content = 'card_names', content_rowid = 'rowid', tokenize = 'trigram'
  );
  INSERT INTO card_name_trigrams (card_name_trigrams) VALUES ('rebuild');
  CREATE INDEX cards_by_name ON cards (name_key, search_order, lang);
  `,
  `
  -- The same set or card in the catalog's other languages (a JSON array), for the single set and
  -- card. Rows stored before it have none until they are rebuilt (a newer rows version) or re-imported.
  ALTER TABLE sets ADD COLUMN other_languages TEXT NOT NULL DEFAULT '[]';
  ALTER TABLE cards ADD COLUMN other_languages TEXT NOT NULL DEFAULT '[]';
  `,
  `
  -- Filters: every facet of every card (type:Fire, number:4/102, ...; cardFacets()), in search
  -- order, so a filter alone reads its cards in listing order and another filter is one key lookup.
  -- Rows stored before it have none until they are rebuilt (a newer rows version) or re-imported.
  CREATE TABLE card_facets (
    facet        TEXT NOT NULL,
    search_order INTEGER NOT NULL,
    card_rowid   INTEGER NOT NULL,
    PRIMARY KEY (facet, search_order, card_rowid)
  ) WITHOUT ROWID;
  `,
  `
  -- A name search's page, read by the search orders the name index (NameIndex) found.
  CREATE INDEX cards_by_search_order ON cards (search_order);
  `,
  `
  -- What an import compares (catalogDiff.ts): a hash of each row's served answer and of all its
  -- columns. Rows stored before them have none; the next import then writes every row and records
  -- no change (a baseline).
  ALTER TABLE sets ADD COLUMN answer_hash TEXT;
  ALTER TABLE sets ADD COLUMN row_hash TEXT;
  ALTER TABLE cards ADD COLUMN answer_hash TEXT;
  ALTER TABLE cards ADD COLUMN row_hash TEXT;
  -- The changes feed: each card or set whose answer an import changed, by sequence number
  -- (given from catalog_meta's changes_last_seq, never reused), and each import (retrieval) with
  -- the last sequence number it reached, for what the feed keeps (changesFeed.ts).
  CREATE TABLE catalog_changes (
    seq    INTEGER PRIMARY KEY,
    type   TEXT NOT NULL,             -- card, set
    id     TEXT NOT NULL,
    change TEXT NOT NULL,             -- added, changed, removed
    at     TEXT NOT NULL              -- the retrieved_at of the import that recorded it
  );
  CREATE INDEX catalog_changes_by_at ON catalog_changes (at);
  CREATE TABLE catalog_retrievals (
    retrieval   INTEGER PRIMARY KEY,
    at          TEXT NOT NULL,
    through_seq INTEGER NOT NULL
  );
  `,
  `
  -- The game text of every card (GameTextValue), one row per value, for /v1's query: its words
  -- come folded and cut, joined by spaces, so the ascii tokenizer (spaces and ASCII punctuation
  -- split, every other character a letter) finds exactly the words the query language cuts. The
  -- rowid says the card's search order and the field (gameTextRowid), so a match is read from the
  -- index alone. Rows stored before it have none until they are rebuilt or re-imported.
  CREATE VIRTUAL TABLE card_game_text USING fts5 (words, card_rowid UNINDEXED, tokenize = 'ascii');
  -- Every word of card_game_text, in order, for wildcards and ranges over words (FTS5's own
  -- dictionary, fts5vocab, counts every word's rows as it lists them); a word no card has any more
  -- may stay until the next rebuild (it then matches nothing).
  CREATE TABLE card_game_text_words (word TEXT PRIMARY KEY) WITHOUT ROWID;
  `,
];

export function migrate(db: Database.Database, table: string, migrations: readonly string[]): void {
  db.exec(`CREATE TABLE IF NOT EXISTS ${table} (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)`);
  const appliedVersion = () => (db.prepare(`SELECT coalesce(max(version), 0) AS v FROM ${table}`).get() as { v: number }).v;
  migrations.forEach((sql, index) => {
    const version = index + 1;
    // Checked again under the write lock: two processes opening a fresh file (the server and the
    // keys CLI, say) must not both apply the same step.
    db.transaction(() => {
      if (version <= appliedVersion()) return;
      db.exec(sql);
      db.prepare(`INSERT INTO ${table} (version, applied_at) VALUES (?, ?)`).run(version, new Date().toISOString());
    }).immediate();
  });
}
