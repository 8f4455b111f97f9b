/** A value a query compares: what a path reaches in a document, strings, numbers and booleans. */
export type LeafValue = string | number | boolean;

/**
 * The values `path` (`set.id`, `attacks.name`) reaches in `document`: every element of an array on
 * the way, none for a missing key or null.
 */
export function valuesAt(document: object, path: readonly string[]): LeafValue[] {
  const found: LeafValue[] = [];
  if (path.length === 1) {
    // Most fields are a key of the document itself: no walk.
    const value = (document as Record<string, unknown>)[path[0]!];
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      found.push(value);
      return found;
    }
  }
  collect(document, path, 0, found);
  return found;
}

function collect(value: unknown, path: readonly string[], depth: number, found: LeafValue[]): void {
  if (value === null || value === undefined) return;
  if (Array.isArray(value)) {
    for (const element of value) collect(element, path, depth, found);
    return;
  }
  if (depth === path.length) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') found.push(value);
    return;
  }
  if (typeof value === 'object') collect((value as Record<string, unknown>)[path[depth]!], path, depth + 1, found);
}

/** A number written as digits (`150`, `-1`, `2.5`), or null: a string field such as `hp` counts. */
export function numberValue(value: LeafValue): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || !/^\s*[-+]?\d+(\.\d+)?\s*$/.test(value)) return null;
  return Number(value);
}

/**
 * The days a date covers as `YYYYMMDD` integers, or null: `2020/01/01` or `2020-01-01` (a time after
 * it is ignored) is one day, `2020/05` a month, `2020` a year, so a range can name a year.
 */
export function dateSpan(value: LeafValue): { first: number; last: number } | null {
  if (typeof value !== 'string') return null;
  const match = /^\s*(\d{4})(?:[-/](\d{1,2})(?:[-/](\d{1,2}))?)?(?:[ T]\S.*)?\s*$/.exec(value);
  if (!match) return null;
  const year = Number(match[1]) * 10_000;
  if (match[2] === undefined) return { first: year, last: year + 9999 };
  const month = year + Number(match[2]) * 100;
  if (match[3] === undefined) return { first: month, last: month + 99 };
  const day = month + Number(match[3]);
  return { first: day, last: day };
}
