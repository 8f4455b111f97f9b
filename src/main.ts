import { AccessService } from './access/accessService.js';
import { CachedAccessStore } from './access/cachedAccessStore.js';
import { buildApp } from './app.js';
import { AnswerCache } from './catalog/answers/answerCache.js';
import { ConfigError, readConfig } from './config.js';
import { loggerOptions, standardOutput } from './logger.js';
import type { MetricsServer } from './metrics/metricsServer.js';
import type { CacheCounts } from './metrics/prometheusMetrics.js';
import { openAccessStore, openCatalogStore } from './store/open.js';
import { seedDemoCatalog } from './importer/demoCatalog.js';
import { BulkFiles } from './bulk/bulkFiles.js';
import { SyncScheduler } from './sync/syncScheduler.js';

async function main(): Promise<void> {
  const config = readConfig();
  const store = await openCatalogStore(config.databaseUrl, config.store);
  const answers = new AnswerCache(store, { maxBytes: config.store.catalogCacheBytes });
  const accessStore = await openAccessStore(config.databaseUrl, config.store);
  const access = new AccessService(accessStore, { publicBaseUrl: config.publicBaseUrl, tokenSecrets: config.oauthSecrets });
  const caches: Record<string, () => CacheCounts> = {};
  if (config.store.catalogCacheBytes > 0) caches.catalog = () => answers.stats();
  if (accessStore instanceof CachedAccessStore) caches.keys = () => accessStore.stats();
  // prom-client is loaded only when metrics are served (METRICS_PORT).
  const metrics = config.metrics
    ? new (await import('./metrics/prometheusMetrics.js')).PrometheusMetrics({ catalog: store, caches })
    : undefined;
  const bulk = new BulkFiles(store, config.bulkDir, {
    log: { info: (message) => app.log.info(message), error: (message, error) => app.log.error({ err: error }, message) },
  });
  const app = await buildApp({ config, store, answers, access, metrics, bulk, logger: loggerOptions(config.logLevel, standardOutput()),
    logRequests: ['info', 'debug', 'trace'].includes(config.logLevel) });
  let metricsServer: MetricsServer | undefined;

  // Before listening: until they are rebuilt, rows of an older version may not match a query folded today.
  const rebuilt = await store.rebuildStaleRows();
  if (rebuilt) {
    app.log.info(`the catalog's rows were built by another version of the service: rebuilt them from the stored records ` +
      `(${rebuilt.sets} sets, ${rebuilt.cards} cards)`);
  }
  const seeded = await seedDemoCatalog(store);
  if (rebuilt || seeded) await answers.dropAfterWrite();
  if (seeded) {
    app.log.info(`the catalog was empty: serving the demo catalog (${seeded.sets} sets, ${seeded.cards} cards). ` +
      'Import the full catalog with: npm run import -- https://api.tcgdex.net/v2 (or a TCGdex dump directory)');
  }

  // Before listening, so that a health check's 200 means searches are answered at their usual pace: built
  // by the first search instead, the name index keeps that search and every request queued behind it waiting.
  const preparing = performance.now();
  const names = await store.prepareNameSearch();
  app.log.info(`name search ready: ${names} distinct names indexed in ${Math.round(performance.now() - preparing)} ms`);

  // After the seeding: the files of the catalog served now are built first.
  bulk.start();
  const sync = config.sync && new SyncScheduler({
    ...config.sync, store, metrics,
    log: { info: (message) => app.log.info(message), error: (message) => app.log.error(message) },
  });
  sync?.start();

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: finishing requests in flight, then stopping`);
    // Load balancers give up on a draining instance after a while; so does this, within 10 s.
    const force = setTimeout(() => {
      app.log.error('requests in flight did not finish within 10 s: exiting anyway');
      process.exit(1);
    }, 9_000);
    force.unref();
    // close() stops listening and waits for every connection to end; a keep-alive connection whose
    // request finishes after that would stay open for its keep-alive timeout, so idle ones are closed as they appear.
    const reapIdle = setInterval(() => app.server.closeIdleConnections(), 100);
    try {
      await app.close();
      clearInterval(reapIdle);
      await metricsServer?.close();
      await sync?.close();
      await bulk.close();
      answers.close();
      if (config.store.catalogCacheBytes > 0) {
        const catalogCache = answers.stats();
        const ratio = catalogCache.hits / Math.max(1, catalogCache.hits + catalogCache.misses);
        app.log.info({ catalogCache }, `catalog cache: ${(ratio * 100).toFixed(1)} % of reads answered from memory ` +
          `(${catalogCache.hits} hits, ${catalogCache.misses} misses)`);
      }
      await Promise.all([store.close(), accessStore.close()]);
      app.log.info('stopped: requests in flight answered, database connections closed');
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'could not stop cleanly');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  if (metrics && config.metrics) {
    metricsServer = await (await import('./metrics/metricsServer.js')).serveMetrics(metrics.registry, config.metrics);
    app.log.info(`metrics at ${metricsServer.url} (Prometheus text; never on the public port)`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? `configuration error: ${error.message}` : error);
  process.exit(1);
});
