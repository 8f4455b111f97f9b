/**
 * Keys and their usage, as every store (SQLite, PostgreSQL) keeps them. The store holds the
 * SQL and its atomicity; the rules (limits, windows, messages) live in AccessService.
 */

export interface KeyRecord {
  id: string;
  /** The first characters of the key, to name it to an operator; never the whole key. */
  prefix: string;
  /** Trimmed, lower case. */
  email: string;
  tier: string;
  /** null for an unlimited key. */
  monthlyLimit: number | null;
  createdAt: string;
  revokedAt: string | null;
}

export interface NewKey {
  keyHash: string;
  prefix: string;
  email: string;
  source: string | null;
  tier: string;
  monthlyLimit: number | null;
  createdAt: string;
}

/** The per-address daily limit that a self-served key creation is held to. */
export interface AddressLimit {
  address: string;
  /** `YYYY-MM-DD`, UTC. */
  day: string;
  limit: number;
  /**
   * `YYYY-MM-DD`: counters of days before this one have expired, and the store deletes them (at
   * the latest when the first key of a day is inserted), so the table holds about two days of addresses.
   */
  keepFrom: string;
}

export type KeyInsertion =
  /** `createdToday` counts this key; 0 when no address limit applied. */
  | { outcome: 'created'; id: string; createdToday: number }
  /** The email already has an active free key (only free keys are one per email). */
  | { outcome: 'email-taken'; createdToday: number }
  | { outcome: 'address-limit'; createdToday: number };

export type KeySelector = { email: string } | { prefix: string } | { keyHash: string };

export interface Admission {
  key: KeyRecord;
  /** This request's number in the month, or null when it was not counted (a revoked key, a spent month). */
  used: number | null;
}

export interface Reservation {
  /** The month's count after the reservation. */
  used: number;
  /** Requests the reservation granted, at least 1. */
  granted: number;
}

export interface KeyUsage extends KeyRecord {
  used: number;
}

export interface AccessStore {
  findKeyByHash(keyHash: string): Promise<KeyRecord | null>;
  /**
   * A keyed request's whole check in one step (one statement where the database is asked): finds
   * the key and, when it is active, counts one request of `month` as countRequest does. null for an
   * unknown key. ReservedQuota takes it as the first block (of one request) of a key it holds nothing of.
   */
  admitRequest(keyHash: string, month: string): Promise<Admission | null>;
  /**
   * Counts one request of `month` in a single atomic conditional increment: the new count,
   * or null (nothing counted) when the month already holds `monthlyLimit` requests.
   * A null limit counts without a ceiling.
   */
  countRequest(keyId: string, month: string, monthlyLimit: number | null): Promise<number | null>;
  /**
   * Reserves up to `wanted` requests of `month` in one atomic conditional increment that never
   * passes `monthlyLimit`: the month's count after it and how many it granted (the requests
   * numbered `used - granted + 1` to `used` are the caller's), or null when the month is spent.
   */
  reserveRequests(keyId: string, month: string, monthlyLimit: number | null, wanted: number): Promise<Reservation | null>;
  /** Gives back `count` reserved requests of `month` that were never answered (never below 0). */
  releaseRequests(keyId: string, month: string, count: number): Promise<void>;
  /** Requests counted for the key in `month`. */
  usage(keyId: string, month: string): Promise<number>;
  /**
   * Stores a key durably (committed before it returns). A free key is refused while its email
   * has an active free key; with `addressLimit`, a key is refused once the address created
   * `limit` keys that day, and otherwise counted against it, all in one transaction.
   */
  insertKey(key: NewKey, addressLimit?: AddressLimit): Promise<KeyInsertion>;
  /** Keys the address created on `day` (UTC). */
  keysCreatedBy(address: string, day: string): Promise<number>;
  /** Revokes the active keys the selector names, durably; returns them. */
  revokeKeys(selector: KeySelector, revokedAt: string): Promise<KeyRecord[]>;
  /** Every key, oldest first, with its count for `month`. */
  listKeys(month: string): Promise<KeyUsage[]>;
  /**
   * Changes whenever a key is created or revoked (by any instance or process on the database), in
   * the same transaction; cheap to read, so a cache of key records can poll it.
   */
  keysVersion(): Promise<string>;
  /**
   * Marks a single-use OAuth grant (a code, a refresh token) as used, atomically across every
   * instance on the database: true the first time, false for any later call with the same id. Ids
   * are kept until `expiresAt` (unix seconds; the grant is refused as expired after that anyway)
   * and deleted once past `nowSeconds`.
   */
  spendGrant(grantId: string, expiresAt: number, nowSeconds: number): Promise<boolean>;
  /**
   * Ends an OAuth grant (a sign-in's codes and tokens, by the grant's id) for every instance: kept
   * until `expiresAt` (unix seconds; deleted once past `nowSeconds`), and the keys' version raised
   * in the same transaction, so caches of the answer (CachedAccessStore) drop it as for a revoked key.
   */
  revokeGrant(grantId: string, expiresAt: number, nowSeconds: number): Promise<void>;
  /** Whether revokeGrant ended this grant. */
  isGrantRevoked(grantId: string): Promise<boolean>;
  /**
   * The secret of this name: `candidate` stored if there was none (of instances asking at once,
   * one stores it and all get the same), the stored one otherwise.
   */
  oauthSecret(name: string, candidate: string): Promise<string>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}
