import type Database from 'better-sqlite3';
import { rankCatalog, type Catalog } from '../../catalog/rankCatalog.js';
import { nameBigrams } from '../../catalog/nameGrams.js';
import type { Card, CardWithVariants } from '../../schemas/card.js';
import type { CardSet, SetWithCount } from '../../schemas/set.js';
import type { CardSearch, CatalogCounts, CatalogStore, JsonText, Page, PageRequest } from '../../catalog/catalogStore.js';
import type { ImportProgress } from '../../catalog/importProgress.js';
import { CATALOG_MIGRATIONS, migrate } from './migrations.js';
import { openDatabase } from './openDatabase.js';
import type { Language } from '../../schemas/common.js';

type DocRow = { doc: string };
type SearchRow = { doc: string; total: number };

/** The SQL twin of matchRank(). */
const MATCH_RANK = 'CASE WHEN c.name_key = @key THEN 0 WHEN substr(c.name_key, 1, @keyLength) = @key THEN 1 ELSE 2 END';

/**
 * Ranks the matching rows on narrow columns first and reads the served JSON only for the page:
 * sorting a few hundred wide rows costs more than the search itself. (The rare scan path.)
 */
const pageOfHits = (hits: string) => `
  WITH hits AS MATERIALIZED (
    SELECT c.rowid AS hit, ${MATCH_RANK} AS match_rank, c.search_order, count(*) OVER () AS total
    ${hits} AND (@lang IS NULL OR c.lang = @lang)
    ORDER BY match_rank, c.search_order LIMIT @limit OFFSET @offset)
  SELECT cards.doc, hits.total FROM hits JOIN cards ON cards.rowid = hits.hit
  ORDER BY hits.match_rank, hits.search_order`;

export class SqliteCatalogStore implements CatalogStore {
  private readonly db: Database.Database;
  private readonly statements;

  constructor(file: string) {
    this.db = openDatabase(file);
    migrate(this.db, 'catalog_migrations', CATALOG_MIGRATIONS);
    const db = this.db;
    this.statements = {
      setsAll: db.prepare<[number, number], DocRow>('SELECT doc FROM sets ORDER BY rank LIMIT ? OFFSET ?'),
      setsByLang: db.prepare<[string, number, number], DocRow>(
        'SELECT doc FROM sets WHERE lang = ? ORDER BY rank LIMIT ? OFFSET ?'),
      countSetsAll: db.prepare<[], { n: number }>('SELECT count(*) AS n FROM sets'),
      countSetsByLang: db.prepare<[string], { n: number }>('SELECT count(*) AS n FROM sets WHERE lang = ?'),
      setDoc: db.prepare<[string], DocRow>('SELECT doc FROM sets WHERE id = ?'),
      countCardsInSet: db.prepare<[string], { n: number }>('SELECT count(*) AS n FROM cards WHERE set_id = ?'),
      cardsInSet: db.prepare<[string, number, number], DocRow>(
        'SELECT doc FROM cards WHERE set_id = ? ORDER BY set_order LIMIT ? OFFSET ?'),
      card: db.prepare<[string], { doc: string; variants: string }>('SELECT doc, variants FROM cards WHERE id = ?'),
      searchTrigram: db.prepare<Record<string, unknown>, SearchRow>(`
        WITH matched_names AS MATERIALIZED (
          SELECT n.name_key, ${MATCH_RANK.replaceAll('c.name_key', 'n.name_key')} AS match_rank
          FROM card_name_trigrams t JOIN card_names n ON n.rowid = t.rowid WHERE card_name_trigrams MATCH @match),
        hits AS MATERIALIZED (
          SELECT c.rowid AS hit, m.match_rank, c.search_order, count(*) OVER () AS total
          FROM matched_names m JOIN cards c INDEXED BY cards_by_name ON c.name_key = m.name_key
          WHERE @lang IS NULL OR c.lang = @lang
          ORDER BY m.match_rank, c.search_order LIMIT @limit OFFSET @offset)
        SELECT cards.doc, hits.total FROM hits JOIN cards ON cards.rowid = hits.hit
        ORDER BY hits.match_rank, hits.search_order`),
      searchBigram: db.prepare<Record<string, unknown>, DocRow>(`
        SELECT c.doc FROM card_name_bigrams b JOIN cards c ON c.rowid = b.card_rowid
        WHERE b.gram = @key AND (@lang IS NULL OR b.lang = @lang)
        ORDER BY b.match_rank, b.search_order LIMIT @limit OFFSET @offset`),
      countBigram: db.prepare<Record<string, unknown>, { n: number }>(
        'SELECT count(*) AS n FROM card_name_bigrams WHERE gram = @key AND (@lang IS NULL OR lang = @lang)'),
      // A folded query can shrink below two code points (a ligature, say): scan, it is rare.
      searchScan: db.prepare<Record<string, unknown>, SearchRow>(pageOfHits(`
        FROM cards c WHERE instr(c.name_key, @key) > 0`)),
      ping: db.prepare('SELECT 1'),
    };
  }

