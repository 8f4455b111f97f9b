import { runCommand, UsageError } from './runCommand.js';
import { parseArgs } from 'node:util';
import { readConfig } from '../config.js';
import { writeOwnExport } from '../importer/ownExportFormat.js';
import { openCatalogStore } from '../store/open.js';
import { createProgressDisplay } from './progressDisplay.js';

const USAGE = `usage: npm run export -- <dir>

Writes the catalog of DATABASE_URL (default file:./var/catalog.db) to <dir> (new or empty) as
manifest.json, sets.ndjson and cards.ndjson; \`npm run import -- <dir>\` reads it back.`;


async function main(): Promise<void> {
  let args;
  try {
    args = parseArgs({ allowPositionals: true, options: { help: { type: 'boolean', short: 'h' } } });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (args.values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  if (args.positionals.length !== 1) throw new UsageError('name exactly one directory to export to');
  const dir = args.positionals[0]!;

  const config = readConfig();
  const progress = createProgressDisplay();
  // An export reads every row in one pass on this thread: read workers would only sit idle.
  const store = await openCatalogStore(config.databaseUrl, { ...config.store, sqliteReadWorkers: 0 });
  try {
    const counts = await writeOwnExport(dir, store, progress.update);
    progress.stop();
    process.stdout.write(`Exported ${counts.sets} sets and ${counts.cards} cards to ${dir}\n`);
  } finally {
    progress.stop();
    await store.close();
  }
}

runCommand('export', USAGE, () => main());
