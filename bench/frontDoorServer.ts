/**
 * The service as main.ts builds it, for bench/edgeOverhead.ts (LOG_LEVEL decides the request line):
 * the one build measured with and without it. The catalog is the demo one, seeded when empty.
 */
import { AccessService } from '../src/access/accessService.js';
import { buildApp } from '../src/app.js';
import { readConfig } from '../src/config.js';
import { seedDemoCatalog } from '../src/importer/demoCatalog.js';
import { loggerOptions, standardOutput } from '../src/logger.js';
import { openAccessStore, openCatalogStore } from '../src/store/open.js';

const config = readConfig();
const store = await openCatalogStore(config.databaseUrl, config.store);
const accessStore = await openAccessStore(config.databaseUrl, config.store);
await seedDemoCatalog(store);
const app = await buildApp({
  config, store, access: new AccessService(accessStore, { publicBaseUrl: config.publicBaseUrl }),
  logger: loggerOptions(config.logLevel, standardOutput()), logRequests: ['info', 'debug', 'trace'].includes(config.logLevel),
});
process.on('SIGTERM', () => {
  void app.close().then(() => Promise.all([store.close(), accessStore.close()])).then(() => process.exit(0));
});
await app.listen({ port: config.port, host: config.host });
