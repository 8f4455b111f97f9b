import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `npm test`: runs every built `*.test.js` under this folder as Node's test runner reporting TAP,
 * several files at a time (TEST_CONCURRENCY, the cores and one more: most files wait on servers,
 * databases and child processes as much as they compute; each makes its own files, databases and
 * ports, so none shares anything with another). Node 20's `node --test <dir>` would also load the
 * helpers (support/, the contract suites) as test files, and it does not expand globs itself.
 * Arguments are passed on to `node --test` (`npm test -- --test-name-pattern=quota`).
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

const concurrency = Number(process.env.TEST_CONCURRENCY ?? availableParallelism() + 1);
const child = spawn(process.execPath, ['--test', `--test-concurrency=${concurrency}`, ...process.argv.slice(2), ...files], {
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => {
  process.exitCode = code ?? 1;
});
