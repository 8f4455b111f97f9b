import type { CardSet } from '../../schemas/set.js';

const plainCompare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * A card number cut once into what naturalNumberOrder compares: its runs of digits and of other
 * characters, each digit run with its value. Sorting a whole catalog compares each number many
 * times; cutting it once per card, not once per comparison, is most of that sort's time saved.
 */
export interface NaturalNumberKey {
  number: string;
  runs: string[];
  /** The value of each digit run, null for a run of other characters. */
  values: Array<number | null>;
}

export function naturalNumberKey(number: string): NaturalNumberKey {
  const runs = number.match(/\d+|\D+/g) ?? [];
  return { number, runs, values: runs.map((run) => (/^\d/.test(run) ? Number(run) : null)) };
}

/**
 * Natural order of card numbers: digit runs compare as numbers, the rest as text
 * (1, 2, 10, 10a, H1, H2, SV1, SV10, TG01). Equal numbers fall back to plain text order
 * so that `01` and `1` still have a stable order.
 */
export function naturalNumberOrder(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return naturalKeyOrder(naturalNumberKey(a), naturalNumberKey(b));
}

/** naturalNumberOrder of two numbers already cut (naturalNumberKey); null for a missing number. */
export function naturalKeyOrder(a: NaturalNumberKey | null, b: NaturalNumberKey | null): number {
  if (a === b || a?.number === b?.number) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  const { runs: ra, values: va } = a;
  const { runs: rb, values: vb } = b;
  for (let i = 0; i < Math.min(ra.length, rb.length); i++) {
    const x = va[i]!;
    const y = vb[i]!;
    if (x !== null && y !== null) {
      const diff = x - y;
      if (diff !== 0) return diff < 0 ? -1 : 1;
    } else if ((x === null) !== (y === null)) {
      return x !== null ? -1 : 1; // a number sorts before text at the same position: 1 before H1
    } else {
      const c = plainCompare(ra[i]!, rb[i]!);
      if (c !== 0) return c;
    }
  }
  if (ra.length !== rb.length) return ra.length - rb.length;
  return plainCompare(a.number, b.number);
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

