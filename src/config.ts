/** The service's settings, read from the environment once and checked, failing fast with a clear message. */
export interface Config {
  port: number;
  host: string;
  databaseUrl: string;
  publicBaseUrl: string;
  trustProxy: boolean;
  logLevel: string;
}

export class ConfigError extends Error {}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = env.PORT === undefined || env.PORT === '' ? 3000 : Number(env.PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT must be an integer from 0 to 65535, got "${env.PORT}"`);
  }
  const host = env.HOST || '127.0.0.1';
  const databaseUrl = env.DATABASE_URL || 'file:./var/catalog.db';
  if (!/^(file:|postgres(ql)?:\/\/)/.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must start with file: (SQLite) or postgres:// (PostgreSQL)');
  }
  const trust = (env.TRUST_PROXY ?? 'false').toLowerCase();
  if (!['true', 'false', ''].includes(trust)) throw new ConfigError('TRUST_PROXY must be true or false');
  const publicBaseUrl = (env.PUBLIC_BASE_URL || `http://${host.includes(':') ? `[${host}]` : host}:${port}`).replace(/\/+$/, '');
  try {
    new URL(publicBaseUrl);
  } catch {
    throw new ConfigError(`PUBLIC_BASE_URL must be an absolute URL, got "${publicBaseUrl}"`);
  }
  return { port, host, databaseUrl, publicBaseUrl, trustProxy: trust === 'true', logLevel: env.LOG_LEVEL || 'info' };
}

/** CATALOG_CACHE_MB's default: the hot cards, sets and pages of a busy day, a modest share of a 512 MB instance. */
export const DEFAULT_CATALOG_CACHE_MB = 64;

/**
 * CATALOG_CACHE_MB in bytes: how much of the catalog's answers each instance keeps in memory
 * (default 64; 0 turns the cache off). A number of MB from 0 to 65536, fractions allowed.
 */
export function catalogCacheBytes(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.CATALOG_CACHE_MB;
  if (raw === undefined || raw.trim() === '') return DEFAULT_CATALOG_CACHE_MB * 2 ** 20;
  const mb = Number(raw);
  if (!/^\s*\d+(\.\d+)?\s*$/.test(raw) || !Number.isFinite(mb) || mb > 65536) {
    throw new ConfigError(`CATALOG_CACHE_MB must be a number of megabytes from 0 (no cache) to 65536, got "${raw}"`);
  }
  return Math.floor(mb * 2 ** 20);
}
