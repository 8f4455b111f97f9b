import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { after, before, describe, it } from 'node:test';
import { createCatalogClient } from '../../clients/typescript/src/index.js';
import { projectRoot } from '../support/shared.js';
import { startServer, type TestServer } from '../support/server.js';

const run = promisify(execFile);
const EXAMPLE = path.join(projectRoot, 'dist/examples/listAndSearch.js');

describe('examples/listAndSearch.ts against a live server', () => {
  let server: TestServer;
  let env: NodeJS.ProcessEnv;

  before(async () => {
    server = await startServer();
    const { body } = await createCatalogClient({ baseUrl: server.baseUrl }).createKey('example@example.test');
    env = { ...process.env, TCG_API_URL: server.baseUrl, TCG_API_KEY: body.key };
  });
  after(async () => server.close());

  it('lists a set\'s cards in number order and searches a name, with a freshly created key', async () => {
    const { stdout, stderr } = await run(process.execPath, [EXAMPLE, 'en-base1', 'pikachu'], { env });
    assert.equal(stderr, '');
    const lines = stdout.trimEnd().split('\n');
    assert.deepEqual(lines.slice(0, 7), [
      'Base Set (en-base1, en): 5 cards',
      '  #2 Blastoise (en-base1-2)',
      '  #4 Charizard (en-base1-4)',
      '  #58 Pikachu (en-base1-58)',
      '  #92 Energy Removal (en-base1-92)',
      '  #96 Double Colorless Energy (en-base1-96)',
      'search "pikachu":',
    ]);
    const found = lines.slice(7, -1);
    assert.deepEqual(found.map((line) => /\((\S+)\)$/.exec(line)?.[1]).sort(),
      ['de-base1-58', 'en-base1-58', 'en-base2-60', 'fr-base1-58']);
    assert.ok(found.every((line) => line.startsWith('  Pikachu (')), found.join('\n'));
    // getSet, one page of the set, one page of the search.
    assert.equal(lines.at(-1), 'requests left: 997 of 1000 until ' +
      `${new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() + 1, 1)).toISOString()}`);
  });

  it('says what the API answered and exits 1 on a refusal', async () => {
    const failed = await run(process.execPath, [EXAMPLE, 'en-nope'], { env }).then(() => assert.fail('exit 0'), (error: unknown) => error);
    const { code, stdout, stderr } = failed as { code: number; stdout: string; stderr: string };
    assert.equal(code, 1);
    assert.equal(stdout, '');
    assert.match(stderr, /^the API answered 404: no set with id en-nope/);
  });
});
