import proxyAddr from '@fastify/proxy-addr';
import ipaddr from 'ipaddr.js';
import path from 'node:path';
import { DEFAULT_CONNECT_TIMEOUT_MS, DEFAULT_POOL_SIZE, DEFAULT_STATEMENT_TIMEOUT_MS } from './store/postgres/defaults.js';
import { DEFAULT_READ_WORKERS } from './store/sqlite/defaults.js';
import type { StoreOptions } from './store/storeOptions.js';

export type { StoreOptions };

/** The service's settings, read from the environment once and checked, failing fast with a clear message. */
export interface Config {
  port: number;
  host: string;
  databaseUrl: string;
  publicBaseUrl: string;
  /**
   * Whose X-Forwarded-For to believe: nobody (false), everybody (true: the left-most address), or
   * the proxies named by address or CIDR range (the client is the right-most address not in them).
   */
  trustProxy: boolean | string[];
  /** Requests without a valid key one client address may make per minute (0: no limit); see unkeyedThrottle. */
  unkeyedRequestsPerMinute: number;
  /**
   * MCP_ALLOWED_ORIGINS: the browser origins /mcp answers (others get 403); null (the default): every
   * origin, as for REST, since a call carries its own key and no cookie. Requests without Origin always pass.
   */
  mcpAllowedOrigins: string[] | null;
  logLevel: LogLevel;
  /**
   * OAUTH_SECRET: the secrets that seal OAuth's access tokens, refresh tokens, codes and client ids
   * (each at least 32 characters, separated by spaces or commas): the first seals, every one opens,
   * so a new one is put first and the old one removed once its tokens have expired. Empty (the
   * default): the secret kept in the access store, made by the first instance, shared by all.
   */
  oauthSecrets: string[];
  /**
   * OAUTH_CLIENT_METADATA_PRIVATE_ADDRESSES: `true` lets a client's metadata document be fetched
   * from a private or loopback address (a client on the operator's own network); `false` (the
   * default) refuses them, so a client id cannot make the service request its own network.
   */
  oauthClientMetadataPrivateAddresses: boolean;
  /** Where Prometheus metrics are served, on a listener of their own; null (the default) serves none. */
  metrics: { port: number; host: string } | null;
  /** How the stores are opened (openCatalogStore, openAccessStore). */
  store: StoreOptions;
  /**
   * BULK_DIR: where the bulk files are built and served from. By default a directory beside the
   * SQLite file (`var/catalog.db` → `var/catalog.bulk`), or `./var/bulk` with PostgreSQL.
   */
  bulkDir: string;
  /** SYNC_SOURCE and SYNC_EVERY: what the service imports by itself, and how often; null (the default) syncs nothing. */
  sync: { source: string; everyMs: number } | null;
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export class ConfigError extends Error {}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = portOf('PORT', env.PORT) ?? 3000;
  const host = env.HOST || '127.0.0.1';
  const databaseUrl = env.DATABASE_URL || 'file:./var/catalog.db';
  if (!/^(file:|postgres(ql)?:\/\/)/.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must start with file: (SQLite) or postgres:// (PostgreSQL)');
  }
  const trustProxy = readTrustProxy(env.TRUST_PROXY);
  const unkeyedRequestsPerMinute = readUnkeyedRequestsPerMinute(env.UNKEYED_REQUESTS_PER_MINUTE);
  const publicBaseUrl = (env.PUBLIC_BASE_URL || `http://${host.includes(':') ? `[${host}]` : host}:${port}`).replace(/\/+$/, '');
  try {
    new URL(publicBaseUrl);
  } catch {
    throw new ConfigError(`PUBLIC_BASE_URL must be an absolute URL, got "${publicBaseUrl}"`);
  }
  const mcpAllowedOrigins = readAllowedOrigins(env.MCP_ALLOWED_ORIGINS);
  const logLevel = (env.LOG_LEVEL || 'info') as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${env.LOG_LEVEL}"`);
  const metrics = metricsListener(env, port);
  const oauthSecrets = (env.OAUTH_SECRET ?? '').split(/[\s,]+/).filter((secret) => secret !== '');
  if (oauthSecrets.some((secret) => secret.length < 32)) throw new ConfigError('each secret of OAUTH_SECRET must be at least 32 characters');
  const privateAddresses = (env.OAUTH_CLIENT_METADATA_PRIVATE_ADDRESSES || 'false').toLowerCase();
  if (privateAddresses !== 'true' && privateAddresses !== 'false') {
    throw new ConfigError(`OAUTH_CLIENT_METADATA_PRIVATE_ADDRESSES must be true or false, got "${env.OAUTH_CLIENT_METADATA_PRIVATE_ADDRESSES}"`);
  }
  const oauthClientMetadataPrivateAddresses = privateAddresses === 'true';
  return {
    port, host, databaseUrl, publicBaseUrl, trustProxy, unkeyedRequestsPerMinute, mcpAllowedOrigins, logLevel, metrics, oauthSecrets, oauthClientMetadataPrivateAddresses,
    store: storeOptions(env),
    bulkDir: bulkDir(env.BULK_DIR, databaseUrl),
    sync: readSync(env.SYNC_SOURCE, env.SYNC_EVERY),
  };
}

