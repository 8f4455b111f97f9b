/**
 * npm run soak: SOAK_MINUTES (default 10) of mixed traffic at SOAK_CONNECTIONS (default 50) against
 * one instance on the full catalog, printing every minute the answers a second, the p99 latency, the
 * errors (an answer other than the one expected for the request, 5xx, connection errors and
 * timeouts) and the server's resident memory. Keys are created, spent and revoked along the way (see
 * soakTraffic.ts). Not part of npm test; exits 1 when anything went wrong.
 *
 * SOAK_DATABASE_URL serves an existing catalog (file: or postgres://) without importing; otherwise
 * the shared TCGdex dump (../shared/data/tcgdex, or SOAK_SOURCE) is imported into a fresh SQLite file.
 */
import autocannon from 'autocannon';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { mixedPaths } from './mixedWorkload.js';
import { freePort, root, rssMiB, run, startProcess } from './processes.js';
import { SoakTraffic, type PeriodCounts } from './soakTraffic.js';

const minutes = Number(process.env.SOAK_MINUTES ?? 10);
const connections = Number(process.env.SOAK_CONNECTIONS ?? 50);
const source = process.env.SOAK_SOURCE ?? path.resolve(root, '../shared/data/tcgdex');
const givenDatabaseUrl = process.env.SOAK_DATABASE_URL;
/** How often the keys CLI revokes a key that is still in use. */
const REVOKE_EVERY_MS = 15_000;
if (!(minutes > 0)) throw new Error('SOAK_MINUTES must be a positive number');
if (!Number.isInteger(connections) || connections < 1) throw new Error('SOAK_CONNECTIONS must be a positive integer');

function p99(latencies: number[]): number {
  if (latencies.length === 0) return Number.NaN;
  const sorted = Float64Array.from(latencies).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))]!;
}

function row(label: string, counts: PeriodCounts, seconds: number, rss: number, serverLogErrors: number): string {
  const errors = counts.unexpected + counts.connectionErrors;
  return `| ${label} | ${(counts.answers / seconds).toFixed(0)} | ${p99(counts.latencies).toFixed(0)} | ${errors} ` +
    `(${counts.unexpected} unexpected, ${counts.serverErrors} 5xx, ${counts.connectionErrors} connection) | ${serverLogErrors} | ` +
    `${rss.toFixed(0)} | ${counts.created} / ${counts.exhausted} / ${counts.revoked} | ${counts.abuserThrottled} |`;
}

