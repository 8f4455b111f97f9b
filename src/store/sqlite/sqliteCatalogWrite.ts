import type Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import type { CatalogChange, CatalogWrite } from '../../catalog/rows/catalogDiff.js';
import type { CardRow, CatalogRows } from '../../catalog/rows/catalogRows.js';
import { KEEP_RETRIEVALS, keptSince, type StoredChange, type StoredChanges } from '../../catalog/changes/changesFeed.js';
import type { ImportProgress } from '../../catalog/importProgress.js';
import type { SourceStamp } from '../../catalog/catalogShapes.js';
import { nameBigrams } from '../../catalog/names/nameGrams.js';
import { gameTextRowid } from './sqliteGameText.js';

/** catalog_meta's keys of the source stamp (CatalogStore.sourceStamp). */
const SOURCE_FINGERPRINT = 'source_fingerprint';
const SOURCE_MAPPING_VERSION = 'source_mapping_version';

/** catalog_meta on one connection, inside the caller's transaction. */
export class SqliteMeta {
  private readonly read: Database.Statement<[string], string>;
  private readonly write: Database.Statement<[string, string]>;
  private readonly remove: Database.Statement<[string, string]>;

  constructor(db: Database.Database) {
    this.remove = db.prepare<[string, string]>('DELETE FROM catalog_meta WHERE key IN (?, ?)');
    this.read = db.prepare<[string], string>('SELECT value FROM catalog_meta WHERE key = ?').pluck();
    this.write = db.prepare<[string, string]>(`INSERT INTO catalog_meta (key, value) VALUES (?, ?)
      ON CONFLICT (key) DO UPDATE SET value = excluded.value`);
  }

  get(key: string): string | undefined {
    return this.read.get(key);
  }

  set(key: string, value: string): void {
    this.write.run(key, value);
  }

  /** The source stamp stored (null when none is, or only half of one). */
  sourceStamp(): SourceStamp | null {
    const fingerprint = this.get(SOURCE_FINGERPRINT);
    const mappingVersion = this.get(SOURCE_MAPPING_VERSION);
    return fingerprint === undefined || mappingVersion === undefined ? null : { fingerprint, mappingVersion: Number(mappingVersion) };
  }

  /** Stores `source` as the catalog's source stamp, or forgets the stamp when there is none. */
  setSourceStamp(source: SourceStamp | undefined): void {
    if (source) {
      this.set(SOURCE_FINGERPRINT, source.fingerprint);
      this.set(SOURCE_MAPPING_VERSION, String(source.mappingVersion));
    } else {
      this.remove.run(SOURCE_FINGERPRINT, SOURCE_MAPPING_VERSION);
    }
  }
}

/**
 * Beyond this share of the cards written or removed, the search tables are built anew rather than
 * updated: filling empty tables in key order beats as many updates scattered through their indexes.
 */
const INCREMENTAL_SHARE = 0.25;

/** What the search tables hold of the cards a write replaces or removes, read before it. */
interface StaleEntries {
  /** The rowids of those cards that were stored. */
  rowids: number[];
  /** Their folded names, whose entry in card_names may go. */
  nameKeys: Set<string>;
}

/**
 * Writes the rows a plan names (upserts, then deletes), then brings the bigram, facet, game text
 * and name tables in step: when few cards were written or removed, only those cards' entries are replaced
 * (updateSearchTables); when many were, or the rows are of another version (their entries may be
 * derived otherwise, even for unchanged cards), the tables are built anew from every card of `rows`.
 */
export function writeRows(db: Database.Database, rows: CatalogRows, plan: CatalogWrite, progress?: ImportProgress): void {
  const upsertSet = db.prepare(`
    INSERT INTO sets (id, lang, rank, gen, doc, other_languages, answer_hash, row_hash)
    VALUES (@id, @lang, @rank, @gen, @doc, @other_languages, @answer_hash, @row_hash)
    ON CONFLICT (id) DO UPDATE SET lang = excluded.lang, rank = excluded.rank, gen = excluded.gen, doc = excluded.doc,
      other_languages = excluded.other_languages, answer_hash = excluded.answer_hash, row_hash = excluded.row_hash`);
  const upsertCard = db.prepare(`
    INSERT INTO cards (id, lang, set_id, set_order, search_order, name_key, gen, doc, variants, other_languages, answer_hash, row_hash)
    VALUES (@id, @lang, @set_id, @set_order, @search_order, @name_key, @gen, @doc, @variants, @other_languages, @answer_hash, @row_hash)
    ON CONFLICT (id) DO UPDATE SET lang = excluded.lang, set_id = excluded.set_id, set_order = excluded.set_order,
      search_order = excluded.search_order, name_key = excluded.name_key, gen = excluded.gen,
      doc = excluded.doc, variants = excluded.variants, other_languages = excluded.other_languages,
      answer_hash = excluded.answer_hash, row_hash = excluded.row_hash`);
  const step = 5000;
  const gen = (db.prepare('SELECT coalesce(max(gen), 0) + 1 AS g FROM (SELECT gen FROM sets UNION ALL SELECT gen FROM cards)').get() as { g: number }).g;
  const touched = plan.cards.length + plan.removedCards.length;
  const incremental = !plan.full && touched <= rows.cards.length * INCREMENTAL_SHARE;
  const stale = incremental && touched > 0 ? staleEntries(db, [...plan.cards.map((card) => card.id), ...plan.removedCards]) : null;

  for (const set of plan.sets) upsertSet.run({ ...set, gen });
  const deleteSet = db.prepare('DELETE FROM sets WHERE id = ?');
  for (const id of plan.removedSets) deleteSet.run(id);
  progress?.('sets', rows.sets.length, rows.sets.length);

  plan.cards.forEach(({ facets: _facets, game_text: _gameText, ...card }, i) => {
    upsertCard.run({ ...card, gen });
    if ((i + 1) % step === 0) progress?.('cards', i + 1, plan.cards.length);
  });
  const deleteCard = db.prepare('DELETE FROM cards WHERE id = ?');
  for (const id of plan.removedCards) deleteCard.run(id);
  progress?.('cards', plan.cards.length, plan.cards.length);
  if (stale) updateSearchTables(db, plan.cards, stale, progress);
  else if (plan.full || touched > 0) rebuildSearchTables(db, rows, progress);
}

