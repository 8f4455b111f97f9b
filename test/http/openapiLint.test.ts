import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { startCatalogServer, type RunningServer } from '../support/catalogServer.js';
import { projectRoot } from '../support/shared.js';

const run = promisify(execFile);

interface LintReport {
  totals: { errors: number; warnings: number };
  problems: Array<{ ruleId: string; severity: string; message: string; location: Array<{ pointer: string }> }>;
}

describe('the live /openapi.json as a linter sees it', () => {
  let server: RunningServer;
  before(async () => { server = await startCatalogServer(); });
  after(async () => { await server.close(); });

  it("passes Redocly's recommended rules (redocly.yaml) with no error and no warning", async () => {
    const cli = path.join(projectRoot, 'node_modules', '@redocly', 'cli', 'bin', 'cli.js');
    const { stdout } = await run(process.execPath, [
      cli, 'lint', '--config', path.join(projectRoot, 'redocly.yaml'), '--format=json', `${server.baseUrl}/openapi.json`,
    ], { cwd: projectRoot, env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_NOTIFICATIONS: 'true' } })
      // A lint with errors exits 1; its report is still on stdout.
      .catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
    const report = JSON.parse(stdout) as LintReport;
    const problems = report.problems.map((p) => `${p.severity} ${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`);
    assert.deepEqual(problems, []);
    assert.deepEqual(report.totals, { ...report.totals, errors: 0, warnings: 0 });
  });

  it('names the licences and a contact: MIT for the code, TCGdex (MIT) for the data', async () => {
    const { info } = (await server.get('/openapi.json')).body;
    assert.deepEqual(info.license, { name: 'MIT', identifier: 'MIT' });
    assert.match(info.description, /TCGdex.*MIT/s);
    assert.equal(info.contact.url, 'https://tcg.example.test/');
  });

  it('the unkeyed service operations say so with an empty security list', async () => {
    const { paths } = (await server.get('/openapi.json')).body;
    for (const route of ['/healthz', '/openapi.json']) assert.deepEqual(paths[route].get.security, [], route);
  });
});