  async listSets({ lang, limit, offset }: PageRequest & { lang?: Language }): Promise<Page<CardSet>> {
    const s = this.statements;
    const rows = lang ? s.setsByLang.all(lang, limit + 1, offset) : s.setsAll.all(limit + 1, offset);
    const total = (lang ? s.countSetsByLang.get(lang) : s.countSetsAll.get())!.n;
    return page(rows, limit, total);
  }

  async getSet(id: string): Promise<JsonText<SetWithCount> | null> {
    const row = this.statements.setDoc.get(id);
    if (!row) return null;
    const count = this.statements.countCardsInSet.get(id)!.n;
    return `${row.doc.slice(0, -1)},"card_count":${count}}`;
  }

  async listCardsInSet(setId: string, { limit, offset }: PageRequest): Promise<Page<Card> | null> {
    if (!this.statements.setDoc.get(setId)) return null;
    const rows = this.statements.cardsInSet.all(setId, limit + 1, offset);
    return page(rows, limit, this.statements.countCardsInSet.get(setId)!.n);
  }

  async getCard(id: string): Promise<JsonText<CardWithVariants> | null> {
    const row = this.statements.card.get(id);
    return row ? `${row.doc.slice(0, -1)},"variants":${row.variants}}` : null;
  }

  async searchCards({ key, lang, limit, offset }: CardSearch): Promise<Page<Card>> {
    const length = [...key].length;
    const params = {
      key, keyLength: length, lang: lang ?? null, limit: limit + 1, offset,
      match: `"${key.replaceAll('"', '""')}"`,
    };
    if (length === 2) {
      const rows = this.statements.searchBigram.all(params);
      return page(rows, limit, this.statements.countBigram.get(params)!.n);
    }
    const rows = (length >= 3 ? this.statements.searchTrigram : this.statements.searchScan).all(params);
    // Past the last page the window count is unknown; the offset is then a lower bound.
    const total = rows.length > 0 ? rows[0]!.total : offset > 0 ? null : 0;
    return page(rows, limit, total);
  }

