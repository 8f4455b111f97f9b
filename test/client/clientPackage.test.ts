import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { after, before, describe, it } from 'node:test';
import { projectRoot } from '../support/shared.js';
import { startServer, type TestServer } from '../support/server.js';

const run = promisify(execFile);
const CLIENT_DIR = path.join(projectRoot, 'clients/typescript');
const MODULES = ['catalogClient', 'errors', 'index', 'paging', 'rateLimit', 'schema', 'types'];

describe('clients/typescript as a package of its own', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer();
    // Its own build, with its own tsconfig (DOM types, no Node types): what `npm pack` runs first.
    rmSync(path.join(CLIENT_DIR, 'dist'), { recursive: true, force: true });
    await run(process.execPath, [path.join(projectRoot, 'node_modules/typescript/bin/tsc'), '-p', path.join(CLIENT_DIR, 'tsconfig.json')]);
  });
  after(async () => server.close());

  it('packs its build, its README and package.json, and nothing else', async () => {
    const { stdout } = await run('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: CLIENT_DIR });
    const [packed] = JSON.parse(stdout) as Array<{ name: string; files: Array<{ path: string }> }>;
    assert.equal(packed?.name, '@tcg-catalog/client');
    const expected = ['README.md', 'package.json', ...MODULES.flatMap((name) => [`dist/${name}.d.ts`, `dist/${name}.js`])];
    assert.deepEqual(packed.files.map((file) => file.path).sort(), expected.sort());
  });

  it('is importable by its name through its exports, and works', async () => {
    // Resolved through node_modules (the npm workspace link) and the package's exports, as a user's import is.
    const specifier = '@tcg-catalog/client';
    const client = (await import(specifier)) as typeof import('../../clients/typescript/src/index.js');
    const catalog = client.createCatalogClient({ baseUrl: server.baseUrl });
    const { body } = await catalog.createKey('package@example.test');
    const sets = await client.createCatalogClient({ baseUrl: server.baseUrl, key: body.key }).listSets({ limit: 1 });
    assert.equal(sets.body.data.length, 1);
    await assert.rejects(catalog.listSets(), (error) => error instanceof client.CatalogApiError && error.status === 401);
  });
});
