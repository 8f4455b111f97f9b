import type { FastifyInstance } from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { after } from 'node:test';
import os from 'node:os';
import path from 'node:path';
import { AccessService } from '../../src/access/accessService.js';
import type { AccessStore } from '../../src/access/accessStore.js';
import { buildApp } from '../../src/app.js';
import { DEFAULT_STORE_OPTIONS, type StoreOptions } from '../../src/config.js';
import type { ConnectionLimits } from '../../src/edge/connectionLimits.js';
import { seedDemoCatalog } from '../../src/importer/demoCatalog.js';
import type { CatalogStore } from '../../src/catalog/catalogStore.js';
import { AnswerCache } from '../../src/catalog/answers/answerCache.js';
import { CachedAccessStore } from '../../src/access/cachedAccessStore.js';
import { loggerOptions } from '../../src/logger.js';
import { serveMetrics, type MetricsServer } from '../../src/metrics/metricsServer.js';
import { PrometheusMetrics, type CacheCounts } from '../../src/metrics/prometheusMetrics.js';
import { openAccessStore, openCatalogStore } from '../../src/store/open.js';
import type { LogCapture } from './childProcess.js';
import { createTestDatabase, type TestDatabase } from './postgres.js';
import { SEED_CATALOG_DIR } from './seedCatalog.js';
import type { StoreKind } from './stores.js';
import { BulkFiles } from '../../src/bulk/bulkFiles.js';

export const TEST_PUBLIC_BASE_URL = 'https://tcg.example.test';

export interface TestServer {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  baseUrl: string;
  app: FastifyInstance;
  accessStore: AccessStore;
  /**
   * The catalog the server serves, as written by its own process: an import through it drops the
   * server's answers when it commits (as the service's own writes do), not at the next timed check.
   */
  catalogStore: CatalogStore;
  /** The bulk files, in `<dir>/bulk`; refresh() builds the current version's at once. */
  bulk: BulkFiles;
  /** The temporary directory (holding the SQLite files when the store is SQLite). */
  dir: string;
  databaseUrl: string;
  /** With the metrics option: `http://127.0.0.1:<port>/metrics`, their own listener. */
  metricsUrl?: string;
  close(): Promise<void>;
}

export interface TestServerOptions {
  now?: () => Date;
  trustProxy?: boolean | string[];
  /** UNKEYED_REQUESTS_PER_MINUTE; the service's default when absent. */
  unkeyedRequestsPerMinute?: number;
  /** MCP_ALLOWED_ORIGINS; every origin when absent. */
  mcpAllowedOrigins?: string[];
  /** Replaces the catalog store (e.g. one that fails), wrapping the real demo catalog. */
  wrapCatalog?: (store: CatalogStore) => CatalogStore;
  /** Start with the demo catalog `npm start` serves instead of the tests' seed catalog (SEED_CATALOG_DIR). */
  demoCatalog?: boolean;
  /** Serve this existing catalog file instead of a fresh one holding the seed catalog. */
  catalogFile?: string;
  /** SQLite files (the default) or a throwaway PostgreSQL database on 127.0.0.1:5432, dropped by close(). */
  store?: StoreKind;
  /** Another instance on this server's database (its SQLite files or its PostgreSQL database), which its own close() leaves. */
  databaseOf?: TestServer;
  /** The stores connect to the database through what this makes of its URL (a test's relay); `databaseUrl` stays the database's own. */
  reachDatabase?: (databaseUrl: string) => string;
  /** Store settings other than the service's defaults (the pool size is 10 unless given here). */
  storeOptions?: Partial<StoreOptions>;
  /** Shorter waits on slow clients than production's, so a test of them runs in seconds. */
  connectionLimits?: Partial<ConnectionLimits>;
  /** Prometheus metrics as main.ts wires them (the catalog, both caches), served on a port of their own. */
  metrics?: boolean;
  /** The service's log at LOG_LEVEL=info, a line per request included, written to this capture. */
  logs?: LogCapture;
  /**
   * PUBLIC_BASE_URL is the server's own loopback address (a free port found first), so the URLs
   * it publishes (OAuth's metadata, the 401's challenge) lead back to it; TEST_PUBLIC_BASE_URL otherwise.
   */
  ownPublicBaseUrl?: boolean;
  /** OAUTH_SECRET's secrets (the first seals); none: the secret kept in the access store. */
  oauthSecrets?: string[];
  /** OAUTH_CLIENT_METADATA_PRIVATE_ADDRESSES: client metadata documents may be fetched from loopback (the tests' own servers). */
  oauthClientMetadataPrivateAddresses?: boolean;
}

