import type { CardSearch } from '../../catalog/catalogShapes.js';
import { codePointLength } from '../../catalog/names/searchKey.js';

/**
 * Matches are ranked on narrow rows (no doc), so the window count and the sort stay in memory
 * however common the term; only the page's rows are joined back for their doc.
 * $1 key, $2 lang or null, $3 limit, $4 offset, $5 the LIKE pattern (trigram search only).
 */
const ranked = (match: string, filter = '') => `
  WITH ranked AS (
    SELECT c.card_no, c.search_order,
           CASE WHEN c.name_key = $1 THEN 0 WHEN starts_with(c.name_key, $1) THEN 1 ELSE 2 END AS class,
           count(*) OVER () AS total
    FROM cards c
    WHERE ${match} AND ($2::text IS NULL OR c.lang = $2)${filter}
    ORDER BY class, c.search_order
    LIMIT $3 OFFSET $4
  )
  SELECT c.doc, r.total::int AS total FROM ranked r JOIN cards c USING (card_no) ORDER BY r.class, r.search_order`;

// Three or more code points: the pg_trgm index answers LIKE with the key's metacharacters escaped.
const BY_TRIGRAMS = ranked('c.name_key LIKE $5');
// Two code points have no trigram: the bigram table, in answer order, gives the page and an
// exact count without a sort.
const byBigrams = (filter = '') => `
  SELECT t.total, p.doc
  FROM (SELECT count(*)::int AS total FROM card_name_bigrams b WHERE gram = $1 AND ($2::text IS NULL OR lang = $2)${filter}) t
  LEFT JOIN LATERAL (
    SELECT c.doc, h.match_rank, h.search_order
    FROM (SELECT card_no, match_rank, search_order FROM card_name_bigrams b
          WHERE gram = $1 AND ($2::text IS NULL OR lang = $2)${filter}
          ORDER BY match_rank, search_order LIMIT $3 OFFSET $4) h
    JOIN cards c USING (card_no)
  ) p ON true
  ORDER BY p.match_rank, p.search_order`;
const BY_BIGRAMS = byBigrams();
// A folded query can shrink below two code points (a ligature, say): scan, it is rare.
const BY_SCAN = ranked('strpos(c.name_key, $1) > 0');

/**
 * That the row whose search order is `searchOrder` has every facet of the text array `facets` (a
 * parameter), each looked up in card_facets' primary key.
 */
export const hasFacets = (searchOrder: string, facets: string) => `
    AND NOT EXISTS (SELECT 1 FROM unnest(${facets}::text[]) AS wanted (facet) WHERE NOT EXISTS (
      SELECT 1 FROM card_facets f WHERE f.facet = wanted.facet AND f.search_order = ${searchOrder}))`;

const FILTERED_BY_TRIGRAMS = ranked('c.name_key LIKE $5', hasFacets('c.search_order', '$6'));
const FILTERED_BY_BIGRAMS = byBigrams(hasFacets('b.search_order', '$5'));
const FILTERED_BY_SCAN = ranked('strpos(c.name_key, $1) > 0', hasFacets('c.search_order', '$5'));

/**
 * The one statement that answers a search, with its values. Not to be prepared by name: planned
 * for each query's own values, the planner sees the actual pattern and language.
 * `limit` is what the catalog asks for: one row more than its page, so that has_more is exact.
 */
export function searchStatement({ key, lang, limit, offset, facets = [] }: CardSearch): { text: string; values: unknown[] } {
  const values: unknown[] = [key, lang ?? null, limit, offset];
  const length = codePointLength(key);
  const filtered = facets.length > 0;
  if (length >= 3) {
    values.push(`%${key.replace(/[\\%_]/g, '\\$&')}%`);
    return filtered ? { text: FILTERED_BY_TRIGRAMS, values: [...values, facets] } : { text: BY_TRIGRAMS, values };
  }
  if (filtered) return { text: length === 2 ? FILTERED_BY_BIGRAMS : FILTERED_BY_SCAN, values: [...values, facets] };
  return { text: length === 2 ? BY_BIGRAMS : BY_SCAN, values };
}
