/**
 * A field's dictionary of folded terms (words, or whole values) in code-unit order, each with the
 * ascending ordinals of the documents that hold it, all in two flat arrays. Sorted, so a prefix
 * or a range of terms is found by binary search and only a leading wildcard reads every term.
 */
export class TermIndex {
  private constructor(
    readonly terms: readonly string[],
    /** Term i's ordinals are ordinals[starts[i]] up to ordinals[starts[i + 1]]. */
    private readonly starts: Uint32Array,
    private readonly ordinals: Uint32Array,
  ) {}

  /** From each term's ordinals, each list ascending and without repeats. */
  static build(postings: ReadonlyMap<string, readonly number[]>): TermIndex {
    const terms = [...postings.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const starts = new Uint32Array(terms.length + 1);
    let total = 0;
    terms.forEach((term, i) => {
      starts[i] = total;
      total += postings.get(term)!.length;
    });
    starts[terms.length] = total;
    const ordinals = new Uint32Array(total);
    terms.forEach((term, i) => ordinals.set(postings.get(term)!, starts[i]));
    return new TermIndex(terms, starts, ordinals);
  }

  /** The position of `term` in `terms`, or -1. */
  find(term: string): number {
    const at = this.lowerBound(term);
    return this.terms[at] === term ? at : -1;
  }

  /** Term i's ordinals, ascending. */
  postings(i: number): Uint32Array {
    return this.ordinals.subarray(this.starts[i]!, this.starts[i + 1]!);
  }

  /** The positions [from, to) of the terms that start with `prefix`. */
  prefixRange(prefix: string): [number, number] {
    const from = this.lowerBound(prefix);
    let to = from;
    while (to < this.terms.length && this.terms[to]!.startsWith(prefix)) to++;
    return [from, to];
  }

  /** The positions [from, to) of the terms between two bounds (null: open). */
  boundRange(lower: string | null, upper: string | null, includeLower: boolean, includeUpper: boolean): [number, number] {
    let from = lower === null ? 0 : this.lowerBound(lower);
    if (lower !== null && !includeLower && this.terms[from] === lower) from++;
    let to = upper === null ? this.terms.length : this.lowerBound(upper);
    if (upper !== null && includeUpper && this.terms[to] === upper) to++;
    return [from, Math.max(from, to)];
  }

  /** The first position whose term is not below `term`. */
  private lowerBound(term: string): number {
    let low = 0;
    let high = this.terms.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.terms[middle]! < term) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}