/** The shortest SYNC_EVERY: a sync of the full catalog takes about a minute on a small machine. */
export const MIN_SYNC_EVERY_MS = 10_000;
export const DEFAULT_SYNC_EVERY = '6h';
const DURATION_UNITS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** SYNC_SOURCE (anything `npm run import` takes) and SYNC_EVERY (`10s`, `15m`, `6h`, `1d`; at least 10s; 6h by default). */
export function readSync(source: string | undefined, every: string | undefined): Config['sync'] {
  const named = source?.trim() ?? '';
  const interval = every?.trim() ?? '';
  if (named === '') {
    if (interval !== '') throw new ConfigError('SYNC_EVERY needs SYNC_SOURCE: a TCGdex dump directory, an export of this service or a TCGdex API URL');
    return null;
  }
  const match = /^([1-9][0-9]{0,6})(s|m|h|d)$/.exec(interval || DEFAULT_SYNC_EVERY);
  const everyMs = match ? Number(match[1]) * DURATION_UNITS[match[2]!]! : NaN;
  if (!(everyMs >= MIN_SYNC_EVERY_MS)) {
    throw new ConfigError(`SYNC_EVERY must be a duration of at least 10s, such as 10s, 15m, 6h or 1d; got "${every}"`);
  }
  return { source: named, everyMs };
}

/** BULK_DIR, or the default beside the SQLite file (`./var/bulk` with PostgreSQL). */
export function bulkDir(raw: string | undefined, databaseUrl: string): string {
  if (raw !== undefined && raw.trim() !== '') return raw.trim();
  if (!databaseUrl.startsWith('file:')) return './var/bulk';
  const file = databaseUrl.slice('file:'.length);
  if (file === ':memory:') return './var/bulk';
  const extension = path.extname(file);
  return `${extension ? file.slice(0, -extension.length) : file}.bulk`;
}

/** A port number from 0 (any free port) to 65535; undefined when the variable is unset or empty. */
function portOf(name: string, raw: string | undefined): number | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  const port = Number(raw);
  if (!/^\s*\d+\s*$/.test(raw) || port > 65535) throw new ConfigError(`${name} must be an integer from 0 to 65535, got "${raw}"`);
  return port;
}

/**
 * METRICS_PORT (unset: no metrics) and METRICS_HOST (127.0.0.1 unless told): a listener apart from
 * the public one, so metrics are never served to the clients of the API.
 */
