import type { AccessTokens } from './accessTokens.js';
import type { Allowance } from './allowance.js';
import type { PresentedKey } from './presentedKey.js';
import type { ErrorCode } from '../vocabulary/errorCodes.js';

/**
 * The seam between the HTTP edges (REST routes, the MCP endpoint) and keys and quotas.
 * Both edges ask the same questions, so a key's month moves by one per counted call,
 * whichever edge served it.
 */

/** The verdict on one keyed request. */
export type AccessDecision =
  | { allowed: true; keyId: string; keyPrefix: string; allowance: Allowance }
  /** keyPrefix: the key's display prefix, when the request named a key that exists (so on a 429). */
  | {
    allowed: false; status: 401 | 429; code: Extract<ErrorCode, 'missing_key' | 'malformed_key' | 'invalid_key' | 'quota_exceeded'>;
    message: string; allowance: Allowance; retryAfterSeconds?: number; keyPrefix?: string;
  };

export interface KeyRequest {
  email: string;
  source?: string;
}

export interface CreatedKey {
  key: string;
  tier: string;
  /** createKey issues free keys only, so always a number (unlimited keys come from the operator CLI). */
  monthly_limit: number;
  try_it: string;
}

export type KeyCreation =
  | { ok: true; created: CreatedKey; allowance: Allowance }
  | {
    ok: false; status: 409 | 429; code: Extract<ErrorCode, 'email_in_use' | 'key_limit_reached'>;
    message: string; allowance: Allowance; retryAfterSeconds?: number;
  };

export interface AccessControl {
  /**
   * Checks the key a request presents (its `Authorization` header, read once: readPresentedKey)
   * and, when the key is valid and within its month, counts one request atomically. 401 before
   * 429; a refused request is not counted.
   */
  authorizeAndCount(presented: PresentedKey): Promise<AccessDecision>;
  /**
   * The same verdict as authorizeAndCount (401 before 429), counting nothing: for a route that
   * counts only a request it answers (the deck check), which asks this before reading the request
   * and authorizeAndCount once the request proved valid. The allowance is the month as it stands.
   */
  authorize(presented: PresentedKey): Promise<AccessDecision>;
  /**
   * Issues a free key under the per-email and per-address rules. The request's shape (an email
   * address, a source of at most 200 characters) is the edges' to check, against KeyRequestBody.
   */
  createKey(request: KeyRequest, clientAddress: string): Promise<KeyCreation>;
  /**
   * The caller address's key allowance today (limit 3, reset at the next UTC midnight), for the
   * headers of key-creation answers that never reach createKey (a malformed or oversized body).
   */
  keyCreationAllowance(clientAddress: string): Promise<Allowance>;
  /**
   * Whether the key presented is known and unrevoked, counting nothing: for the throttle on
   * requests without a valid key, which lets a valid key through.
   */
  isValidKey(presented: PresentedKey): Promise<boolean>;
  /** OAuth's access tokens (each stands for a key: authorizeAndCount and isValidKey take them as keys) and sealed grants. */
  tokens(): Promise<AccessTokens>;
  /** The hash of `key` if it is a known, unrevoked key (OAuth binds its grants to it); null otherwise. */
  activeKeyHash(key: string): Promise<string | null>;
  /** Marks a single-use OAuth grant used, on every instance at once; false when it already was (AccessStore.spendGrant). */
  spendGrant(grantId: string, expiresAt: number): Promise<boolean>;
  /**
   * Ends an OAuth grant (every code and token of one sign-in) on every instance within a second, as
   * a revoked key; remembered until `expiresAt` (unix seconds), when its last token has expired.
   */
  endGrant(grantId: string, expiresAt: number): Promise<void>;
  /** Whether endGrant ended this grant. */
  isGrantEnded(grantId: string): Promise<boolean>;
  /** Whether the key of this hash is known and unrevoked, counting nothing. */
  isActiveKeyHash(keyHash: string): Promise<boolean>;
  /** Whether keys and usage can be read and counted now (for /healthz); never throws. */
  ping(): Promise<boolean>;
}
