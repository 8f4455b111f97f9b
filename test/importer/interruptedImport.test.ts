import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startCatalogServer, type RunningServer } from '../support/catalogServer.js';
import { needsSharedDump, projectRoot, sharedDumpOf } from '../support/shared.js';

/** Runs the import command and kills it with SIGKILL once its output matches `when`. */
function killImportWhen(dump: string, databaseFile: string, when: RegExp): Promise<{ killed: boolean; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['dist/src/cli/import.js', dump], {
      cwd: projectRoot,
      env: { ...process.env, DATABASE_URL: `file:${databaseFile}` },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const watch = (chunk: Buffer) => {
      output += chunk.toString();
      if (when.test(output) && child.exitCode === null) child.kill('SIGKILL');
    };
    child.stdout.on('data', watch);
    child.stderr.on('data', watch);
    child.on('error', reject);
    child.on('exit', (_code, signal) => resolve({ killed: signal === 'SIGKILL', output }));
  });
}

describe('an import killed midway', needsSharedDump(), () => {
  let server: RunningServer;
  before(async () => { server = await startCatalogServer(); });
  after(async () => { await server.close(); });

  it('leaves the earlier catalog intact and serving', async () => {
    const before = await server.get('/v1/sets?limit=200');
    assert.equal(before.body.pagination.total, 5, 'the demo catalog is serving');
    const databaseFile = path.join(server.dir, 'catalog.db');

    // Kill it while it writes cards inside its transaction: English alone, to get there sooner.
    const dump = sharedDumpOf(['en'], path.join(server.dir, 'en-dump'));
    const { killed, output } = await killImportWhen(dump, databaseFile, /write cards: 25%/);
    assert.ok(killed, `the import was killed midway; it printed:\n${output}`);

    const during = await server.get('/v1/sets?limit=200');
    assert.equal(during.status, 200);
    assert.deepEqual(during.body.data, before.body.data);
    assert.equal((await server.get('/v1/cards?id=en-base1-4')).body.data.name, 'Charizard');
    assert.equal((await server.get('/v1/cards?q=pikachu')).body.data.length, 4);
    assert.equal((await server.get('/healthz')).status, 200);

    // A fresh process opening the file after the crash sees the same catalog.
    const reopened = await startCatalogServer({ catalogFile: databaseFile });
    try {
      assert.deepEqual((await reopened.get('/v1/sets?limit=200')).body.data, before.body.data);
    } finally {
      await reopened.close();
    }
  });
});
