import { runCommand, UsageError } from './runCommand.js';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, readConfig } from '../config.js';
import { BackupError, backupSqliteFile } from '../store/sqlite/backupFile.js';
import { accessDatabasePath, sqlitePath } from '../store/sqlite/openDatabase.js';
import { isPostgres } from '../store/open.js';

const USAGE = `usage: npm run backup -- <dir> [--catalog]

Copies the keys and usage of DATABASE_URL (default file:./var/catalog.db) into <dir> (created if
needed) while the service runs, as SQLite's online backup: one consistent, checked file
(catalog.access.db beside catalog.db → <dir>/catalog.access.db). An existing file is never overwritten.
--catalog   the catalog file too (it can also be imported again from its source)

With PostgreSQL (DATABASE_URL=postgres://...), pg_dump makes the backup: this prints the command.
Restoring: docs/deploy.md, "Backups and the restore drill".`;

/** The tables of keys and usage in PostgreSQL, in the order pg_dump names them. */
const POSTGRES_ACCESS_TABLES = ['api_keys', 'key_usage', 'key_creations', 'access_meta', 'oauth_spent_grants', 'oauth_revoked_grants', 'oauth_secrets',
  'access_migrations'];

const shellQuoted = (text: string) => `'${text.replaceAll("'", "'\\''")}'`;

/** The shell commands that back up into `dir`; "$DATABASE_URL" is left to the shell, so no password is printed. */
export function pgDumpCommands(dir: string): { access: string; catalog: string } {
  const tables = POSTGRES_ACCESS_TABLES.map((table) => `--table=${table}`).join(' ');
  const dump = `mkdir -p ${shellQuoted(dir)} && pg_dump --format=custom`;
  return {
    access: `${dump} ${tables} --file=${shellQuoted(path.join(dir, 'access.dump'))} "$DATABASE_URL"`,
    catalog: `${dump} --file=${shellQuoted(path.join(dir, 'catalog.dump'))} "$DATABASE_URL"`,
  };
}

const sizeOf = (bytes: number) => (bytes < 2 ** 20 ? `${(bytes / 1024).toFixed(0)} KiB` : `${(bytes / 2 ** 20).toFixed(1)} MiB`);
const count = (n: number, what: string) => `${n.toLocaleString('en-US')} ${what}${n === 1 ? '' : 's'}`;

async function main(): Promise<void> {
  let args;
  try {
    args = parseArgs({ allowPositionals: true, options: { catalog: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (args.values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  if (args.positionals.length !== 1) throw new UsageError('name exactly one directory to back up into');
  const dir = args.positionals[0]!;
  const { databaseUrl } = readConfig();

  if (isPostgres(databaseUrl)) {
    const commands = pgDumpCommands(dir);
    throw new BackupError('with PostgreSQL, pg_dump makes the backup, consistent while the service runs; this command ' +
      `wrote nothing.\nKeys and usage (what cannot be imported again):\n  ${commands.access}\n` +
      `The whole database, the catalog included:\n  ${commands.catalog}\n` +
      'Restore with pg_restore: docs/deploy.md, "Backups and the restore drill".');
  }
  const catalogFile = sqlitePath(databaseUrl);
  if (catalogFile === ':memory:') throw new ConfigError('DATABASE_URL names an in-memory database: there is no file to back up');
  mkdirSync(dir, { recursive: true });

  const accessFile = accessDatabasePath(catalogFile);
  const keys = await backupSqliteFile(accessFile, path.join(dir, path.basename(accessFile)), (copy) =>
    copy.prepare<[], { keys: number; active: number }>(
      'SELECT count(*) AS keys, count(*) FILTER (WHERE revoked_at IS NULL) AS active FROM api_keys').get()!);
  process.stdout.write(`Keys and usage: ${count(keys.summary.keys, 'key')} (${keys.summary.active} active) with their usage ` +
    `→ ${keys.file} (${sizeOf(keys.bytes)})\n`);

  if (args.values.catalog) {
    const catalog = await backupSqliteFile(catalogFile, path.join(dir, path.basename(catalogFile)), (copy) =>
      copy.prepare<[], { sets: number; cards: number }>(
        'SELECT (SELECT count(*) FROM sets) AS sets, (SELECT count(*) FROM cards) AS cards').get()!);
    process.stdout.write(`Catalog: ${count(catalog.summary.sets, 'set')} and ${count(catalog.summary.cards, 'card')} ` +
      `→ ${catalog.file} (${sizeOf(catalog.bytes)})\n`);
  }
}

runCommand('backup', USAGE, () => main(), { isCallerError: (error) => error instanceof BackupError });
