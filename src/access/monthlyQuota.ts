import type { Allowance } from './allowance.js';

/** Requests a free key may make per calendar month (UTC). */
export const FREE_MONTHLY_LIMIT = 1000;

/**
 * What the headers say for a key without a monthly limit (paid, internal and benchmark keys):
 * the largest 32-bit signed integer, so every response still carries integer headers and no
 * client that parses them as int32 overflows.
 */
export const UNLIMITED_HEADER_LIMIT = 2_147_483_647;

/**
 * The quota window a moment falls in: the calendar month in UTC, as `YYYY-MM`. From the date's
 * fields rather than toISOString(), which formats the whole moment: this runs on every keyed request.
 */
export function monthOf(now: Date): string {
  const month = now.getUTCMonth() + 1;
  return `${String(now.getUTCFullYear()).padStart(4, '0')}-${month < 10 ? '0' : ''}${month}`;
}

/** 00:00 UTC on the 1st of the month after `now`, in Unix seconds. */
export function nextMonthStart(now: Date): number {
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1) / 1000;
}

/** A key's month as the rate-limit headers describe it. */
export function monthlyAllowance(monthlyLimit: number | null, used: number, now: Date): Allowance {
  return { limit: monthlyLimit ?? UNLIMITED_HEADER_LIMIT, used, reset: nextMonthStart(now) };
}

/** What a response without a valid key says: the free tier's month, nothing used by this caller. */
export function unkeyedAllowance(now: Date): Allowance {
  return { limit: FREE_MONTHLY_LIMIT, used: 0, reset: nextMonthStart(now) };
}

/** Whole seconds from `now` until `reset` (Unix seconds), at least 1. */
export function secondsUntil(reset: number, now: Date): number {
  return Math.max(1, Math.ceil(reset - now.getTime() / 1000));
}
