import { runCommand, UsageError } from './runCommand.js';
import { parseArgs } from 'node:util';
import { KeyAdmin } from '../access/keyAdmin.js';
import type { KeyUsage } from '../access/accessStore.js';
import { FREE_MONTHLY_LIMIT } from '../access/monthlyQuota.js';
import { readConfig } from '../config.js';
import { openAccessStore } from '../store/open.js';

const USAGE = `Manage API keys in the store DATABASE_URL names (default file:./var/catalog.db).

  npm run keys -- create --email <address> [--tier <name>] [--limit <n> | --unlimited] [--source <text>]
      Creates a key and prints it once, on stdout. --tier defaults to free (limit ${FREE_MONTHLY_LIMIT});
      any other tier (paid, internal, bench...) needs --limit or --unlimited.
  npm run keys -- revoke (--email <address> | --prefix <key prefix> | --key <key>)
      Revokes at once; a revoked key gets 401 and its email may create a new free key.
  npm run keys -- list
      Every key with its usage this month (UTC). Stored hashes are never shown.
`;


async function main(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      tier: { type: 'string' },
      limit: { type: 'string' },
      unlimited: { type: 'boolean' },
      source: { type: 'string' },
      prefix: { type: 'string' },
      key: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command, ...extra] = positionals;
  if (values.help || command === undefined || command === 'help') {
    process.stdout.write(USAGE);
    return;
  }
  if (extra.length > 0) throw new UsageError(`unexpected argument: ${extra[0]}`);

  const config = readConfig();
  const store = await openAccessStore(config.databaseUrl, config.store);
  try {
    const admin = new KeyAdmin(store);
    switch (command) {
      case 'create': return await create(admin, values);
      case 'revoke': return await revoke(admin, values);
      case 'list': return printKeys(await admin.list());
      default: throw new UsageError(`unknown command: ${command}`);
    }
  } finally {
    await store.close();
  }
}

type Values = { email?: string; tier?: string; limit?: string; unlimited?: boolean; source?: string; prefix?: string; key?: string };

async function create(admin: KeyAdmin, values: Values): Promise<void> {
  if (!values.email) throw new UsageError('create needs --email');
  const tier = values.tier ?? 'free';
  if (values.limit !== undefined && values.unlimited) throw new UsageError('give --limit or --unlimited, not both');
  let monthlyLimit: number | null;
  if (values.unlimited) monthlyLimit = null;
  else if (values.limit !== undefined) {
    if (!/^\d+$/.test(values.limit)) throw new UsageError('--limit must be a whole number');
    monthlyLimit = Number(values.limit);
  } else if (tier === 'free') monthlyLimit = FREE_MONTHLY_LIMIT;
  else throw new UsageError(`a ${tier} key needs --limit <n> or --unlimited`);

  const result = await admin.create({ email: values.email, tier, monthlyLimit, source: values.source });
  if (!result.ok) throw new Error(result.message);
  process.stdout.write(`${result.key}\n`);
  process.stderr.write(`created ${result.record.prefix}… (${tier}, monthly limit ${monthlyLimit ?? 'unlimited'}) ` +
    `for ${result.record.email}; the key above is shown only this once\n`);
}

async function revoke(admin: KeyAdmin, values: Values): Promise<void> {
  const given = [values.email, values.prefix, values.key].filter((v) => v !== undefined);
  if (given.length !== 1) throw new UsageError('revoke needs exactly one of --email, --prefix, --key');
  const revoked = await admin.revoke(values.email !== undefined ? { email: values.email } : { key: (values.prefix ?? values.key)! });
  if (revoked.length === 0) throw new Error('no active key matches');
  for (const key of revoked) process.stdout.write(`revoked ${key.prefix}… (${key.tier}) of ${key.email}\n`);
}

function printKeys(keys: KeyUsage[]): void {
  const rows = keys.map((k) => [
    `${k.prefix}…`, k.tier, k.monthlyLimit === null ? 'unlimited' : String(k.monthlyLimit), String(k.used),
    k.revokedAt ? `revoked ${k.revokedAt.slice(0, 10)}` : 'active', k.createdAt.slice(0, 10), k.email,
  ]);
  const table = [['KEY', 'TIER', 'LIMIT', 'USED THIS MONTH', 'STATUS', 'CREATED', 'EMAIL'], ...rows];
  const widths = table[0]!.map((_, column) => Math.max(...table.map((row) => row[column]!.length)));
  for (const row of table) process.stdout.write(`${row.map((cell, i) => cell.padEnd(widths[i]!)).join('  ').trimEnd()}\n`);
  process.stderr.write(`${keys.length} key${keys.length === 1 ? '' : 's'}\n`);
}

runCommand('keys', USAGE, () => main(process.argv.slice(2)));
