import type { AccessStore, KeyRecord, KeySelector, KeyUsage } from './accessStore.js';
import { isEmailAddress, normalizeEmail } from './email.js';
import { displayPrefix, generateKey, hashKey, isWellFormedKey, KEY_PREFIX } from './keyFormat.js';
import { monthOf } from './monthlyQuota.js';

export interface OperatorKeyRequest {
  email: string;
  tier: string;
  /** null for an unlimited key. */
  monthlyLimit: number | null;
  source?: string;
}

export type OperatorKeyCreation =
  | { ok: true; key: string; record: { prefix: string; email: string; tier: string; monthlyLimit: number | null } }
  | { ok: false; message: string };

const TIER_PATTERN = /^[a-z][a-z0-9-]{0,31}$/;

/** The operator's key commands (npm run keys): create with any tier and limit, revoke, list. */
export class KeyAdmin {
  constructor(private readonly store: AccessStore, private readonly now: () => Date = () => new Date()) {}

  async create(request: OperatorKeyRequest): Promise<OperatorKeyCreation> {
    const email = normalizeEmail(request.email);
    if (!isEmailAddress(email)) return { ok: false, message: 'the email is not a valid email address' };
    if (!TIER_PATTERN.test(request.tier)) {
      return { ok: false, message: 'the tier must be a lower-case name such as free, paid or internal' };
    }
    const limit = request.monthlyLimit;
    if (limit !== null && (!Number.isSafeInteger(limit) || limit < 1)) {
      return { ok: false, message: 'the monthly limit must be a whole number of 1 or more (or unlimited)' };
    }
    const key = generateKey();
    const inserted = await this.store.insertKey({
      keyHash: hashKey(key), prefix: displayPrefix(key), email, source: request.source ?? null,
      tier: request.tier, monthlyLimit: limit, createdAt: this.now().toISOString(),
    });
    if (inserted.outcome !== 'created') {
      return { ok: false, message: 'that email already has an active free key; revoke it first or choose another tier' };
    }
    return { ok: true, key, record: { prefix: displayPrefix(key), email, tier: request.tier, monthlyLimit: limit } };
  }

  /**
   * Revokes by email (every active key of it), by the key's displayed prefix, or by the whole key.
   * A revoked key is refused from the next request on, and its email may get a new free key.
   */
  async revoke(target: { email: string } | { key: string }): Promise<KeyRecord[]> {
    return this.store.revokeKeys(selectorOf(target), this.now().toISOString());
  }

  /** Every key with its usage in the current UTC month. */
  async list(): Promise<KeyUsage[]> {
    return this.store.listKeys(monthOf(this.now()));
  }
}

function selectorOf(target: { email: string } | { key: string }): KeySelector {
  if ('email' in target) return { email: normalizeEmail(target.email) };
  const key = target.key.trim();
  if (isWellFormedKey(key)) return { keyHash: hashKey(key) };
  if (!key.startsWith(KEY_PREFIX) || key.length < KEY_PREFIX.length + 8) {
    throw new Error(`a key prefix starts with ${KEY_PREFIX} and has at least 8 more characters, as npm run keys -- list shows it`);
  }
  return { prefix: displayPrefix(key) };
}
