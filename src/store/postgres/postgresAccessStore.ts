import type pg from 'pg';
import type {
  AccessStore, Admission, AddressLimit, KeyInsertion, KeyRecord, KeySelector, KeyUsage, NewKey, Reservation,
} from '../../access/accessStore.js';
import { ACCESS_MIGRATIONS } from './accessMigrations.js';
import { migrate } from './migrations.js';
import { createPool, inDurableTransaction, poolAnswers, type PoolSettings } from './pool.js';

export interface PostgresAccessStoreOptions {
  /** postgres://… of the primary. Keys and usage never go to a replica: a count must see every count. */
  databaseUrl: string;
  /** Connections in the pool (DATABASE_POOL_SIZE). */
  poolSize: number;
  /** How long a request waits for a connection and for a statement (see PoolSettings). */
  timeouts?: Pick<PoolSettings, 'connectTimeoutMs' | 'statementTimeoutMs'>;
}

interface KeyRow {
  id: string;
  key_prefix: string;
  email: string;
  tier: string;
  monthly_limit: number | null;
  created_at: Date;
  revoked_at: Date | null;
}

const KEY_COLUMNS = 'id, key_prefix, email, tier, monthly_limit, created_at, revoked_at';

// The whole quota check is one statement: the month's row is created at the block's size, or
// raised by it only while below the limit (the block cut to what is left). ON CONFLICT DO UPDATE
// locks the row and re-checks the WHERE on its newest version, so any number of connections and
// instances together never pass the limit. Both SET expressions read the old row. The key, its
// limit and the size are SQL expressions, so the key's lookup can be part of the same statement.
const reservation = (keyId: string, limit: string, wanted: string) => `
  INSERT INTO key_usage (key_id, month, used, granted)
  SELECT ${keyId}, $2, size, size
  FROM (SELECT CASE WHEN ${limit} IS NULL THEN ${wanted} ELSE least(${wanted}, ${limit}) END AS size) AS block
  WHERE size > 0 AND ${keyId} IS NOT NULL
  ON CONFLICT (key_id, month) DO UPDATE
    SET used = key_usage.used + least(${wanted}, coalesce(${limit} - key_usage.used, ${wanted})),
        granted = least(${wanted}, coalesce(${limit} - key_usage.used, ${wanted}))
  WHERE ${limit} IS NULL OR key_usage.used < ${limit}
  RETURNING used, granted`;
const RESERVE_REQUESTS = reservation('$1::bigint', '$3::integer', '$4::integer');
// A keyed request in one round trip: the key's lookup and, when it is active, its count.
const ADMIT_REQUEST = `
  WITH found AS (SELECT ${KEY_COLUMNS} FROM api_keys WHERE key_hash = $1),
  counted AS (${reservation('(SELECT id FROM found WHERE revoked_at IS NULL)', '(SELECT monthly_limit FROM found)', '1')})
  SELECT found.*, counted.used FROM found LEFT JOIN counted ON true`;
// The address's count for the day, raised by one only while below its limit; the row stays
// locked until the key's transaction ends, so creations from one address queue up.
const COUNT_CREATION = `
  INSERT INTO key_creations (address, day, created)
  SELECT $1, $2, 1 WHERE $3::integer > 0
  ON CONFLICT (address, day) DO UPDATE SET created = key_creations.created + 1
  WHERE key_creations.created < $3::integer
  RETURNING created`;
// A second active free key for the email conflicts on the partial unique index and inserts nothing.
const INSERT_KEY = `
  INSERT INTO api_keys (key_hash, key_prefix, email, source, tier, monthly_limit, created_at)
  VALUES ($1, $2, $3, $4, $5, $6, $7)
  ON CONFLICT (lower(btrim(email))) WHERE tier = 'free' AND revoked_at IS NULL DO NOTHING
  RETURNING id`;
const BUMP_KEYS_VERSION = `UPDATE access_meta SET value = value + 1 WHERE key = 'keys_version'`;
const REVOKE_WHERE: Record<'email' | 'prefix' | 'keyHash', string> = {
  email: 'email = $2', prefix: 'key_prefix = $2', keyHash: 'key_hash = $2',
};

/**
 * Keys and usage in PostgreSQL, on the primary, in tables of their own (`api_keys`, `key_usage`,
 * `key_creations`) that catalog imports never touch. Every instance of the service may share them.
 */
export class PostgresAccessStore implements AccessStore {
  private closed = false;
  /** The day before which expired per-address counters were last deleted. */
  private purgedBefore: string | undefined;

