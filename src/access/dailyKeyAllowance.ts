import type { Allowance } from './allowance.js';

/** New keys one client address may create per UTC day. */
export const KEYS_PER_ADDRESS_PER_DAY = 3;

/** The UTC day a moment falls in, as `YYYY-MM-DD`. */
export function dayOf(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** 00:00 UTC of the day after `now`, in Unix seconds. */
export function nextDayStart(now: Date): number {
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1) / 1000;
}

/** A client address's key allowance today, as the headers on POST /v1/keys describe it. */
export function dailyKeyAllowance(createdToday: number, now: Date): Allowance {
  return { limit: KEYS_PER_ADDRESS_PER_DAY, used: createdToday, reset: nextDayStart(now) };
}

/**
 * The address a per-address limit counts: an IPv4 client reached over an IPv6 socket
 * (`::ffff:192.0.2.1`) is the same client as `192.0.2.1`.
 */
export function normalizeAddress(address: string): string {
  const trimmed = address.trim().toLowerCase();
  return trimmed.startsWith('::ffff:') && trimmed.includes('.') ? trimmed.slice('::ffff:'.length) : trimmed;
}
