import Database from 'better-sqlite3';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { CatalogSnapshot } from '../../catalog/catalogBackend.js';
import type { StoredSingleCard } from '../../catalog/rows/servedJson.js';
import { CATALOG_PAGE_CACHE } from './openDatabase.js';

/** Rows per page of a snapshot: a page is read synchronously, so it stays a few milliseconds of work. */
const PAGE = 2000;

type MetaRow = [string, string];
type SetPageRow = { lang: string; doc: string; cardCount: number; otherLanguages: string; rank: number };
type CardPageRow = StoredSingleCard & { lang: string; search_order: number };

/**
 * Reads one snapshot of the catalog file on a read-only connection of its own, held in one read
 * transaction (WAL: writers go on meanwhile), page by page with the event loop let go between
 * pages, so requests keep being answered while the bulk files are built.
 */
export async function readSqliteSnapshot<T>(file: string, read: (snapshot: CatalogSnapshot) => Promise<T>): Promise<T> {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    db.pragma(`cache_size = ${CATALOG_PAGE_CACHE}`);
    db.exec('BEGIN');
    try {
      const meta = new Map(db.prepare<[], MetaRow>(`SELECT key, value FROM catalog_meta
        WHERE key IN ('catalog_version', 'imported_at', 'changes_epoch', 'changes_last_seq')`).raw().all());
      const setPage = db.prepare<[number, number], SetPageRow>(`
        SELECT s.lang, s.doc, s.other_languages AS otherLanguages, s.rank,
          (SELECT count(*) FROM cards c WHERE c.set_id = s.id) AS cardCount
        FROM sets s WHERE s.rank > ? ORDER BY s.rank LIMIT ?`);
      const cardPage = db.prepare<[number, string, string, number], CardPageRow>(`
        SELECT lang, doc, variants, other_languages AS otherLanguages, search_order FROM cards
        WHERE search_order > ? AND (? = '' OR lang = ?) ORDER BY search_order LIMIT ?`);
      return await read({
        version: meta.get('catalog_version') ?? '',
        importedAt: meta.get('imported_at') ?? null,
        epoch: meta.get('changes_epoch') ?? '',
        lastSeq: Number(meta.get('changes_last_seq') ?? 0),
        sets: () => pages((after) => setPage.all(after, PAGE), (row) => row.rank),
        cards: (lang = '') => pages((after) => cardPage.all(after, lang, lang, PAGE), (row) => row.search_order),
      });
    } finally {
      db.exec('COMMIT');
    }
  } finally {
    db.close();
  }
}

async function* pages<R>(page: (after: number) => R[], keyOf: (row: R) => number): AsyncIterable<R[]> {
  for (let after = -1; ;) {
    const rows = page(after);
    if (rows.length > 0) yield rows;
    if (rows.length < PAGE) return;
    after = keyOf(rows[rows.length - 1]!);
    await yieldToEventLoop();
  }
}