  /** Connects and migrates (under an advisory lock, so instances starting at once wait for each other). */
  static async open(options: PostgresAccessStoreOptions): Promise<PostgresAccessStore> {
    // A request's count commits without waiting for the disk, as SQLite's usage writes do: a crash
    // of the database (not a clean restart) may forget the last fraction of a second of counts.
    // Keys and revocations wait for the disk (SET LOCAL synchronous_commit = on below).
    // Every statement here is short, so all are held to the statement timeout (migrate() lifts it for itself).
    const pool = createPool(options.databaseUrl, options.poolSize, { asynchronousCommit: true, ...options.timeouts });
    try {
      await migrate(pool, 'access_migrations', ACCESS_MIGRATIONS);
    } catch (error) {
      await pool.end();
      throw error;
    }
    return new PostgresAccessStore(pool);
  }

  private constructor(private readonly pool: pg.Pool) {}

  async findKeyByHash(keyHash: string): Promise<KeyRecord | null> {
    const { rows } = await this.pool.query<KeyRow>({
      name: 'access_key_by_hash', text: `SELECT ${KEY_COLUMNS} FROM api_keys WHERE key_hash = $1`, values: [keyHash],
    });
    return rows[0] ? toRecord(rows[0]) : null;
  }

  async admitRequest(keyHash: string, month: string): Promise<Admission | null> {
    const { rows } = await this.pool.query<KeyRow & { used: number | null }>({
      name: 'access_admit_request', text: ADMIT_REQUEST, values: [keyHash, month],
    });
    return rows[0] ? { key: toRecord(rows[0]), used: rows[0].used } : null;
  }

  async countRequest(keyId: string, month: string, monthlyLimit: number | null): Promise<number | null> {
    return (await this.reserveRequests(keyId, month, monthlyLimit, 1))?.used ?? null;
  }

  async reserveRequests(keyId: string, month: string, monthlyLimit: number | null, wanted: number): Promise<Reservation | null> {
    const { rows } = await this.pool.query<Reservation>({
      name: 'access_reserve_requests', text: RESERVE_REQUESTS, values: [keyId, month, monthlyLimit, wanted],
    });
    return rows[0] ?? null;
  }

  async releaseRequests(keyId: string, month: string, count: number): Promise<void> {
    await this.pool.query({
      name: 'access_release_requests',
      text: 'UPDATE key_usage SET used = greatest(0, used - $3::integer) WHERE key_id = $1 AND month = $2',
      values: [keyId, month, count],
    });
  }

  async usage(keyId: string, month: string): Promise<number> {
    const { rows } = await this.pool.query<{ used: number }>({
      name: 'access_usage', text: 'SELECT used FROM key_usage WHERE key_id = $1 AND month = $2', values: [keyId, month],
    });
    return rows[0]?.used ?? 0;
  }

  async insertKey(key: NewKey, addressLimit?: AddressLimit): Promise<KeyInsertion> {
    // Once a day per instance (the first key of the day), on its own: the rows it deletes are of
    // days no instance counts any more, so it holds no lock a key creation waits for.
    if (addressLimit && addressLimit.keepFrom !== this.purgedBefore) {
      await this.pool.query({ name: 'access_purge_creations', text: 'DELETE FROM key_creations WHERE day < $1', values: [addressLimit.keepFrom] });
      this.purgedBefore = addressLimit.keepFrom;
    }
    // A refusal rolls back, so the address's count goes back to what it was; COMMIT after a
    // ROLLBACK is a no-op with a warning, which is fine.
    return inDurableTransaction(this.pool, async (client) => {
      let createdToday = 0;
      if (addressLimit) {
        const { address, day, limit } = addressLimit;
        const counted = await client.query<{ created: number }>(COUNT_CREATION, [address, day, limit]);
        if (counted.rows.length === 0) {
          const now = await client.query<{ created: number }>(
            'SELECT created FROM key_creations WHERE address = $1 AND day = $2', [address, day]);
          await client.query('ROLLBACK');
          return { outcome: 'address-limit', createdToday: now.rows[0]?.created ?? 0 };
        }
        createdToday = counted.rows[0]!.created;
      }
      const inserted = await client.query<{ id: string }>(INSERT_KEY, [
        key.keyHash, key.prefix, key.email, key.source, key.tier, key.monthlyLimit, key.createdAt,
      ]);
      if (inserted.rows.length === 0) {
        await client.query('ROLLBACK');
        return { outcome: 'email-taken', createdToday: addressLimit ? createdToday - 1 : 0 };
      }
      await client.query(BUMP_KEYS_VERSION);
      return { outcome: 'created', id: inserted.rows[0]!.id, createdToday };
    });
  }

