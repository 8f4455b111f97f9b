/** Versioned schema of the access database (keys and usage); each entry runs once, in order. */
export const ACCESS_MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE api_keys (
    id            INTEGER PRIMARY KEY,
    key_hash      TEXT NOT NULL UNIQUE,   -- SHA-256 of the key, hex; the key itself is never stored
    key_prefix    TEXT NOT NULL,          -- the first characters, to name the key to an operator
    email         TEXT NOT NULL,          -- trimmed, lower case
    source        TEXT,
    tier          TEXT NOT NULL,
    monthly_limit INTEGER,                -- NULL: unlimited
    created_at    TEXT NOT NULL,
    revoked_at    TEXT
  );
  -- One active free key per email, enforced by the database as well as checked before inserting.
  CREATE UNIQUE INDEX api_keys_one_active_free_key ON api_keys (email) WHERE tier = 'free' AND revoked_at IS NULL;
  CREATE INDEX api_keys_by_prefix ON api_keys (key_prefix);

  CREATE TABLE key_usage (
    key_id INTEGER NOT NULL REFERENCES api_keys (id),
    month  TEXT NOT NULL,                 -- YYYY-MM, UTC
    used   INTEGER NOT NULL,
    PRIMARY KEY (key_id, month)
  ) WITHOUT ROWID;

  CREATE TABLE key_creations (
    address TEXT NOT NULL,                -- client address
    day     TEXT NOT NULL,                -- YYYY-MM-DD, UTC
    created INTEGER NOT NULL,
    PRIMARY KEY (address, day)
  ) WITHOUT ROWID;
  `,
  // The keys' version: raised in the transaction of every key creation and revocation, so a cache
  // of key records (CachedAccessStore) sees another process's change by reading one row.
  `
  CREATE TABLE access_meta (
    key   TEXT PRIMARY KEY,
    value INTEGER NOT NULL
  ) WITHOUT ROWID;
  INSERT INTO access_meta (key, value) VALUES ('keys_version', 1);
  `,
  // Quota is reserved in blocks (ReservedQuota): `granted` is the size of the block the row's
  // last increment granted, written in the same statement so the caller learns its numbers.
  `
  ALTER TABLE key_usage ADD COLUMN granted INTEGER NOT NULL DEFAULT 0;
  `,
  // OAuth's single-use grants (codes, refresh tokens) once used, until they expire (spendGrant).
  `
  CREATE TABLE oauth_spent_grants (
    grant_id   TEXT PRIMARY KEY,
    expires_at INTEGER NOT NULL            -- unix seconds
  ) WITHOUT ROWID;
  CREATE INDEX oauth_spent_grants_by_expiry ON oauth_spent_grants (expires_at);
  `,
  // OAuth grants ended before their time (a replayed code, a reused refresh token, a revocation),
  // until every token of them expired (revokeGrant); and the secret that seals OAuth's grants when
  // OAUTH_SECRET is not set, made by the first instance that needed one (oauthSecret).
  `
  CREATE TABLE oauth_revoked_grants (
    grant_id   TEXT PRIMARY KEY,
    expires_at INTEGER NOT NULL             -- unix seconds
  ) WITHOUT ROWID;
  CREATE INDEX oauth_revoked_grants_by_expiry ON oauth_revoked_grants (expires_at);
  CREATE TABLE oauth_secrets (
    name   TEXT PRIMARY KEY,
    secret TEXT NOT NULL
  ) WITHOUT ROWID;
  `,
];
