import { randomBytes } from 'node:crypto';
import type { AccessControl, AccessDecision, KeyCreation, KeyRequest } from './accessControl.js';
import type { AccessStore, KeyRecord } from './accessStore.js';
import { dailyKeyAllowance, dayOf, KEYS_PER_ADDRESS_PER_DAY, normalizeAddress, oldestCountedDay } from './dailyKeyAllowance.js';
import { normalizeEmail } from './email.js';
import { displayPrefix, generateKey, hashKey, isWellFormedKey } from './keyFormat.js';
import { AccessTokens } from './accessTokens.js';
import type { PresentedKey } from './presentedKey.js';
import { MESSAGES } from './messages.js';
import type { Allowance } from './allowance.js';
import { FREE_MONTHLY_LIMIT, monthlyAllowance, monthOf, secondsUntil, unkeyedAllowance } from './monthlyQuota.js';

export const FREE_TIER = 'free';
/** The name the store keeps the generated OAuth secret under. */
const GENERATED_SECRET = 'generated';

export interface AccessServiceOptions {
  /** Where `try_it` sends its request. */
  publicBaseUrl: string;
  now?: () => Date;
  /**
   * OAUTH_SECRET's secrets, which seal OAuth's tokens and grants (the first seals, every one
   * opens); none: the secret kept in the store, made by the first instance that needed it.
   */
  tokenSecrets?: readonly string[];
}

const isoOf = (unixSeconds: number) => new Date(unixSeconds * 1000).toISOString().replace('.000Z', 'Z');

/** Keys and quotas: the rules of docs/reference.md ("Keys", "Quotas") over an AccessStore. */
export class AccessService implements AccessControl {
  private readonly now: () => Date;
  private keyring: Promise<AccessTokens> | undefined;

  constructor(private readonly store: AccessStore, private readonly options: AccessServiceOptions) {
    this.now = options.now ?? (() => new Date());
  }

  /** The secrets OAuth seals with: OAUTH_SECRET's, or the one in the store (read once; again after a failed read). */
  tokens(): Promise<AccessTokens> {
    this.keyring ??= this.loadKeyring().catch((error: unknown) => {
      this.keyring = undefined;
      throw error;
    });
    return this.keyring;
  }

  private async loadKeyring(): Promise<AccessTokens> {
    const configured = this.options.tokenSecrets ?? [];
    const secrets = configured.length > 0 ? configured : [await this.store.oauthSecret(GENERATED_SECRET, randomBytes(32).toString('base64url'))];
    return new AccessTokens(secrets, this.now);
  }

  /** The hash of the key presented, or of the key an access token stands for; null for a token that is not (or no longer) one, its grant ended included. */
  private async keyHashOf(presented: PresentedKey & { kind: 'key' | 'token' }): Promise<string | null> {
    if (presented.kind === 'key') return presented.keyHash;
    const token = (await this.tokens()).openAccessToken(presented.token);
    return token === null || await this.store.isGrantRevoked(token.grantId) ? null : token.keyHash;
  }

  async activeKeyHash(key: string): Promise<string | null> {
    if (!isWellFormedKey(key)) return null;
    const keyHash = hashKey(key);
    return await this.isActiveKeyHash(keyHash) ? keyHash : null;
  }

  spendGrant(grantId: string, expiresAt: number): Promise<boolean> {
    return this.store.spendGrant(grantId, expiresAt, this.nowSeconds());
  }

  endGrant(grantId: string, expiresAt: number): Promise<void> {
    return this.store.revokeGrant(grantId, expiresAt, this.nowSeconds());
  }

  isGrantEnded(grantId: string): Promise<boolean> {
    return this.store.isGrantRevoked(grantId);
  }

  async isActiveKeyHash(keyHash: string): Promise<boolean> {
    const key = await this.store.findKeyByHash(keyHash);
    return key !== null && key.revokedAt === null;
  }

  /**
   * A keyed request, top to bottom: the key presented (read and hashed once, by the edge), the key
   * it is or an access token stands for, the key's record and this request counted against its
   * month (AccessStore.admitRequest), then the verdict. 401 before 429; nothing counted on a refusal.
   */
  async authorizeAndCount(presented: PresentedKey): Promise<AccessDecision> {
    const now = this.now();
    if (presented.kind === 'missing') return unauthorized('missing_key', MESSAGES.keyMissing, now);
    if (presented.kind === 'malformed') return unauthorized('malformed_key', MESSAGES.keyMalformed, now);
    const keyHash = await this.keyHashOf(presented);
    if (keyHash === null) return unauthorized('invalid_key', MESSAGES.keyInvalid, now);
    const month = monthOf(now);
    const admitted = await this.store.admitRequest(keyHash, month);
    if (!admitted || admitted.key.revokedAt !== null) return unauthorized('invalid_key', MESSAGES.keyInvalid, now);

    const { key, used } = admitted;
    const keyPrefix = prefixOf(presented, key);
    if (used !== null) return { allowed: true, keyId: key.id, keyPrefix, allowance: monthlyAllowance(key.monthlyLimit, used, now) };
    return quotaSpent(key, keyPrefix, await this.store.usage(key.id, month), now);
  }