  async keysCreatedBy(address: string, day: string): Promise<number> {
    const { rows } = await this.pool.query<{ created: number }>({
      name: 'access_created_by', text: 'SELECT created FROM key_creations WHERE address = $1 AND day = $2', values: [address, day],
    });
    return rows[0]?.created ?? 0;
  }

  async revokeKeys(selector: KeySelector, revokedAt: string): Promise<KeyRecord[]> {
    const [field, value] = 'email' in selector ? ['email', selector.email] as const
      : 'prefix' in selector ? ['prefix', selector.prefix] as const : ['keyHash', selector.keyHash] as const;
    const { rows } = await inDurableTransaction(this.pool, async (client) => {
      const revoked = await client.query<KeyRow>(
        `UPDATE api_keys SET revoked_at = $1 WHERE ${REVOKE_WHERE[field]} AND revoked_at IS NULL RETURNING ${KEY_COLUMNS}`,
        [revokedAt, value]);
      if (revoked.rows.length > 0) await client.query(BUMP_KEYS_VERSION);
      return revoked;
    });
    return rows.map(toRecord).sort((a, b) => Number(a.id) - Number(b.id));
  }

  async listKeys(month: string): Promise<KeyUsage[]> {
    const { rows } = await this.pool.query<KeyRow & { used: number }>(`
      SELECT ${KEY_COLUMNS.split(', ').map((c) => `k.${c}`).join(', ')}, coalesce(u.used, 0) AS used
      FROM api_keys k LEFT JOIN key_usage u ON u.key_id = k.id AND u.month = $1
      ORDER BY k.id`, [month]);
    return rows.map((row) => ({ ...toRecord(row), used: row.used }));
  }

  async keysVersion(): Promise<string> {
    const { rows } = await this.pool.query<{ value: string }>({
      name: 'access_keys_version', text: `SELECT value FROM access_meta WHERE key = 'keys_version'`,
    });
    return rows[0]?.value ?? '0';
  }

  async spendGrant(grantId: string, expiresAt: number, nowSeconds: number): Promise<boolean> {
    await this.pool.query({ name: 'access_purge_spent_grants', text: 'DELETE FROM oauth_spent_grants WHERE expires_at <= $1', values: [nowSeconds] });
    // ON CONFLICT: of two instances spending the same grant at once, exactly one inserts the row.
    const { rows } = await this.pool.query({
      name: 'access_spend_grant',
      text: 'INSERT INTO oauth_spent_grants (grant_id, expires_at) VALUES ($1, $2) ON CONFLICT (grant_id) DO NOTHING RETURNING grant_id',
      values: [grantId, expiresAt],
    });
    return rows.length === 1;
  }

  async revokeGrant(grantId: string, expiresAt: number, nowSeconds: number): Promise<void> {
    await inDurableTransaction(this.pool, async (client) => {
      await client.query('DELETE FROM oauth_revoked_grants WHERE expires_at <= $1', [nowSeconds]);
      await client.query('INSERT INTO oauth_revoked_grants (grant_id, expires_at) VALUES ($1, $2) ON CONFLICT (grant_id) DO NOTHING', [grantId, expiresAt]);
      await client.query(BUMP_KEYS_VERSION);
    });
  }

  async isGrantRevoked(grantId: string): Promise<boolean> {
    const { rows } = await this.pool.query({
      name: 'access_grant_revoked', text: 'SELECT 1 FROM oauth_revoked_grants WHERE grant_id = $1', values: [grantId],
    });
    return rows.length > 0;
  }

  async oauthSecret(name: string, candidate: string): Promise<string> {
    // Of instances storing at once, one inserts; another's statement may start before that commits
    // and then see neither its own row nor the winner's: it reads again.
    for (;;) {
      const { rows } = await this.pool.query<{ secret: string }>(`
        WITH kept AS (INSERT INTO oauth_secrets (name, secret) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING RETURNING secret)
        SELECT secret FROM kept UNION ALL SELECT secret FROM oauth_secrets WHERE name = $1`, [name, candidate]);
      if (rows.length > 0) return rows[0]!.secret;
    }
  }

  ping(): Promise<boolean> {
    return poolAnswers(this.pool);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.pool.end();
  }
}

function toRecord(row: KeyRow): KeyRecord {
  return {
    id: String(row.id), prefix: row.key_prefix, email: row.email, tier: row.tier, monthlyLimit: row.monthly_limit,
    createdAt: row.created_at.toISOString(), revokedAt: row.revoked_at === null ? null : row.revoked_at.toISOString(),
  };
}
