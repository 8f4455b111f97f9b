import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * OAuth access tokens bound to a key, and the sealing that OAuth's other grants (codes, refresh
 * tokens, client ids) use. Stateless: a token is the key's hash, its grant and an expiry sealed with
 * AES-256-GCM under the service's secret, so any instance holding the secret reads it without a
 * lookup of its own. It dies with its key because every use goes through the key's own check
 * (AccessService: the same lookup, cache and revocation as a key sent as it is), with its grant
 * (AccessStore.revokeGrant), and with its expiry. The key's hash is inside the seal, never readable.
 *
 * Several secrets may be held: the first seals, every one opens. A seal starts with its secret's
 * key id (derived from the secret, so nothing else is configured), which picks the secret that
 * opens it; so a new secret is put first and the old one kept until what it sealed has expired.
 */
export const TOKEN_PREFIX = 'tcgo_';
/** How long an access token lives. */
export const ACCESS_TOKEN_SECONDS = 3600;
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Characters of the key id a seal starts with (6 bytes, base64url). */
const KID_LENGTH = 8;

/** What a sealed grant holds: its kind (so one kind never passes for another), expiry in unix seconds, and its own fields. */
export interface Sealed {
  kind: string;
  exp: number;
  [field: string]: unknown;
}

export interface AccessTokenContent {
  keyHash: string;
  /** The sign-in it came from (AccessStore.revokeGrant ends it). */
  grantId: string;
  /** The digest of the client id it was issued to. */
  client: string;
  exp: number;
}

/** The length of a seal of `plainBytes` bytes of JSON: what a field that carries one must allow. */
export function sealedLength(plainBytes: number): number {
  return KID_LENGTH + Math.ceil((IV_BYTES + TAG_BYTES + plainBytes) * 4 / 3);
}

/** A secret's sealing key and its id. */
interface SealingKey {
  kid: string;
  key: Buffer;
}

function sealingKey(secret: string | Buffer): SealingKey {
  const kid = Buffer.from(hkdfSync('sha256', secret, 'tcg-catalog', 'oauth key id v1', 6)).toString('base64url');
  return { kid, key: Buffer.from(hkdfSync('sha256', secret, 'tcg-catalog', 'oauth grants v1', 32)) };
}

export class AccessTokens {
  private readonly sealing: SealingKey;
  private readonly opening: Map<string, Buffer>;

  /** `secrets`: the first seals, every one opens (OAUTH_SECRET's, or the one kept in the store). */
  constructor(secrets: ReadonlyArray<string | Buffer> = [randomBytes(32)], private readonly now: () => Date = () => new Date()) {
    if (secrets.length === 0) throw new Error('AccessTokens needs at least one secret');
    const keys = secrets.map(sealingKey);
    this.sealing = keys[0]!;
    this.opening = new Map(keys.map((k) => [k.kid, k.key]));
  }

  /** The id of the key that seals. */
  get kid(): string {
    return this.sealing.kid;
  }

  /** An access token for the key of this hash, of the grant (the sign-in) `grantId`, issued to the client of digest `client`. */
  issueAccessToken(keyHash: string, grantId: string, client: string): { token: string; expiresIn: number } {
    const token = TOKEN_PREFIX + this.seal({ kind: 'access', exp: this.nowSeconds() + ACCESS_TOKEN_SECONDS, kh: keyHash, gid: grantId, cid: client });
    return { token, expiresIn: ACCESS_TOKEN_SECONDS };
  }

  /** What an unexpired access token of ours holds: the key hash it is bound to and its grant; null for anything else. */
  openAccessToken(token: string): AccessTokenContent | null {
    if (!token.startsWith(TOKEN_PREFIX)) return null;
    const sealed = this.open(token.slice(TOKEN_PREFIX.length), 'access');
    return typeof sealed?.kh === 'string' && typeof sealed.gid === 'string' && typeof sealed.cid === 'string'
      ? { keyHash: sealed.kh, grantId: sealed.gid, client: sealed.cid, exp: sealed.exp } : null;
  }

  /** Seals `content` (text of base64url characters). */
  seal(content: Sealed): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.sealing.key, iv);
    const body = Buffer.concat([cipher.update(JSON.stringify(content), 'utf8'), cipher.final()]);
    return this.sealing.kid + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
  }

  /** What `sealed` holds if one of these secrets sealed it as `kind` and it has not expired; null otherwise. */
  open(sealed: string, kind: string): Sealed | null {
    const key = this.opening.get(sealed.slice(0, KID_LENGTH));
    const text = sealed.slice(KID_LENGTH);
    const bytes = Buffer.from(text, 'base64url');
    if (key === undefined || bytes.length <= IV_BYTES + TAG_BYTES || bytes.toString('base64url') !== text) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      const text = Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
      const content = JSON.parse(text) as Sealed;
      return content.kind === kind && typeof content.exp === 'number' && content.exp > this.nowSeconds() ? content : null;
    } catch {
      return null;
    }
  }

  nowSeconds(): number {
    return Math.floor(this.now().getTime() / 1000);
  }
}
