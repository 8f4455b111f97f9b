import type Database from 'better-sqlite3';
import type {
  AccessStore, Admission, AddressLimit, KeyInsertion, KeyRecord, KeySelector, KeyUsage, NewKey, Reservation,
} from '../../access/accessStore.js';
import { ACCESS_MIGRATIONS } from './accessMigrations.js';
import { migrate } from './migrations.js';
import { answers, openDatabase } from './openDatabase.js';
import { WatchedFile } from './watchedFile.js';

interface KeyRow {
  id: number;
  key_prefix: string;
  email: string;
  tier: string;
  monthly_limit: number | null;
  created_at: string;
  revoked_at: string | null;
}

const KEY_COLUMNS = 'id, key_prefix, email, tier, monthly_limit, created_at, revoked_at';

/** The statements of both connections. */
function prepareStatements(db: Database.Database, durable: Database.Database) {
  return {
    keyByHash: db.prepare<[string], KeyRow>(`SELECT ${KEY_COLUMNS} FROM api_keys WHERE key_hash = ?`),
    // The whole quota check is this one statement: the month's row is created at the block's
    // size, or raised by it only while below the limit (the block cut to what is left), so
    // concurrent callers can never pass the limit. Both SET expressions read the old row.
    reserve: db.prepare<{ id: number; month: string; limit: number | null; wanted: number }, Reservation>(`
      INSERT INTO key_usage (key_id, month, used, granted)
      SELECT @id, @month, size, size FROM (SELECT CASE WHEN @limit IS NULL THEN @wanted ELSE min(@wanted, @limit) END AS size) WHERE size > 0
      ON CONFLICT (key_id, month) DO UPDATE
        SET used = used + min(@wanted, coalesce(@limit - used, @wanted)), granted = min(@wanted, coalesce(@limit - used, @wanted))
        WHERE @limit IS NULL OR used < @limit
      RETURNING used, granted`),
    release: db.prepare<{ id: number; month: string; count: number }>(
      'UPDATE key_usage SET used = max(0, used - @count) WHERE key_id = @id AND month = @month'),
    usage: db.prepare<[number, string], { used: number }>('SELECT used FROM key_usage WHERE key_id = ? AND month = ?'),
    createdBy: db.prepare<[string, string], { created: number }>(
      'SELECT created FROM key_creations WHERE address = ? AND day = ?'),
    // Read before every answer from the key cache: prepared once (db.pragma() prepares each call).
    dataVersion: db.prepare<[], number>('PRAGMA data_version').pluck(),
    keysVersion: db.prepare<[], { value: number }>(`SELECT value FROM access_meta WHERE key = 'keys_version'`),
    list: db.prepare<[string], KeyRow & { used: number }>(`
      SELECT ${KEY_COLUMNS.split(', ').map((c) => `k.${c}`).join(', ')}, coalesce(u.used, 0) AS used
      FROM api_keys k LEFT JOIN key_usage u ON u.key_id = k.id AND u.month = ?
      ORDER BY k.id`),

    createdByForUpdate: durable.prepare<[string, string], { created: number }>(
      'SELECT created FROM key_creations WHERE address = ? AND day = ?'),
    activeFreeKey: durable.prepare<[string], { id: number }>(
      `SELECT id FROM api_keys WHERE email = ? AND tier = 'free' AND revoked_at IS NULL`),
    insertKey: durable.prepare<NewKey, { id: number }>(`
      INSERT INTO api_keys (key_hash, key_prefix, email, source, tier, monthly_limit, created_at)
      VALUES (@keyHash, @prefix, @email, @source, @tier, @monthlyLimit, @createdAt) RETURNING id`),
    countCreation: durable.prepare<[string, string], { created: number }>(`
      INSERT INTO key_creations (address, day, created) VALUES (?, ?, 1)
      ON CONFLICT (address, day) DO UPDATE SET created = created + 1 RETURNING created`),
    purgeCreations: durable.prepare<[string]>('DELETE FROM key_creations WHERE day < ?'),
    purgeSpentGrants: durable.prepare<[number]>('DELETE FROM oauth_spent_grants WHERE expires_at <= ?'),
    spendGrant: durable.prepare<[string, number], { grant_id: string }>(
      'INSERT INTO oauth_spent_grants (grant_id, expires_at) VALUES (?, ?) ON CONFLICT (grant_id) DO NOTHING RETURNING grant_id'),
    grantRevoked: db.prepare<[string], { found: number }>('SELECT 1 AS found FROM oauth_revoked_grants WHERE grant_id = ?'),
    purgeRevokedGrants: durable.prepare<[number]>('DELETE FROM oauth_revoked_grants WHERE expires_at <= ?'),
    revokeGrant: durable.prepare<[string, number]>(
      'INSERT INTO oauth_revoked_grants (grant_id, expires_at) VALUES (?, ?) ON CONFLICT (grant_id) DO NOTHING'),
    keepSecret: durable.prepare<[string, string]>('INSERT INTO oauth_secrets (name, secret) VALUES (?, ?) ON CONFLICT (name) DO NOTHING'),
    secret: durable.prepare<[string], { secret: string }>('SELECT secret FROM oauth_secrets WHERE name = ?'),
    bumpKeysVersion: durable.prepare(`UPDATE access_meta SET value = value + 1 WHERE key = 'keys_version'`),
    revokeByEmail: durable.prepare<[string, string], KeyRow>(
      `UPDATE api_keys SET revoked_at = ? WHERE email = ? AND revoked_at IS NULL RETURNING ${KEY_COLUMNS}`),
    revokeByPrefix: durable.prepare<[string, string], KeyRow>(
      `UPDATE api_keys SET revoked_at = ? WHERE key_prefix = ? AND revoked_at IS NULL RETURNING ${KEY_COLUMNS}`),
    revokeByHash: durable.prepare<[string, string], KeyRow>(
      `UPDATE api_keys SET revoked_at = ? WHERE key_hash = ? AND revoked_at IS NULL RETURNING ${KEY_COLUMNS}`),
  };
}