function staleEntries(db: Database.Database, ids: string[]): StaleEntries {
  const stored = db.prepare<[string], [number, string]>(
    'SELECT c.rowid, c.name_key FROM json_each(?) AS j JOIN cards c ON c.id = j.value').raw().all(JSON.stringify(ids));
  return { rowids: stored.map(([rowid]) => rowid), nameKeys: new Set(stored.map(([, nameKey]) => nameKey)) };
}

/**
 * Replaces the search entries of the cards written (`cards`) and of those replaced or removed
 * (`stale`), after the rows were: their bigrams, facets and game text go (one pass over each table, which has
 * no index by card) and the written cards' come in; a folded name no card has any more leaves
 * card_names and its trigram index, one that is new joins them. What is left equals a rebuild
 * from every card, without rewriting the million entries of the cards that did not change.
 */
function updateSearchTables(db: Database.Database, cards: CardRow[], stale: StaleEntries, progress?: ImportProgress): void {
  progress?.('search index', 0, 2);
  const staleRowids = JSON.stringify(stale.rowids);
  db.prepare('DELETE FROM card_name_bigrams WHERE card_rowid IN (SELECT value FROM json_each(?))').run(staleRowids);
  db.prepare('DELETE FROM card_facets WHERE card_rowid IN (SELECT value FROM json_each(?))').run(staleRowids);
  db.prepare('DELETE FROM card_game_text WHERE card_rowid IN (SELECT value FROM json_each(?))').run(staleRowids);
  insertSearchEntries(db, cards);
  progress?.('search index', 1, 2);

  const cardNamed = db.prepare<[string], number>('SELECT 1 FROM cards WHERE name_key = ? LIMIT 1').pluck();
  const nameRow = db.prepare<[string], number>('SELECT rowid FROM card_names WHERE name_key = ?').pluck();
  const addName = db.prepare<[string]>('INSERT INTO card_names (name_key) VALUES (?)');
  const indexName = db.prepare<[number | bigint, string]>('INSERT INTO card_name_trigrams (rowid, name_key) VALUES (?, ?)');
  // An external-content FTS5 table forgets a row only when told its old content.
  const unindexName = db.prepare<[number, string]>(
    `INSERT INTO card_name_trigrams (card_name_trigrams, rowid, name_key) VALUES ('delete', ?, ?)`);
  const dropName = db.prepare<[number]>('DELETE FROM card_names WHERE rowid = ?');
  for (const nameKey of new Set([...stale.nameKeys, ...cards.map((card) => card.name_key)])) {
    const named = cardNamed.get(nameKey) !== undefined;
    const rowid = nameRow.get(nameKey);
    if (named && rowid === undefined) indexName.run(addName.run(nameKey).lastInsertRowid, nameKey);
    else if (!named && rowid !== undefined) {
      unindexName.run(rowid, nameKey);
      dropName.run(rowid);
    }
  }
}

