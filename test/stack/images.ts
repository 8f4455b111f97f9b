import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { projectRoot } from '../support/shared.js';
import { run } from './podman.js';

/** The images the stack runs on here, all made on this machine: no container registry is reachable. */
export interface StackImages {
  base: string;
  postgres: string;
  haproxy: string;
  catalog: string;
  /** Seconds the service's image took to build (its layers cached from an earlier run or not). */
  catalogBuildSeconds: number;
}

const IMAGES_DIR = path.join(projectRoot, 'test', 'stack', 'images');

const imageExists = async (env: NodeJS.ProcessEnv, tag: string) =>
  (await run('podman', ['image', 'exists', tag], { env, allowFailure: true })).status === 0;

/** The Node the project runs on (devDependencies.node): its binary, headers and docs, laid out as in /usr/local of the official image. */
function projectNodeDir(): string {
  const platforms = path.join(projectRoot, 'node_modules', 'node', 'node_modules');
  const dir = readdirSync(platforms).map((name) => path.join(platforms, name)).find((candidate) => existsSync(path.join(candidate, 'bin', 'node')));
  if (!dir) throw new Error(`no Node binary under ${platforms}: run npm run setup`);
  return dir;
}

/**
 * The stand-in for the official Node image (`node:24-bookworm-slim`): Debian 12 from Debian's
 * packages (debootstrap), the project's own Node in /usr/local, npm 11 from the npm registry, the
 * `node` user (uid 1000), and the machine's CA bundle for Node, whose TLS goes through this
 * machine's egress proxy. Made once per Node version.
 */
async function baseImage(env: NodeJS.ProcessEnv): Promise<string> {
  const nodeDir = projectNodeDir();
  const nodeVersion = (await run(path.join(nodeDir, 'bin', 'node'), ['--version'])).stdout.trim();
  const tag = `localhost/tcg-stack-node:${nodeVersion.slice(1)}-bookworm`;
  if (await imageExists(env, tag)) return tag;
  const work = mkdtempSync(path.join(os.tmpdir(), 'tcg-stack-base-'));
  const rootfs = path.join(work, 'rootfs');
  try {
    const started = Date.now();
    console.log(`# making ${tag}: debootstrap --variant=minbase bookworm, then Node ${nodeVersion} and npm`);
    await run('debootstrap', ['--variant=minbase', 'bookworm', rootfs, 'http://deb.debian.org/debian']);
    for (const part of ['bin', 'include', 'share']) {
      if (existsSync(path.join(nodeDir, part))) cpSync(path.join(nodeDir, part), path.join(rootfs, 'usr', 'local', part), { recursive: true });
    }
    const packed = (await run('npm', ['pack', 'npm@11', '--silent', '--pack-destination', work], { cwd: work })).stdout.trim().split('\n').pop()!;
    const npmDir = path.join(rootfs, 'usr', 'local', 'lib', 'node_modules', 'npm');
    mkdirSync(npmDir, { recursive: true });
    await run('tar', ['-xzf', path.join(work, packed), '-C', npmDir, '--strip-components=1']);
    await run('ln', ['-s', '../lib/node_modules/npm/bin/npm-cli.js', path.join(rootfs, 'usr', 'local', 'bin', 'npm')]);
    await run('ln', ['-s', '../lib/node_modules/npm/bin/npx-cli.js', path.join(rootfs, 'usr', 'local', 'bin', 'npx')]);
    await run('chroot', [rootfs, 'useradd', '--uid', '1000', '--user-group', '--create-home', '--shell', '/bin/bash', 'node']);
    mkdirSync(path.join(rootfs, 'etc', 'ssl', 'certs'), { recursive: true });
    cpSync('/etc/ssl/certs/ca-certificates.crt', path.join(rootfs, 'etc', 'ssl', 'certs', 'ca-certificates.crt'));
    await run('sh', ['-c', `tar -C '${rootfs}' -c . | podman import --change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt' --change 'CMD ["node"]' - '${tag}'`], { env });
    console.log(`# ${tag} made in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    return tag;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

async function build(env: NodeJS.ProcessEnv, tag: string, args: string[], context: string): Promise<number> {
  const started = Date.now();
  console.log(`# building ${tag}`);
  await run('podman', ['build', '--format', 'docker', '-t', tag, ...args, context], { env });
  const seconds = (Date.now() - started) / 1000;
  console.log(`# ${tag} built in ${seconds.toFixed(0)} s`);
  return seconds;
}

/** Every image of the stack: the base, PostgreSQL's and HAProxy's stand-ins, and the service's own image from the project's Dockerfile. */
export async function stackImages(env: NodeJS.ProcessEnv): Promise<StackImages> {
  const base = await baseImage(env);
  const postgres = 'localhost/tcg-stack-postgres:15';
  const haproxy = 'localhost/tcg-stack-haproxy:2.6';
  await build(env, postgres, ['--build-arg', `BASE_IMAGE=${base}`, '-f', path.join(IMAGES_DIR, 'postgres.Dockerfile')], IMAGES_DIR);
  await build(env, haproxy, ['--build-arg', `BASE_IMAGE=${base}`, '-f', path.join(IMAGES_DIR, 'haproxy.Dockerfile')], IMAGES_DIR);
  const catalog = 'localhost/tcg-catalog:stack-test';
  const catalogBuildSeconds = await build(env, catalog, ['--build-arg', `NODE_IMAGE=${base}`, '-f', path.join(projectRoot, 'Dockerfile')], projectRoot);
  return { base, postgres, haproxy, catalog, catalogBuildSeconds };
}