interface Connections {
  db: Database.Database;
  durable: Database.Database;
  statements: ReturnType<typeof prepareStatements>;
  /**
   * Which opening of the file these are: part of the keys' version, so that a file put in place of
   * another (a restored backup) never passes for the one whose key records a cache holds, whatever
   * version number it carries.
   */
  opening: number;
  /** The keys' version last read, and the count connection's data_version then (it changes when another connection commits). */
  seenVersion?: { dataVersion: number; version: string };
}

let openings = 0;

function connect(file: string, mustExist: boolean): Connections {
  const durable = openDatabase(file, { mustExist });
  try {
    durable.pragma('synchronous = FULL');
    migrate(durable, 'access_migrations', ACCESS_MIGRATIONS);
    const db = file === ':memory:' ? durable : openDatabase(file, { mustExist: true });
    return { db, durable, statements: prepareStatements(db, durable), opening: (openings += 1) };
  } catch (error) {
    durable.close();
    throw error;
  }
}

function disconnect({ db, durable }: Connections): void {
  if (db !== durable) db.close();
  durable.close();
}

/**
 * Keys and usage in their own SQLite file, so they never wait on a catalog import's long write
 * transaction. Two connections: key creation and revocation commit with synchronous=FULL (a 201
 * survives a power cut, not only a crash); quota reservations commit with NORMAL, which in WAL
 * mode survives a crash of the process but may lose its last reservations on a power cut.
 * Should the file leave its path (deleted, moved, replaced), calls fail as unavailable until a
 * file is there again, which is then opened (WatchedFile); key writes check the path first.
 */
export class SqliteAccessStore implements AccessStore {
  private readonly connections: WatchedFile<Connections>;
  /** The day before which expired per-address counters were last deleted. */
  private purgedBefore: string | undefined;

  constructor(file: string) {
    this.connections = new WatchedFile(file, (mustExist) => connect(file, mustExist), disconnect);
  }

  private get statements(): Connections['statements'] {
    return this.connections.get().statements;
  }

  async findKeyByHash(keyHash: string): Promise<KeyRecord | null> {
    const row = this.statements.keyByHash.get(keyHash);
    return row ? toRecord(row) : null;
  }

  async admitRequest(keyHash: string, month: string): Promise<Admission | null> {
    // Synchronous, so nothing can run between the lookup and the count.
    const row = this.statements.keyByHash.get(keyHash);
    if (!row) return null;
    const key = toRecord(row);
    return { key, used: key.revokedAt === null ? await this.countRequest(key.id, month, key.monthlyLimit) : null };
  }

  async countRequest(keyId: string, month: string, monthlyLimit: number | null): Promise<number | null> {
    return (await this.reserveRequests(keyId, month, monthlyLimit, 1))?.used ?? null;
  }

  async reserveRequests(keyId: string, month: string, monthlyLimit: number | null, wanted: number): Promise<Reservation | null> {
    return this.statements.reserve.get({ id: Number(keyId), month, limit: monthlyLimit, wanted }) ?? null;
  }

  async releaseRequests(keyId: string, month: string, count: number): Promise<void> {
    this.statements.release.run({ id: Number(keyId), month, count });
  }