/** The bigram, facet and game text entries of `cards`, whose rows are written. */
function insertSearchEntries(db: Database.Database, cards: readonly CardRow[]): void {
  const insertFacet = db.prepare('INSERT INTO card_facets (facet, search_order, card_rowid) VALUES (?, ?, ?)');
  const insertGameText = db.prepare('INSERT INTO card_game_text (rowid, words, card_rowid) VALUES (?, ?, ?)');
  const insertWord = db.prepare('INSERT OR IGNORE INTO card_game_text_words (word) VALUES (?)');
  const words = new Set<string>();
  const insertBigram = db.prepare('INSERT INTO card_name_bigrams (gram, match_rank, search_order, lang, card_rowid) VALUES (?, ?, ?, ?, ?)');
  const rowidOf = db.prepare<[string], number>('SELECT rowid FROM cards WHERE id = ?').pluck();
  const rowids = cards.length > 10_000
    ? new Map(db.prepare<[], [string, number]>('SELECT id, rowid FROM cards').raw().all())
    : null;
  for (const card of cards) {
    const rowid = rowids ? rowids.get(card.id)! : rowidOf.get(card.id)!;
    for (const [gram, rank] of nameBigrams(card.name_key)) insertBigram.run(gram, rank, card.search_order, card.lang, rowid);
    for (const facet of card.facets) insertFacet.run(facet, card.search_order, rowid);
    const counts = [0, 0, 0, 0];
    for (const [field, value] of card.game_text) {
      insertGameText.run(gameTextRowid(card.search_order, field, counts[field]!++), value, rowid);
      if (value !== '') for (const word of value.split(' ')) words.add(word);
    }
  }
  for (const word of words) insertWord.run(word);
}

// Keep in step with card_game_text in migrations.ts.
const CREATE_GAME_TEXT = `CREATE VIRTUAL TABLE card_game_text USING fts5 (words, card_rowid UNINDEXED, tokenize = 'ascii')`;

function rebuildSearchTables(db: Database.Database, rows: CatalogRows, progress?: ImportProgress): void {
  progress?.('search index', 0, 2);
  // An FTS5 table forgets a row by reading its words again: a new table is far quicker to empty.
  db.exec(`DELETE FROM card_name_bigrams; DELETE FROM card_facets; DROP TABLE card_game_text; ${CREATE_GAME_TEXT};
    DELETE FROM card_game_text_words;`);
  insertSearchEntries(db, rows.cards);
  progress?.('search index', 1, 2);
  db.exec(`
    DELETE FROM card_names;
    INSERT INTO card_names (name_key) SELECT DISTINCT name_key FROM cards;
    INSERT INTO card_name_trigrams (card_name_trigrams) VALUES ('rebuild');`);
}

/**
 * Appends `changes` to the feed, each with the next sequence number and `at`; for an import (a
 * retrieval, not a rebuild of rows), records the retrieval and its time, and prunes what the feed
 * no longer keeps (changesFeed.ts).
 */
export function recordChanges(db: Database.Database, meta: SqliteMeta, changes: CatalogChange[], at: string, retrieval: boolean): void {
  if (meta.get('changes_epoch') === undefined) meta.set('changes_epoch', randomUUID());
  let seq = Number(meta.get('changes_last_seq') ?? 0);
  const insert = db.prepare('INSERT INTO catalog_changes (seq, type, id, change, at) VALUES (?, ?, ?, ?, ?)');
  for (const { type, id, change } of changes) insert.run(++seq, type, id, change, at);
  meta.set('changes_last_seq', String(seq));
  if (!retrieval) return;
  meta.set('imported_at', at);
  db.prepare('INSERT INTO catalog_retrievals (at, through_seq) VALUES (?, ?)').run(at, seq);

  const cutoff = keptSince(at);
  const oldestKept = db.prepare<[number], { retrieval: number; through_seq: number }>(
    'SELECT retrieval, through_seq FROM catalog_retrievals ORDER BY retrieval DESC LIMIT 1 OFFSET ?').get(KEEP_RETRIEVALS);
  if (!oldestKept) return;
  // Everything before the first change young enough to keep (all of them when none is).
  const olderThanKept = db.prepare<[string, number], number>(
    'SELECT coalesce((SELECT min(seq) FROM catalog_changes WHERE at >= ?) - 1, ?)').pluck().get(cutoff, seq)!;
  const prunable = Math.min(oldestKept.through_seq, olderThanKept);
  if (prunable > Number(meta.get('changes_pruned_through') ?? 0)) {
    db.prepare('DELETE FROM catalog_changes WHERE seq <= ?').run(prunable);
    meta.set('changes_pruned_through', String(prunable));
  }
  db.prepare('DELETE FROM catalog_retrievals WHERE retrieval < ? AND at < ?').run(oldestKept.retrieval, cutoff);
}

/** The feed after `afterSeq`, up to `limit` changes, inside the caller's read transaction. */
export function readChanges(db: Database.Database, afterSeq: number, limit: number): StoredChanges {
  const meta = new Map(db.prepare<[], [string, string]>(
    `SELECT key, value FROM catalog_meta WHERE key IN ('changes_epoch', 'changes_last_seq', 'changes_pruned_through')`).raw().all());
  return {
    epoch: meta.get('changes_epoch') ?? '',
    lastSeq: Number(meta.get('changes_last_seq') ?? 0),
    prunedThrough: Number(meta.get('changes_pruned_through') ?? 0),
    changes: db.prepare<[number, number], StoredChange>(
      'SELECT seq, type, id, change, at FROM catalog_changes WHERE seq > ? ORDER BY seq LIMIT ?').all(afterSeq, limit),
  };
}
