// Builds (tsc) only when a source is newer than the last build, so `npm start` on a current build
// starts the server at once instead of spending a couple of seconds on tsc's own up-to-date check.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, utimesSync } from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const buildInfo = path.join(root, 'dist', '.tsbuildinfo');

function newestChange(entry) {
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(entry).reduce((newest, name) => Math.max(newest, newestChange(path.join(entry, name))), stats.mtimeMs);
}

const sources = ['src', 'test', 'bench', 'tsconfig.json', 'package.json'].map((name) => path.join(root, name)).filter(existsSync);
const built = existsSync(buildInfo) ? statSync(buildInfo).mtimeMs : 0;
if (sources.some((source) => newestChange(source) > built)) {
  const tsc = spawnSync(process.execPath, [path.join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', path.join(root, 'tsconfig.json')], { stdio: 'inherit' });
  if (tsc.status !== 0) process.exit(tsc.status ?? 1);
  // tsc leaves its build info as it was when nothing needed emitting: mark the build current.
  const now = new Date();
  if (existsSync(buildInfo)) utimesSync(buildInfo, now, now);
}