  async usage(keyId: string, month: string): Promise<number> {
    return this.statements.usage.get(Number(keyId), month)?.used ?? 0;
  }

  async insertKey(key: NewKey, addressLimit?: AddressLimit): Promise<KeyInsertion> {
    const connections = this.connections.checked();
    const s = connections.statements;
    // IMMEDIATE: the write lock is taken first, so the checks below hold until the commit,
    // whichever process (another server, the CLI) writes at the same time.
    const purge = addressLimit && addressLimit.keepFrom !== this.purgedBefore ? addressLimit.keepFrom : undefined;
    const inserted = connections.durable.transaction((): KeyInsertion => {
      // Once a day per store (the first key of the day): expired counters go, in this transaction.
      if (purge !== undefined) s.purgeCreations.run(purge);
      const createdToday = addressLimit ? s.createdByForUpdate.get(addressLimit.address, addressLimit.day)?.created ?? 0 : 0;
      if (addressLimit && createdToday >= addressLimit.limit) return { outcome: 'address-limit', createdToday };
      if (key.tier === 'free' && s.activeFreeKey.get(key.email)) return { outcome: 'email-taken', createdToday };
      const { id } = s.insertKey.get(key)!;
      s.bumpKeysVersion.run();
      const counted = addressLimit ? s.countCreation.get(addressLimit.address, addressLimit.day)!.created : 0;
      return { outcome: 'created', id: String(id), createdToday: counted };
    }).immediate();
    connections.seenVersion = undefined;
    if (purge !== undefined) this.purgedBefore = purge;
    return inserted;
  }

  async keysCreatedBy(address: string, day: string): Promise<number> {
    return this.statements.createdBy.get(address, day)?.created ?? 0;
  }

  async revokeKeys(selector: KeySelector, revokedAt: string): Promise<KeyRecord[]> {
    const connections = this.connections.checked();
    const s = connections.statements;
    const rows = connections.durable.transaction(() => {
      const revoked = 'email' in selector ? s.revokeByEmail.all(revokedAt, selector.email)
        : 'prefix' in selector ? s.revokeByPrefix.all(revokedAt, selector.prefix)
          : s.revokeByHash.all(revokedAt, selector.keyHash);
      if (revoked.length > 0) s.bumpKeysVersion.run();
      return revoked;
    }).immediate();
    // With ':memory:' both connections are one, whose own commits leave its data_version alone.
    connections.seenVersion = undefined;
    return rows.map(toRecord);
  }

  /** Reads the version row only when another connection (this store's other one, another process) committed since. */
  async keysVersion(): Promise<string> {
    const connections = this.connections.get();
    const dataVersion = connections.statements.dataVersion.get() as number;
    if (connections.seenVersion?.dataVersion !== dataVersion) {
      const value = connections.statements.keysVersion.get()?.value ?? 0;
      connections.seenVersion = { dataVersion, version: `${connections.opening}:${value}` };
    }
    return connections.seenVersion.version;
  }

  async spendGrant(grantId: string, expiresAt: number, nowSeconds: number): Promise<boolean> {
    const { statements } = this.connections.get();
    statements.purgeSpentGrants.run(nowSeconds);
    return statements.spendGrant.get(grantId, expiresAt) !== undefined;
  }

  async revokeGrant(grantId: string, expiresAt: number, nowSeconds: number): Promise<void> {
    const connections = this.connections.get();
    const s = connections.statements;
    connections.durable.transaction(() => {
      s.purgeRevokedGrants.run(nowSeconds);
      s.revokeGrant.run(grantId, expiresAt);
      s.bumpKeysVersion.run();
    }).immediate();
    connections.seenVersion = undefined;
  }

  async isGrantRevoked(grantId: string): Promise<boolean> {
    return this.statements.grantRevoked.get(grantId) !== undefined;
  }

  async oauthSecret(name: string, candidate: string): Promise<string> {
    const s = this.statements;
    s.keepSecret.run(name, candidate);
    return s.secret.get(name)!.secret;
  }

  async listKeys(month: string): Promise<KeyUsage[]> {
    return this.statements.list.all(month).map((row) => ({ ...toRecord(row), used: row.used }));
  }

  async ping(): Promise<boolean> {
    try {
      return answers(this.connections.get().db);
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    this.connections.close();
  }
}

function toRecord(row: KeyRow): KeyRecord {
  return {
    id: String(row.id), prefix: row.key_prefix, email: row.email, tier: row.tier,
    monthlyLimit: row.monthly_limit, createdAt: row.created_at, revokedAt: row.revoked_at,
  };
}
