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
