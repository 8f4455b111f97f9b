/**
 * How a field of a document is matched by the query language (`field:value`), one entry per field
 * path a query may name (`name`, `set.id`, `attacks.name`; a path through an array reaches every
 * element). Each surface that takes queries (pokemontcg.io's /v2, our /v1) has its own catalog of
 * fields over its own documents; the parser and the index are the same for every surface.
 *
 * - `text`: words, folded as search folds names (case, accents, width, kana); a term matches a word,
 *   a phrase consecutive words, `!` the whole value, a wildcard a word.
 * - `keyword`: the whole value, folded (ids, codes, `Legal`); a wildcard matches the whole value.
 * - `number`: integers or decimals (a string of digits counts), with ranges.
 * - `date`: `YYYY/MM/DD` or `YYYY-MM-DD` (a time after it is ignored), with ranges; in a query,
 *   `YYYY` or `YYYY/MM` covers its days.
 */
export type FieldKind = 'text' | 'keyword' | 'number' | 'date';

export interface FieldSpec {
  kind: FieldKind;
  /**
   * Whether `orderBy` (or `order=`) may name it: numbers and dates order numerically, keywords
   * naturally (`4` before `TG01`, `xy7-9` before `xy7-54`), texts by their folded words; a
   * document without a value comes last either way.
   */
  sortable?: boolean;
}

/** Every field a query may name, by path. */
export type FieldCatalog = Readonly<Record<string, FieldSpec>>;
