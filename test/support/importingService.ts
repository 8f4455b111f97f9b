import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { AccessService } from '../../src/access/accessService.js';
import { buildApp } from '../../src/app.js';
import type { CatalogCounts } from '../../src/catalog/catalogShapes.js';
import { readConfig } from '../../src/config.js';
import { runImport } from '../../src/importer/runImport.js';
import { openAccessStore, openCatalogStore } from '../../src/store/open.js';

/*
 * A process that serves the app and also imports into the catalog store it serves from, when its
 * parent asks: for tests of what a failing import does to the process around it. The child side
 * runs only when started with SERVE_FLAG (the test runner, which loads every file under test/,
 * starts it without), and is wired as main.ts wires the service, with the same store factories.
 */
const SERVE_FLAG = '--serve-and-import';

type ToChild = { import: string };
type FromChild = { listening: string } | { imported: CatalogCounts } | { importFailed: string };

if (process.argv[2] === SERVE_FLAG && process.send) {
  const send = (message: FromChild) => process.send!(message);
  const config = readConfig();
  const store = await openCatalogStore(config.databaseUrl, config.store);
  const accessStore = await openAccessStore(config.databaseUrl, config.store);
  const access = new AccessService(accessStore, { publicBaseUrl: config.publicBaseUrl });
  const app = await buildApp({ config, store, access });
  send({ listening: await app.listen({ host: '127.0.0.1', port: 0 }) });
  // Orphaned (its parent died), it would serve on forever.
  process.once('disconnect', () => process.exit(0));
  process.on('message', (message: ToChild) => {
    runImport(message.import, store).then(
      ({ counts }) => send({ imported: counts }),
      (error: unknown) => send({ importFailed: error instanceof Error ? error.message : String(error) }));
  });
}

export interface ImportingService {
  baseUrl: string;
  child: ChildProcess;
  /** Everything it wrote, stdout and stderr together. */
  output(): string;
  /**
   * Asks it to import `source` and resolves with the outcome it reports; rejects when the
   * process exits first (its output in the message), as it would if the import crashed it.
   */
  runImport(source: string): Promise<{ imported: CatalogCounts } | { importFailed: string }>;
  /** SIGTERM, and resolves once it has exited. */
  stop(): Promise<void>;
}

/** Starts the importing service on `databaseUrl`, whose catalog must already hold data; resolves once it listens. */
export async function startImportingService(databaseUrl: string): Promise<ImportingService> {
  const script = fileURLToPath(import.meta.url);
  const child = spawn(process.execPath, [script, SERVE_FLAG], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let output = '';
  const collect = (chunk: Buffer) => { output += chunk.toString('utf8'); };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  // 'close' rather than 'exit': by then its output has been read to the end.
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const died = exited.then(() => {
    throw new Error(`the importing service exited (code ${child.exitCode}, signal ${child.signalCode}):\n${output}`);
  });
  died.catch(() => undefined);
  const next = () => Promise.race([
    new Promise<FromChild>((resolve) => child.once('message', (message) => resolve(message as FromChild))),
    died,
  ]);

  const first = await next();
  if (!('listening' in first)) throw new Error(`the importing service said ${JSON.stringify(first)} before it listened`);
  return {
    baseUrl: first.listening,
    child,
    output: () => output,
    async runImport(source) {
      const answer = next();
      child.send({ import: source } satisfies ToChild);
      const outcome = await answer;
      if ('listening' in outcome) throw new Error('the importing service said it listens, again');
      return outcome;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
