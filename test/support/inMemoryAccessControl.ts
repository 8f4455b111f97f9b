import { randomBytes } from 'node:crypto';
import type { AccessControl, AccessDecision, KeyCreation, KeyRequest } from '../../src/access/accessControl.js';
import { FREE_MONTHLY_LIMIT, nextMonthStart } from '../../src/access/rateLimitHeaders.js';

/**
 * A test double of the access seam (not of a store): keys and counts in memory, the rules of
 * DECISIONS.md in their simplest form. Used until the SQLite-backed AccessControl lands.
 */
export class InMemoryAccessControl implements AccessControl {
  readonly used = new Map<string, number>();
  private readonly emails = new Map<string, string>();
  private readonly createdByAddress = new Map<string, number>();

  constructor(private readonly now: () => Date = () => new Date(), private readonly monthlyLimit = FREE_MONTHLY_LIMIT) {}

  async authorizeAndCount(authorization: string | undefined): Promise<AccessDecision> {
    const reset = nextMonthStart(this.now());
    const key = /^Bearer (\S+)$/.exec(authorization ?? '')?.[1];
    if (key === undefined || !this.used.has(key)) {
      return { allowed: false, status: 401, message: 'a valid API key is required', allowance: { limit: this.monthlyLimit, used: 0, reset } };
    }
    const used = this.used.get(key)!;
    if (used >= this.monthlyLimit) {
      return { allowed: false, status: 429, message: 'monthly limit reached', allowance: { limit: this.monthlyLimit, used, reset }, retryAfterSeconds: 60 };
    }
    this.used.set(key, used + 1);
    return { allowed: true, keyId: key, allowance: { limit: this.monthlyLimit, used: used + 1, reset } };
  }

  async createKey(request: KeyRequest, clientAddress: string): Promise<KeyCreation> {
    const created = this.createdByAddress.get(clientAddress) ?? 0;
    const allowance = { limit: 3, used: created, reset: nextMonthStart(this.now()) };
    const email = request.email.trim().toLowerCase();
    if (created >= 3) return { ok: false, status: 429, message: 'too many new keys from this address today', allowance, retryAfterSeconds: 60 };
    if (this.emails.has(email)) return { ok: false, status: 409, message: 'that email already has an active free key', allowance };
    const key = `tcg_${randomBytes(16).toString('base64url')}`;
    this.emails.set(email, key);
    this.used.set(key, 0);
    this.createdByAddress.set(clientAddress, created + 1);
    return {
      ok: true,
      created: { key, tier: 'free', monthly_limit: this.monthlyLimit, try_it: `curl -H 'Authorization: Bearer ${key}' http://localhost/v1/sets` },
      allowance: { ...allowance, used: created + 1 },
    };
  }
}
