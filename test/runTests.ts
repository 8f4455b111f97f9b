import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `npm test`: runs every built `*.test.js` under this folder with Node's test runner, in two phases.
 * First the files that share nothing, several at a time (TEST_CONCURRENCY, the cores and one more:
 * most files wait on servers, databases and child processes as much as they compute). Then the
 * `*.serial.test.js` files, one at a time on an otherwise idle machine: they assert how long
 * something takes (a deadline, a latency), which other files' load would stretch.
 * The files are listed here because `node --test <dir>` would also load the helpers (support/, the
 * contract suites) as test files. Arguments are passed on to `node --test` in both
 * phases (`npm test -- --test-name-pattern=quota`).
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const files = readdirSync(here, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.test.js'))
  .map((file) => path.join(here, file))
  .sort();
if (files.length === 0) {
  console.error(`no *.test.js under ${here}: build first (npm run build)`);
  process.exit(1);
}
/**
 * The longest files (child processes under load, imports of the shared dump, Chromium, hundreds of
 * worker threads) start first, so that short files fill the end of the parallel phase rather than a
 * long one starting last.
 */
const LONGEST = ['scale/', 'importer/', 'browser/', 'http/fullCatalog.', 'store/sqliteReadWorkers.', 'sync/', 'mcp/inspector.']
  .map((prefix) => path.join(here, prefix));
const longest = (file: string) => LONGEST.some((prefix) => file.startsWith(prefix));
const serial = files.filter((file) => file.endsWith('.serial.test.js'));
const parallel = files.filter((file) => !serial.includes(file) && longest(file))
  .concat(files.filter((file) => !serial.includes(file) && !longest(file)));

let running: ReturnType<typeof spawn> | undefined;
let stopped = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    stopped = true;
    running?.kill(signal);
  });
}

/** Runs `node --test` on `phase` `concurrency` files at a time; its exit code. */
function run(phase: string[], concurrency: number): Promise<number> {
  if (phase.length === 0 || stopped) return Promise.resolve(stopped ? 1 : 0);
  running = spawn(process.execPath, ['--test', `--test-concurrency=${concurrency}`, ...process.argv.slice(2), ...phase], { stdio: 'inherit' });
  return new Promise((resolve) => running!.on('exit', (code) => resolve(code ?? 1)));
}

const concurrency = Number(process.env.TEST_CONCURRENCY ?? availableParallelism() + 1);
const parallelCode = await run(parallel, concurrency);
const serialCode = await run(serial, 1);
process.exitCode = parallelCode || serialCode;
