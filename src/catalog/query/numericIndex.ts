/**
 * A number or date field's values in ascending order beside the ordinal holding each (a document
 * with several values appears once for each), so a range is two binary searches and one slice.
 */
export class NumericIndex {
  private constructor(
    private readonly values: Float64Array,
    private readonly ordinals: Uint32Array,
  ) {}

  static build(values: readonly number[], ordinals: readonly number[]): NumericIndex {
    const order = Uint32Array.from(values.keys()).sort((a, b) => values[a]! - values[b]! || ordinals[a]! - ordinals[b]!);
    return new NumericIndex(
      Float64Array.from(order, (i) => values[i]!),
      Uint32Array.from(order, (i) => ordinals[i]!),
    );
  }

  /** The ordinals whose value is within the bounds (null: open), in value order, possibly repeated. */
  range(lower: number | null, upper: number | null, includeLower: boolean, includeUpper: boolean): Uint32Array {
    const from = lower === null ? 0 : this.firstAbove(lower, includeLower);
    const to = upper === null ? this.values.length : this.firstAbove(upper, !includeUpper);
    return this.ordinals.subarray(from, Math.max(from, to));
  }

  /** The first position whose value is above `bound` (or equal to it, when `orEqual`). */
  private firstAbove(bound: number, orEqual: boolean): number {
    let low = 0;
    let high = this.values.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const value = this.values[middle]!;
      if (value < bound || (!orEqual && value === bound)) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}