async function main(): Promise<void> {
  const work = mkdtempSync(path.join(os.tmpdir(), 'catalog-soak-'));
  const databaseUrl = givenDatabaseUrl ?? `file:${path.join(work, 'catalog.db')}`;
  const env = { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' };
  try {
    if (!givenDatabaseUrl) {
      console.log(`importing ${source} into ${databaseUrl} …`);
      await run(process.execPath, ['dist/src/cli/import.js', source], env, 'ignore');
    }
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    // The soak's clients are many addresses behind one trusted proxy: the soak itself.
    let serverLogErrors = 0;
    const serverLog: string[] = [];
    const server = await startProcess(['dist/src/main.js'], { ...env, PORT: String(port), HOST: '127.0.0.1', TRUST_PROXY: '127.0.0.1' },
      `${baseUrl}/healthz`, (text) => {
        for (const line of text.split('\n').filter(Boolean)) {
          const level = (() => { try { return (JSON.parse(line) as { level?: number }).level ?? 0; } catch { return 60; } })();
          if (level >= 50) {
            serverLogErrors += 1;
            if (serverLog.length < 5) serverLog.push(line.slice(0, 400));
          }
        }
      });
    const exited = new Promise((resolve) => server.once('exit', resolve));
    const createUnlimited = async (i: number) => (await run(process.execPath, ['dist/src/cli/keys.js', 'create', '--email',
      `soak-${Date.now()}-${i}@example.test`, '--tier', 'internal', '--unlimited'], env, 'ignore')).trim();
    const unlimitedKeys = [await createUnlimited(0), await createUnlimited(1), await createUnlimited(2)];
    const paths = await mixedPaths(async <T>(pathAndQuery: string): Promise<T> => {
      const response = await fetch(baseUrl + pathAndQuery, { headers: { authorization: `Bearer ${unlimitedKeys[0]}` } });
      if (!response.ok) throw new Error(`${pathAndQuery}: ${response.status}`);
      return await response.json() as T;
    });
    const traffic = new SoakTraffic(paths, unlimitedKeys, Date.now().toString(36));

    console.log(`soak: ${minutes} min, ${connections} connections, ${databaseUrl.startsWith('postgres') ? 'PostgreSQL' : 'SQLite'}, ` +
      `the full catalog; mix: reads of unlimited keys (80 % cards by id, 10 % set pages, 10 % searches), 25 % on free keys ` +
      `spent to their 1,000, 2 % on spent keys (429), 2 % on revoked keys (401), 2 % MCP get_card, 1 % 404, 1 % unknown keys ` +
      `from one address (401, then 429 from the flood limit); a key revoked by the CLI every ${REVOKE_EVERY_MS / 1000} s\n`);
    console.log('| minute | req/s | p99 ms | errors | server error logs | server RSS MiB | keys created / spent / revoked | flood 429s |');
    console.log('|---:|---:|---:|---|---:|---:|---|---:|');

    let revokeFailures = 0;
    const revoker = setInterval(() => {
      const key = traffic.toRevoke();
      if (!key) return;
      traffic.revoking(key);
      run(process.execPath, ['dist/src/cli/keys.js', 'revoke', '--key', key.key], env, 'ignore')
        .then(() => traffic.revokedNow(key))
        .catch((error: unknown) => { console.error('revoke failed:', error); revokeFailures += 1; });
    }, REVOKE_EVERY_MS);

    const rssByMinute: number[] = [];
    let logErrorsSeen = 0;
    let periodStart = performance.now();
    let minute = 0;
    const report = (label: string) => {
      const now = performance.now();
      const rss = rssMiB(server.pid!);
      rssByMinute.push(rss);
      const counts = traffic.period.take();
      console.log(row(label, counts, (now - periodStart) / 1000, rss, serverLogErrors - logErrorsSeen));
      for (const sample of counts.samples) console.log(`    unexpected: ${sample}`);
      logErrorsSeen = serverLogErrors;
      periodStart = now;
    };

    let finished!: (outcome: { error: unknown; result: autocannon.Result }) => void;
    const done = new Promise<{ error: unknown; result: autocannon.Result }>((resolve) => { finished = resolve; });
    const instance = autocannon({
      url: baseUrl, connections, duration: Math.round(minutes * 60),
      requests: [{
        setupRequest: (request, context) => traffic.next(request, context as Record<string, unknown>),
        onResponse: (status, body, context) => traffic.answered(status, body, context as Record<string, unknown>),
      }],
    }, (error, result) => finished({ error, result }));
    instance.on('response', (_client, _status, _bytes, responseTime) => traffic.latency(responseTime));
    instance.on('reqError', () => traffic.connectionError());
    const ticker = setInterval(() => report(String(++minute)), 60_000);
    const { error, result } = await done;
    if (error) throw error;
    clearInterval(ticker);
    clearInterval(revoker);
    // The run's end, a moment after the last whole minute, is not a minute of its own (its counts are in the totals).
    const rest = (performance.now() - periodStart) / 1000;
    if (rest >= 5 && traffic.period.answers > 0) report(`${++minute} (last ${rest.toFixed(0)} s)`);

    // Every key spent long enough before the end answered exactly its 1,000; none answered more.
    const end = performance.now();
    const overLimit = traffic.freeKeys.filter((k) => k.counted > 1000);
    const spentShort = traffic.freeKeys.filter((k) => k.exhaustedAt !== undefined && k.revokeStartedAt === undefined &&
      end - k.exhaustedAt > 5000 && k.counted !== 1000);
    const total = traffic.total;
    // Connection errors and timeouts are what autocannon reports as errors and timeouts; counted once.
    const errors = total.unexpected + total.connectionErrors + overLimit.length + spentShort.length + serverLogErrors + revokeFailures;
    const growth = rssByMinute.length > 1 ? (rssByMinute.at(-1)! / rssByMinute[0]! - 1) * 100 : 0;
    console.log(`\n${total.answers} answers in ${(result.duration).toFixed(0)} s (${(total.answers / result.duration).toFixed(0)} req/s); ` +
      `errors: ${total.unexpected} unexpected answers (${total.serverErrors} 5xx), ${total.connectionErrors} connection errors ` +
      `(autocannon: ${result.errors} errors, ${result.timeouts} of them timeouts), ${serverLogErrors} server error log lines, ` +
      `${revokeFailures} failed revocations`);
    console.log(`keys: ${total.created} created, ${total.exhausted} spent (each answered exactly 1,000: ` +
      `${spentShort.length === 0 ? 'yes' : `no, ${spentShort.length} not`}; over 1,000: ${overLimit.length}), ${total.revoked} revoked; ` +
      `flood limit: ${total.abuserThrottled} of the unknown-key requests answered 429`);
    console.log(`server RSS: ${rssByMinute[0]?.toFixed(0)} MiB after minute 1, ${rssByMinute.at(-1)?.toFixed(0)} MiB at the end ` +
      `(${growth >= 0 ? '+' : ''}${growth.toFixed(1)} %)`);
    for (const line of serverLog) console.log(`server error log: ${line}`);
    server.kill('SIGTERM');
    await exited;
    console.log(errors === 0 ? '\nsoak: no errors' : `\nsoak: ${errors} errors`);
    process.exitCode = errors === 0 ? 0 : 1;
  } finally {
    // A revocation by the keys CLI may still be closing its files: retry rather than fail the run.
    rmSync(work, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
