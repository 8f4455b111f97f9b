import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { startCatalogServer, type RunningServer } from '../support/catalogServer.js';
import { projectRoot } from '../support/shared.js';

/*
 * docs/pokemontcg-io.md's examples, run as they are written (JavaScript by Node, shell by sh) with
 * only CATALOG_URL and CATALOG_API_KEY set, against the demo catalog a fresh clone serves.
 */

const run = promisify(execFile);
const GUIDE = 'docs/pokemontcg-io.md';

function examples(language: string): Array<{ line: number; code: string }> {
  const text = readFileSync(path.join(projectRoot, GUIDE), 'utf8');
  return [...text.matchAll(new RegExp(`\`\`\`${language}\\n([\\s\\S]*?)\`\`\``, 'gu'))]
    .map((match) => ({ line: text.slice(0, match.index).split('\n').length, code: match[1]! }));
}

describe("the migration guide's examples run as shown", () => {
  let server: RunningServer;
  let env: NodeJS.ProcessEnv;

  before(async () => {
    server = await startCatalogServer({ demoCatalog: true });
    env = { ...process.env, CATALOG_URL: server.baseUrl, CATALOG_API_KEY: server.key };
  });
  after(async () => {
    await server?.close();
  });

  it('each JavaScript example, with each SDK as installed', async () => {
    const found = examples('js');
    assert.equal(found.length, 2, 'one example per npm SDK');
    const outputs = [];
    for (const { line, code } of found) {
      const { stdout } = await run(process.execPath, ['-e', code], { cwd: projectRoot, env, timeout: 30_000 });
      outputs.push(stdout.trim());
      assert.ok(stdout.trim().length > 0, `${GUIDE}:${line} printed nothing`);
    }
    assert.equal(outputs[0], 'Charizard 120 Base');
    assert.equal(outputs[1], '1 base1-4');
  });

  it('the curl example', async () => {
    const [curl] = examples('sh');
    assert.ok(curl);
    const { stdout } = await run('sh', ['-c', curl.code], { env, timeout: 30_000 });
    const body = JSON.parse(stdout);
    assert.deepEqual(Object.keys(body), ['data', 'page', 'pageSize', 'count', 'totalCount']);
    assert.equal(body.data[0].name, 'Charizard');
  });
});
