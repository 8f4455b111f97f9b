/** What a window of requests allows, as the rate-limit headers describe it. */
export interface Allowance {
  limit: number;
  used: number;
  /** Unix seconds of the next reset. */
  reset: number;
}
