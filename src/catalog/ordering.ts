import type { CardSet } from '../schemas/set.js';

const plainCompare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Natural order of card numbers: digit runs compare as numbers, the rest as text
 * (1, 2, 10, 10a, H1, H2, SV1, SV10, TG01). Equal numbers fall back to plain text order
 * so that `01` and `1` still have a stable order.
 */
export function naturalNumberOrder(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  const ra = a.match(/\d+|\D+/g) ?? [];
  const rb = b.match(/\d+|\D+/g) ?? [];
  for (let i = 0; i < Math.min(ra.length, rb.length); i++) {
    const x = ra[i]!;
    const y = rb[i]!;
    const xd = /^\d/.test(x);
    const yd = /^\d/.test(y);
    if (xd && yd) {
      const diff = Number(x) - Number(y);
      if (diff !== 0) return diff < 0 ? -1 : 1;
    } else if (xd !== yd) {
      return xd ? -1 : 1; // a number sorts before text at the same position: 1 before H1
    } else {
      const c = plainCompare(x, y);
      if (c !== 0) return c;
    }
  }
  if (ra.length !== rb.length) return ra.length - rb.length;
  return plainCompare(a, b);
}

/** Newest first: release_date descending, sets without a date last, then id. */
export function newestSetFirst(a: CardSet, b: CardSet): number {
  if (a.release_date !== b.release_date) {
    if (a.release_date === null) return 1;
    if (b.release_date === null) return -1;
    return a.release_date < b.release_date ? 1 : -1;
  }
  return plainCompare(a.id, b.id);
}

