/**
 * Versioned schema of keys and usage in PostgreSQL; each entry runs once, in order, in a
 * transaction, recorded in `access_migrations` (apart from `catalog_migrations`). These tables are
 * not the catalog's: an import never reads or writes them.
 */
export const ACCESS_MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE api_keys (
    id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    key_hash      text NOT NULL UNIQUE,   -- SHA-256 of the key, hex; the key itself is never stored
    key_prefix    text NOT NULL,          -- the first characters, to name the key to an operator
    email         text NOT NULL,          -- trimmed, lower case
    source        text,
    tier          text NOT NULL,
    monthly_limit integer,                -- NULL: unlimited
    created_at    timestamptz NOT NULL,
    revoked_at    timestamptz
  );
  -- One active free key per email: two instances inserting the same email at once get one row;
  -- the other insert waits for the first to commit, then finds the conflict.
  CREATE UNIQUE INDEX api_keys_one_active_free_key ON api_keys (lower(btrim(email)))
    WHERE tier = 'free' AND revoked_at IS NULL;
  CREATE INDEX api_keys_by_prefix ON api_keys (key_prefix);
  CREATE INDEX api_keys_by_email ON api_keys (email);

  CREATE TABLE key_usage (
    key_id bigint NOT NULL REFERENCES api_keys (id),
    month  text NOT NULL,                 -- YYYY-MM, UTC
    used   integer NOT NULL,
    PRIMARY KEY (key_id, month)
  );

  CREATE TABLE key_creations (
    address text NOT NULL,                -- client address
    day     text NOT NULL,                -- YYYY-MM-DD, UTC
    created integer NOT NULL,
    PRIMARY KEY (address, day)
  );
  `,
  // The keys' version: raised in the transaction of every key creation and revocation, so a cache
  // of key records (CachedAccessStore) on every instance sees the change by reading one row.
  `
  CREATE TABLE access_meta (
    key   text PRIMARY KEY,
    value bigint NOT NULL
  );
  INSERT INTO access_meta (key, value) VALUES ('keys_version', 1);
  `,
  // Quota is reserved in blocks (ReservedQuota): `granted` is the size of the block the row's
  // last increment granted, written in the same statement so the caller learns its numbers.
  `
  ALTER TABLE key_usage ADD COLUMN granted integer NOT NULL DEFAULT 0;
  `,
  // OAuth's single-use grants (codes, refresh tokens) once used, until they expire (spendGrant).
  `
  CREATE TABLE oauth_spent_grants (
    grant_id   text PRIMARY KEY,
    expires_at bigint NOT NULL             -- unix seconds
  );
  CREATE INDEX oauth_spent_grants_by_expiry ON oauth_spent_grants (expires_at);
  `,
  // OAuth grants ended before their time (a replayed code, a reused refresh token, a revocation),
  // until every token of them expired (revokeGrant); and the secret that seals OAuth's grants when
  // OAUTH_SECRET is not set, made by the first instance that needed one (oauthSecret).
  `
  CREATE TABLE oauth_revoked_grants (
    grant_id   text PRIMARY KEY,
    expires_at bigint NOT NULL            -- unix seconds
  );
  CREATE INDEX oauth_revoked_grants_by_expiry ON oauth_revoked_grants (expires_at);
  CREATE TABLE oauth_secrets (
    name   text PRIMARY KEY,
    secret text NOT NULL
  );
  `,
];
