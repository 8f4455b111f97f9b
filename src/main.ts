import { AccessService } from './access/accessService.js';
import { buildApp } from './app.js';
import { ConfigError, readConfig } from './config.js';
import { loggerOptions } from './logger.js';
import { openAccessStore, openCatalogStore } from './store/open.js';
import { seedDemoCatalog } from './importer/demoCatalog.js';

async function main(): Promise<void> {
  const config = readConfig();
  const store = await openCatalogStore(config.databaseUrl);
  const accessStore = await openAccessStore(config.databaseUrl);
  const access = new AccessService(accessStore, { publicBaseUrl: config.publicBaseUrl });
  const app = await buildApp({ config, store, access, logger: loggerOptions(config.logLevel),
    logRequests: ['debug', 'trace'].includes(config.logLevel) });

  const seeded = await seedDemoCatalog(store);
  if (seeded) {
    app.log.info(`the catalog was empty: serving the demo catalog (${seeded.sets} sets, ${seeded.cards} cards). ` +
      'Import the full catalog with: npm run import -- https://api.tcgdex.net/v2 (or a TCGdex dump directory)');
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: finishing requests in flight, then stopping`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    await store.close();
    await accessStore.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? `configuration error: ${error.message}` : error);
  process.exit(1);
});
