import type { Allowance } from './allowance.js';

/** Requests a free key may make per calendar month (UTC). */
export const FREE_MONTHLY_LIMIT = 1000;

/**
 * What the headers say for a key without a monthly limit (paid, internal and benchmark keys):
 * the largest 32-bit signed integer, so every response still carries integer headers and no
 * client that parses them as int32 overflows.
 */
export const UNLIMITED_HEADER_LIMIT = 2_147_483_647;

interface MonthWindow { from: number; until: number; month: string; nextStart: number }

/** The month last asked about: every request of a month asks about the same one, so it is worked out once. */
let lastMonth: MonthWindow = { from: 0, until: 0, month: '', nextStart: 0 };

function monthWindowOf(now: Date): MonthWindow {
  const time = now.getTime();
  if (time >= lastMonth.from && time < lastMonth.until) return lastMonth;
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  const until = Date.UTC(year, month + 1, 1);
  lastMonth = {
    from: Date.UTC(year, month, 1), until,
    month: `${String(year).padStart(4, '0')}-${month < 9 ? '0' : ''}${month + 1}`, nextStart: until / 1000,
  };
  return lastMonth;
}

/** The quota window a moment falls in: the calendar month in UTC, as `YYYY-MM`. */
export function monthOf(now: Date): string {
  return monthWindowOf(now).month;
}

/** 00:00 UTC on the 1st of the month after `now`, in Unix seconds. */
export function nextMonthStart(now: Date): number {
  return monthWindowOf(now).nextStart;
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
