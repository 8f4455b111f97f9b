import ipaddr from 'ipaddr.js';
import type { Allowance } from './allowance.js';

/** New keys one client address may create per UTC day. */
export const KEYS_PER_ADDRESS_PER_DAY = 3;

/** The UTC day a moment falls in, as `YYYY-MM-DD`. */
export function dayOf(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/**
 * The oldest day whose per-address counters are still kept: yesterday. Today's is the one that
 * counts; yesterday's stays a day longer for an instance whose clock is a little behind at midnight.
 * Older counters have expired and the stores delete them.
 */
export function oldestCountedDay(now: Date): string {
  return dayOf(new Date(now.getTime() - 86_400_000));
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
 * The client a per-address limit counts, as a stable text. An IPv4 client reached over an IPv6
 * socket (`::ffff:192.0.2.1`) is the same client as `192.0.2.1`. An IPv6 client is its /64
 * (`2001:db8:1:2::/64`): one customer's network is usually a /64, and every address in it is
 * theirs to use, so counting single addresses would give one client 2^64 allowances.
 * Anything that is not an IP address (it cannot come from a socket) is kept as it is, lower-cased.
 */
export function normalizeAddress(address: string): string {
  const trimmed = address.trim();
  if (ipaddr.IPv4.isValidFourPartDecimal(trimmed)) return ipaddr.IPv4.parse(trimmed).toString();
  if (!ipaddr.IPv6.isValid(trimmed)) return trimmed.toLowerCase();
  const ipv6 = ipaddr.IPv6.parse(trimmed);
  if (ipv6.isIPv4MappedAddress()) return ipv6.toIPv4Address().toString();
  return `${new ipaddr.IPv6([...ipv6.parts.slice(0, 4), 0, 0, 0, 0]).toString()}/64`;
}
