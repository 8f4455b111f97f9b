import { FREE_MONTHLY_LIMIT, nextMonthStart, type Allowance } from './rateLimitHeaders.js';

export { FREE_MONTHLY_LIMIT };

/**
 * What the headers say for a key without a monthly limit (paid, internal and benchmark keys):
 * the largest 32-bit signed integer, so every response still carries integer headers and no
 * client that parses them as int32 overflows.
 */
export const UNLIMITED_HEADER_LIMIT = 2_147_483_647;

/** The quota window a moment falls in: the calendar month in UTC, as `YYYY-MM`. */
export function monthOf(now: Date): string {
  return now.toISOString().slice(0, 7);
}

/** A key's month as the rate-limit headers describe it. */
export function monthlyAllowance(monthlyLimit: number | null, used: number, now: Date): Allowance {
  return { limit: monthlyLimit ?? UNLIMITED_HEADER_LIMIT, used, reset: nextMonthStart(now) };
}

/** Whole seconds from `now` until `reset` (Unix seconds), at least 1. */
export function secondsUntil(reset: number, now: Date): number {
  return Math.max(1, Math.ceil(reset - now.getTime() / 1000));
}