  async replaceCatalog(catalog: Catalog, progress?: ImportProgress): Promise<CatalogCounts> {
    const ranked = rankCatalog(catalog);
    const db = this.db;
    const upsertSet = db.prepare(`
      INSERT INTO sets (id, lang, rank, gen, doc) VALUES (@id, @lang, @rank, @gen, @doc)
      ON CONFLICT (id) DO UPDATE SET lang = excluded.lang, rank = excluded.rank, gen = excluded.gen, doc = excluded.doc`);
    const upsertCard = db.prepare(`
      INSERT INTO cards (id, lang, set_id, set_order, search_order, name_key, gen, doc, variants)
      VALUES (@id, @lang, @set_id, @set_order, @search_order, @name_key, @gen, @doc, @variants)
      ON CONFLICT (id) DO UPDATE SET lang = excluded.lang, set_id = excluded.set_id, set_order = excluded.set_order,
        search_order = excluded.search_order, name_key = excluded.name_key, gen = excluded.gen,
        doc = excluded.doc, variants = excluded.variants`);
    const insertBigram = db.prepare(
      'INSERT INTO card_name_bigrams (gram, match_rank, search_order, lang, card_rowid) VALUES (?, ?, ?, ?, ?)');
    const step = 5000;
    const languageOfSet = new Map(catalog.sets.map((s) => [s.id, s.language]));

    db.transaction(() => {
      const gen = (db.prepare('SELECT coalesce(max(gen), 0) + 1 AS g FROM (SELECT gen FROM sets UNION ALL SELECT gen FROM cards)').get() as { g: number }).g;
      ranked.sets.forEach(({ set, rank }) => upsertSet.run({ id: set.id, lang: set.language, rank, gen, doc: JSON.stringify(set) }));
      db.prepare('DELETE FROM sets WHERE gen <> ?').run(gen);
      progress?.('sets', ranked.sets.length, ranked.sets.length);

      ranked.cards.forEach(({ card, setOrder, searchOrder, nameKey }, i) => {
        const { variants, ...fields } = card;
        upsertCard.run({
          id: card.id, lang: languageOfSet.get(card.set_id) ?? '',
          set_id: card.set_id, set_order: setOrder, search_order: searchOrder, name_key: nameKey, gen,
          doc: JSON.stringify(fields), variants: JSON.stringify(variants),
        });
        if ((i + 1) % step === 0) progress?.('cards', i + 1, ranked.cards.length);
      });
      db.prepare('DELETE FROM cards WHERE gen <> ?').run(gen);
      progress?.('cards', ranked.cards.length, ranked.cards.length);

      db.exec(`
        DELETE FROM card_names;
        INSERT INTO card_names (name_key) SELECT DISTINCT name_key FROM cards;
        INSERT INTO card_name_trigrams (card_name_trigrams) VALUES ('rebuild');`);
      progress?.('search index', 0, 2);
      db.exec('DELETE FROM card_name_bigrams');
      const rows = db.prepare('SELECT rowid, name_key, search_order, lang FROM cards').all() as
        Array<{ rowid: number; name_key: string; search_order: number; lang: string }>;
      for (const row of rows) {
        for (const [gram, rank] of nameBigrams(row.name_key)) insertBigram.run(gram, rank, row.search_order, row.lang, row.rowid);
      }
      db.prepare(`INSERT INTO catalog_meta (key, value) VALUES ('imported_at', ?)
        ON CONFLICT (key) DO UPDATE SET value = excluded.value`).run(new Date().toISOString());
      progress?.('search index', 2, 2);
    })();
    return this.counts();
  }

  async counts(): Promise<CatalogCounts> {
    const sets = this.statements.countSetsAll.get()!.n;
    const cards = (this.db.prepare('SELECT count(*) AS n FROM cards').get() as { n: number }).n;
    return { sets, cards };
  }

  async *exportSets(): AsyncIterable<CardSet> {
    for (const row of this.db.prepare('SELECT doc FROM sets ORDER BY rank').iterate() as Iterable<DocRow>) {
      yield JSON.parse(row.doc) as CardSet;
    }
  }

  async *exportCards(): AsyncIterable<CardWithVariants> {
    const rows = this.db.prepare('SELECT doc, variants FROM cards ORDER BY search_order').iterate();
    for (const row of rows as Iterable<{ doc: string; variants: string }>) {
      yield { ...(JSON.parse(row.doc) as Card), variants: JSON.parse(row.variants) } as CardWithVariants;
    }
  }

  async ping(): Promise<boolean> {
    try {
      this.statements.ping.get();
      return true;
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    this.db.close();
  }
}

function page<T>(rows: DocRow[], limit: number, total: number | null): Page<T> {
  const hasMore = rows.length > limit;
  return { items: (hasMore ? rows.slice(0, limit) : rows).map((r) => r.doc), total, hasMore };
}