function metricsListener(env: NodeJS.ProcessEnv, publicPort: number): Config['metrics'] {
  const port = portOf('METRICS_PORT', env.METRICS_PORT);
  if (port === undefined) return null;
  if (port !== 0 && port === publicPort) {
    throw new ConfigError(`METRICS_PORT must differ from PORT (${publicPort}): metrics are never served on the public port`);
  }
  const host = env.METRICS_HOST?.trim() || '127.0.0.1';
  if (/[\s/]/.test(host)) throw new ConfigError(`METRICS_HOST must be a host name or an IP address, got "${env.METRICS_HOST}"`);
  return { port, host };
}

const TRUST_PROXY_FORMS = 'TRUST_PROXY must be false, true, or a comma-separated list of the proxies\' addresses and ' +
  'CIDR ranges (e.g. 10.0.0.0/8,127.0.0.1; the names loopback, linklocal and uniquelocal work too)';

/**
 * TRUST_PROXY: `false` (the default), `true`, or the proxies as a list Fastify's trustProxy takes,
 * each entry checked by the parser Fastify itself uses, so a typo stops the start, not the proxy.
 */
export function readTrustProxy(raw: string | undefined): boolean | string[] {
  const text = (raw ?? '').trim();
  if (text === '' || text.toLowerCase() === 'false') return false;
  if (text.toLowerCase() === 'true') return true;
  const entries = text.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    if (entry === '') throw new ConfigError(`${TRUST_PROXY_FORMS}; got "${text}", which has an empty entry`);
    if (/^\d+$/.test(entry)) {
      throw new ConfigError(`${TRUST_PROXY_FORMS}; "${entry}" looks like a number of hops, which is not supported: name the proxies`);
    }
    if (!isTrustedProxyEntry(entry)) throw new ConfigError(`${TRUST_PROXY_FORMS}; "${entry}" is not an IP address or CIDR range`);
  }
  return entries;
}

/** One proxy as written: an address in its usual form (not ipaddr's `0x7f.1` or `2130706433`) or a range of it, or a name. */
function isTrustedProxyEntry(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const address = entry.split('/')[0]!;
  if (!ipaddr.IPv4.isValidFourPartDecimal(address) && !ipaddr.IPv6.isValid(address)) return false;
  try {
    proxyAddr.compile(entry);
    return true;
  } catch {
    return false;
  }
}

/**
 * MCP_ALLOWED_ORIGINS: origins separated by commas (`https://app.example.com, http://localhost:6274`),
 * each a scheme, a host and an optional port, as a browser sends Origin; unset or empty: every origin.
 */
export function readAllowedOrigins(raw: string | undefined): string[] | null {
  if (raw === undefined || raw.trim() === '') return null;
  return raw.split(',').map((entry) => entry.trim()).filter((entry) => entry !== '').map((entry) => {
    let origin: string | undefined;
    try {
      origin = new URL(entry).origin;
    } catch {
      origin = undefined;
    }
    if (origin === undefined || origin === 'null' || origin !== entry.replace(/\/$/, '').toLowerCase()) {
      throw new ConfigError(`MCP_ALLOWED_ORIGINS must list origins such as https://app.example.com (scheme, host, optional port), got "${entry}"`);
    }
    return origin;
  });
}

/**
 * UNKEYED_REQUESTS_PER_MINUTE's default: far above what a person or a client setting itself up
 * sends without a key (a few requests, a key creation, an MCP handshake), far below a flood.
 */
export const DEFAULT_UNKEYED_REQUESTS_PER_MINUTE = 300;

/** UNKEYED_REQUESTS_PER_MINUTE: an integer from 0 (no limit) to 1,000,000. */
export function readUnkeyedRequestsPerMinute(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return DEFAULT_UNKEYED_REQUESTS_PER_MINUTE;
  const value = Number(raw);
  if (!/^\s*\d+\s*$/.test(raw) || value > 1_000_000) {
    throw new ConfigError(`UNKEYED_REQUESTS_PER_MINUTE must be an integer from 0 (no limit) to 1000000, got "${raw}"`);
  }
  return value;
}

