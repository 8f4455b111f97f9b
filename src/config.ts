/** The service's settings, read from the environment once and checked, failing fast with a clear message. */
export interface Config {
  port: number;
  host: string;
  databaseUrl: string;
  publicBaseUrl: string;
  trustProxy: boolean;
  logLevel: LogLevel;
  /** Where Prometheus metrics are served, on a listener of their own; null (the default) serves none. */
  metrics: { port: number; host: string } | null;
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
  const trust = (env.TRUST_PROXY ?? 'false').toLowerCase();
  if (!['true', 'false', ''].includes(trust)) throw new ConfigError('TRUST_PROXY must be true or false');
  const publicBaseUrl = (env.PUBLIC_BASE_URL || `http://${host.includes(':') ? `[${host}]` : host}:${port}`).replace(/\/+$/, '');
  try {
    new URL(publicBaseUrl);
  } catch {
    throw new ConfigError(`PUBLIC_BASE_URL must be an absolute URL, got "${publicBaseUrl}"`);
  }
  const logLevel = (env.LOG_LEVEL || 'info') as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${env.LOG_LEVEL}"`);
  return { port, host, databaseUrl, publicBaseUrl, trustProxy: trust === 'true', logLevel, metrics: metricsListener(env, port) };
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