  async authorize(presented: PresentedKey): Promise<AccessDecision> {
    const now = this.now();
    if (presented.kind === 'missing') return unauthorized('missing_key', MESSAGES.keyMissing, now);
    if (presented.kind === 'malformed') return unauthorized('malformed_key', MESSAGES.keyMalformed, now);
    const keyHash = await this.keyHashOf(presented);
    const key = keyHash === null ? null : await this.store.findKeyByHash(keyHash);
    if (!key || key.revokedAt !== null) return unauthorized('invalid_key', MESSAGES.keyInvalid, now);
    const keyPrefix = prefixOf(presented, key);
    const used = await this.store.usage(key.id, monthOf(now));
    if (key.monthlyLimit === null || used < key.monthlyLimit) {
      return { allowed: true, keyId: key.id, keyPrefix, allowance: monthlyAllowance(key.monthlyLimit, used, now) };
    }
    return quotaSpent(key, keyPrefix, used, now);
  }

  /** The request is a KeyRequest the edge has validated (KeyRequestBody: an email address, a short source). */
  async createKey(request: KeyRequest, clientAddress: string): Promise<KeyCreation> {
    const now = this.now();
    const address = normalizeAddress(clientAddress);
    const email = normalizeEmail(request.email);

    const key = generateKey();
    const day = dayOf(now);
    const inserted = await this.store.insertKey({
      keyHash: hashKey(key), prefix: displayPrefix(key), email, source: request.source ?? null,
      tier: FREE_TIER, monthlyLimit: FREE_MONTHLY_LIMIT, createdAt: now.toISOString(),
    }, { address, day, limit: KEYS_PER_ADDRESS_PER_DAY, keepFrom: oldestCountedDay(now) });
    const allowance = dailyKeyAllowance(inserted.createdToday, now);

    switch (inserted.outcome) {
      case 'created':
        return {
          ok: true, allowance,
          created: { key, tier: FREE_TIER, monthly_limit: FREE_MONTHLY_LIMIT, try_it: this.tryIt(key) },
        };
      case 'email-taken':
        return { ok: false, status: 409, code: 'email_in_use', message: MESSAGES.emailTaken, allowance };
      case 'address-limit':
        return {
          ok: false, status: 429, code: 'key_limit_reached', allowance,
          message: MESSAGES.addressLimit(KEYS_PER_ADDRESS_PER_DAY, isoOf(allowance.reset)),
          retryAfterSeconds: secondsUntil(allowance.reset, now),
        };
    }
  }

  /** The caller address's key allowance today, for responses of POST /v1/keys that create nothing. */
  async keyCreationAllowance(clientAddress: string): Promise<Allowance> {
    const now = this.now();
    return dailyKeyAllowance(await this.store.keysCreatedBy(normalizeAddress(clientAddress), dayOf(now)), now);
  }

  async isValidKey(presented: PresentedKey): Promise<boolean> {
    if (presented.kind === 'missing' || presented.kind === 'malformed') return false;
    const keyHash = await this.keyHashOf(presented);
    return keyHash !== null && this.isActiveKeyHash(keyHash);
  }

  private nowSeconds(): number {
    return Math.floor(this.now().getTime() / 1000);
  }

  ping(): Promise<boolean> {
    return this.store.ping();
  }

  private tryIt(key: string): string {
    return `curl -H "Authorization: Bearer ${key}" "${this.options.publicBaseUrl}/v1/cards?q=pikachu&limit=5"`;
  }
}

/** A token's key is named by the prefix stored with it: nothing of the token goes into a log. */
function prefixOf(presented: PresentedKey & { kind: 'key' | 'token' }, key: KeyRecord): string {
  return presented.kind === 'key' ? presented.prefix : key.prefix;
}

function quotaSpent(key: KeyRecord, keyPrefix: string, used: number, now: Date): AccessDecision {
  const allowance = monthlyAllowance(key.monthlyLimit, used, now);
  return {
    allowed: false, status: 429, code: 'quota_exceeded', allowance, keyPrefix,
    message: MESSAGES.quotaSpent(allowance.limit, isoOf(allowance.reset)),
    retryAfterSeconds: secondsUntil(allowance.reset, now),
  };
}

function unauthorized(code: 'missing_key' | 'malformed_key' | 'invalid_key', message: string, now: Date): AccessDecision {
  return { allowed: false, status: 401, code, message, allowance: unkeyedAllowance(now) };
}