/**
 * CATALOG_CACHE_MB's default: the hot cards, sets and pages of a busy day, small enough that an
 * instance on the full catalog stays modest under cold traffic (docs/deploy.md, what the setting costs).
 */
export const DEFAULT_CATALOG_CACHE_MB = 16;

/**
 * CATALOG_CACHE_MB in bytes: how much of the catalog's answers each instance keeps in memory
 * (default 16; 0 turns the cache off). A number of MB from 0 to 65536, fractions allowed.
 */
function catalogCacheBytes(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return DEFAULT_CATALOG_CACHE_MB * 2 ** 20;
  const mb = Number(raw);
  if (!/^\s*\d+(\.\d+)?\s*$/.test(raw) || !Number.isFinite(mb) || mb > 65536) {
    throw new ConfigError(`CATALOG_CACHE_MB must be a number of megabytes from 0 (no cache) to 65536, got "${raw}"`);
  }
  return Math.floor(mb * 2 ** 20);
}

/**
 * The stores' settings, all checked whichever database DATABASE_URL names, so a typo stops the
 * start even when the setting it breaks would not be used today.
 */
function storeOptions(env: NodeJS.ProcessEnv): StoreOptions {
  return {
    catalogCacheBytes: catalogCacheBytes(env.CATALOG_CACHE_MB),
    sqliteReadWorkers: sqliteReadWorkers(env.SQLITE_READ_WORKERS),
    poolSize: poolSize(env.DATABASE_POOL_SIZE),
    readUrl: readUrl(env.DATABASE_READ_URL),
    connectTimeoutMs: milliseconds('DATABASE_CONNECT_TIMEOUT_MS', env.DATABASE_CONNECT_TIMEOUT_MS, DEFAULT_CONNECT_TIMEOUT_MS),
    statementTimeoutMs: milliseconds('DATABASE_STATEMENT_TIMEOUT_MS', env.DATABASE_STATEMENT_TIMEOUT_MS, DEFAULT_STATEMENT_TIMEOUT_MS),
  };
}

/** SQLITE_READ_WORKERS: an integer from 0 (reads on the main thread) to 64, default DEFAULT_READ_WORKERS. */
function sqliteReadWorkers(raw: string | undefined): number {
  if (raw === undefined || raw === '') return DEFAULT_READ_WORKERS;
  const workers = Number(raw);
  if (!Number.isInteger(workers) || workers < 0 || workers > 64) {
    throw new ConfigError(`SQLITE_READ_WORKERS must be an integer from 0 (reads on the main thread) to 64, got "${raw}"`);
  }
  return workers;
}

/** DATABASE_POOL_SIZE: an integer from 1 to 1000, default 10. */
function poolSize(raw: string | undefined): number {
  if (raw === undefined || raw === '') return DEFAULT_POOL_SIZE;
  const size = Number(raw);
  if (!Number.isInteger(size) || size < 1 || size > 1000) {
    throw new ConfigError(`DATABASE_POOL_SIZE must be an integer from 1 to 1000, got "${raw}"`);
  }
  return size;
}

/** DATABASE_READ_URL: unset, or postgres://… of a replica. */
function readUrl(raw: string | undefined): string | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (!/^postgres(ql)?:\/\//.test(raw)) throw new ConfigError('DATABASE_READ_URL must start with postgres:// (a replica of DATABASE_URL)');
  return raw;
}

/** The PostgreSQL timeouts: milliseconds from 1 to 600000; both end in 503 rather than a hang. */
function milliseconds(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!/^\s*\d+\s*$/.test(raw) || value < 1 || value > 600_000) {
    throw new ConfigError(`${name} must be a number of milliseconds from 1 to 600000, got "${raw}"`);
  }
  return value;
}

/** The stores' settings when the environment gives none (tests and tools that open a throwaway store). */
export const DEFAULT_STORE_OPTIONS: Readonly<StoreOptions> = storeOptions({});
