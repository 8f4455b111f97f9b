import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { StoredCatalog } from '../../src/catalog/answers/storedCatalog.js';
import { SqliteCatalogBackend } from '../../src/store/sqlite/sqliteCatalogBackend.js';
import { projectRoot } from '../support/shared.js';
import { tcgdexCard, tcgdexSet, writeTcgdexDump } from '../support/tcgdexFixtures.js';

const run = promisify(execFile);

async function cli(name: 'import' | 'export', args: string[], databaseUrl: string) {
  const script = path.join(projectRoot, 'dist/src/cli', `${name}.js`);
  try {
    const { stdout, stderr } = await run(process.execPath, [script, ...args], {
      env: { ...process.env, DATABASE_URL: databaseUrl },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('the import and export commands', () => {
  let work = '';
  let databaseUrl = '';
  before(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'import-cli-'));
    databaseUrl = `file:${path.join(work, 'db', 'catalog.db')}`;
    await writeTcgdexDump(path.join(work, 'dump'), [
      { lang: 'en', sets: [tcgdexSet('en', 'base1')], cards: [tcgdexCard('en', 'base1', '1'), tcgdexCard('en', 'base1', '2')] },
      {
        lang: 'pt-br',
        sets: [tcgdexSet('pt-br', 'A1', { serie: { id: 'tcgp', name: 'Pokémon TCG Pocket' } })],
        cards: [tcgdexCard('pt-br', 'A1', '001')],
      },
    ]);
  });
  after(() => rm(work, { recursive: true, force: true }));

  test('import prints counts per language, the skipped records by reason, and writes the report beside the database', async () => {
    const { code, stdout, stderr } = await cli('import', [path.join(work, 'dump')], databaseUrl);
    assert.equal(code, 0, stderr);
    assert.match(stdout, /^en\s+1\s+2\s+1\s+2$/m);
    assert.match(stdout, /^pt-br\s+1\s+1\s+0\s+0$/m);
    assert.match(stdout, /Pokémon TCG Pocket .* \(2\):\n\s+set pt-br: A1\n\s+card pt-br: A1-001/);
    assert.match(stdout, /The catalog now holds 1 sets and 2 cards\./);
    assert.match(stderr, /read en: started/, 'progress goes to stderr as plain lines when it is not a terminal');
    const report = JSON.parse(await readFile(path.join(work, 'db', 'import-report.json'), 'utf8'));
    assert.equal(report.skipped.length, 2);
  });

  test('the same dump again is unchanged: not read, no report written; --force reads it', async () => {
    const file = path.join(work, 'reports', 'unchanged.json');
    const again = await cli('import', [path.join(work, 'dump'), '--report', file], databaseUrl);
    assert.equal(again.code, 0, again.stderr);
    assert.match(again.stdout, /^The source is unchanged since the last import \(fingerprint [0-9a-f]{12}, mapping version \d+; checked in \d+ ms\)/m);
    assert.match(again.stdout, /The catalog is unchanged: 1 sets and 2 cards\./);
    assert.doesNotMatch(again.stderr, /read en/);
    assert.ok(!existsSync(file), 'the report of the import that made the catalog is the one kept');
    const forced = await cli('import', [path.join(work, 'dump'), '--force'], databaseUrl);
    assert.equal(forced.code, 0, forced.stderr);
    assert.match(forced.stderr, /read en: started/);
    assert.match(forced.stdout, /The catalog now holds 1 sets and 2 cards\./);
  });

  test('--report chooses where the JSON report goes', async () => {
    const file = path.join(work, 'reports', 'mine.json');
    const { code } = await cli('import', [path.join(work, 'dump'), '--report', file, '--force'], databaseUrl);
    assert.equal(code, 0);
    assert.ok(existsSync(file));
  });

  test('export writes the own format, which import reads back', async () => {
    const out = path.join(work, 'export');
    const exported = await cli('export', [out], databaseUrl);
    assert.equal(exported.code, 0, exported.stderr);
    assert.match(exported.stdout, /Exported 1 sets and 2 cards/);
    const other = `file:${path.join(work, 'other.db')}`;
    const imported = await cli('import', [out], other);
    assert.equal(imported.code, 0, imported.stderr);
    assert.match(imported.stdout, /Imported from own export/);
    assert.match(imported.stdout, /The catalog now holds 1 sets and 2 cards\./);

    // set_name and set_code are derived from the set: the export leaves them out, the import makes them again.
    const records = (await readFile(path.join(out, 'cards.ndjson'), 'utf8')).trim().split('\n').map((line) => JSON.parse(line));
    assert.deepEqual(records.map((card) => ['set_name' in card, 'set_code' in card]), [[false, false], [false, false]]);
    const reimported = new StoredCatalog(new SqliteCatalogBackend(path.join(work, 'other.db')));
    try {
      const card = JSON.parse((await reimported.getCard('en-base1-1'))!);
      assert.deepEqual([card.set_name, card.set_code], ['base1 (en)', null]);
    } finally {
      await reimported.close();
    }
    const again = path.join(work, 'export-again');
    assert.equal((await cli('export', [again], other)).code, 0);
    for (const file of ['sets.ndjson', 'cards.ndjson']) {
      assert.equal(await readFile(path.join(again, file), 'utf8'), await readFile(path.join(out, file), 'utf8'), `${file} round trip`);
    }
  });

  test('a source that is none of the three exits 2 with a one-line message, without creating a database', async () => {
    const url = `file:${path.join(work, 'never', 'catalog.db')}`;
    const { code, stderr } = await cli('import', [path.join(work, 'nothing-here')], url);
    assert.equal(code, 2);
    assert.equal(stderr.trim().split('\n').length, 1);
    assert.match(stderr, /^import: .*nothing-here does not exist: expected a TCGdex dump directory/);
    assert.equal(existsSync(path.join(work, 'never')), false);
  });

  test('a missing argument exits 2 with the usage', async () => {
    const { code, stderr } = await cli('import', [], databaseUrl);
    assert.equal(code, 2);
    assert.match(stderr, /name the source to import\n\nusage: npm run import/);
    const exported = await cli('export', [], databaseUrl);
    assert.equal(exported.code, 2);
  });

  test('a failing import exits 1 with a one-line message and leaves the catalog as it was', async () => {
    const broken = path.join(work, 'broken');
    await mkdir(broken);
    await writeFile(path.join(broken, 'en.sets.ndjson.gz'), gzipSync('{"id":"base1"}\n'));
    await writeFile(path.join(broken, 'en.cards.ndjson.gz'), gzipSync('{"id":"base1-1"}\n{oops\n'));
    const { code, stderr } = await cli('import', [broken], databaseUrl);
    assert.equal(code, 1);
    assert.match(stderr, /^import failed: en\.cards\.ndjson\.gz line 2: not JSON/m);
    const exported = await cli('export', [path.join(work, 'export-after-failure')], databaseUrl);
    assert.match(exported.stdout, /Exported 1 sets and 2 cards/);
  });
});