/**
 * The servers' PostgreSQL databases, dropped together once the file's tests are done rather than
 * one by one as each server closes: a DROP DATABASE waits for a checkpoint of the whole server,
 * and drops made together share theirs.
 */
const closedDatabases: TestDatabase[] = [];
after(async () => {
  while (closedDatabases.length > 0) await Promise.all(closedDatabases.splice(0, 8).map((database) => database.drop()));
});

/** A port free on 127.0.0.1 a moment ago. */
async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * The app on a fresh store (SQLite files in a temporary directory, or a throwaway PostgreSQL
 * database) holding the demo catalog, listening on 127.0.0.1 on a free port.
 */
export async function startServer(options: TestServerOptions = {}): Promise<TestServer> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tcg-keys-test-'));
  if (options.store === 'postgres' && options.catalogFile) throw new Error('catalogFile is a SQLite file: not with store postgres');
  const database: TestDatabase | undefined = options.store === 'postgres' && !options.databaseOf ? await createTestDatabase('http_test') : undefined;
  const databaseUrl = options.databaseOf?.databaseUrl ?? database?.url ?? `file:${options.catalogFile ?? path.join(dir, 'catalog.db')}`;
  const storeOptions: StoreOptions = { ...DEFAULT_STORE_OPTIONS, poolSize: 10, ...options.storeOptions };
  const storeUrl = options.reachDatabase?.(databaseUrl) ?? databaseUrl;
  const realCatalog = await openCatalogStore(storeUrl, storeOptions);
  if (!options.catalogFile && !options.databaseOf) await seedDemoCatalog(realCatalog, options.demoCatalog ? undefined : SEED_CATALOG_DIR);
  const catalogStore = options.wrapCatalog ? options.wrapCatalog(realCatalog) : realCatalog;
  const accessStore = await openAccessStore(storeUrl, storeOptions);
  const port = options.ownPublicBaseUrl ? await freePort() : 0;
  const publicBaseUrl = options.ownPublicBaseUrl ? `http://127.0.0.1:${port}` : TEST_PUBLIC_BASE_URL;
  const access = new AccessService(accessStore, { publicBaseUrl, now: options.now, tokenSecrets: options.oauthSecrets });
  const cacheBytes = storeOptions.catalogCacheBytes;
  const answers = new AnswerCache(catalogStore, { maxBytes: cacheBytes });
  const caches: Record<string, () => CacheCounts> = {};
  if (cacheBytes > 0) caches.catalog = () => answers.stats();
  if (accessStore instanceof CachedAccessStore) caches.keys = () => accessStore.stats();
  const metrics = options.metrics ? new PrometheusMetrics({ catalog: catalogStore, caches }) : undefined;
  const logs = options.logs;
  const bulk = new BulkFiles(catalogStore, path.join(dir, 'bulk'));
  const app = await buildApp({
    config: { publicBaseUrl, trustProxy: options.trustProxy ?? false,
      unkeyedRequestsPerMinute: options.unkeyedRequestsPerMinute, mcpAllowedOrigins: options.mcpAllowedOrigins ?? null,
      oauthClientMetadataPrivateAddresses: options.oauthClientMetadataPrivateAddresses ?? false },
    store: catalogStore, answers, access, bulk, now: options.now, connectionLimits: options.connectionLimits, metrics,
    ...(logs ? { logger: loggerOptions('info', { write: (line: string) => { logs.text += line; } }), logRequests: true } : {}),
  });
  // A deep backlog: some tests open a thousand connections at once.
  await app.listen({ host: '127.0.0.1', port, backlog: 2048 });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('the test server has no TCP address');
  bulk.start();
  const metricsServer: MetricsServer | undefined = metrics ? await serveMetrics(metrics.registry, { host: '127.0.0.1', port: 0 }) : undefined;
  return {
    baseUrl: `http://127.0.0.1:${address.port}`, app, accessStore, bulk, catalogStore: droppingAnswersAfterWrites(realCatalog, answers), dir, databaseUrl,
    metricsUrl: metricsServer?.url,
    async close() {
      await metricsServer?.close();
      await app.close();
      await bulk.close();
      answers.close();
      await accessStore.close();
      await realCatalog.close();
      if (database) closedDatabases.push(database);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function droppingAnswersAfterWrites(store: CatalogStore, answers: AnswerCache): CatalogStore {
  return new Proxy(store, {
    get(target, name) {
      if (name === 'replaceCatalog' || name === 'rebuildStaleRows') {
        return async (...args: unknown[]) => {
          try {
            return await (target[name] as (...args: unknown[]) => Promise<unknown>).apply(target, args);
          } finally {
            await answers.dropAfterWrite();
          }
        };
      }
      const value: unknown = Reflect.get(target, name, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
