import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Catalog } from '../../src/catalog/catalogShapes.js';
import { writeOwnExport } from '../../src/importer/ownExportFormat.js';
import { detectSource, ImportSourceError, loadCatalog, runImport } from '../../src/importer/runImport.js';
import { readOwnExport } from '../../src/importer/sources/ownExport.js';
import type { TcgdexLanguageData } from '../../src/importer/tcgdexRecords.js';
import type { CatalogStore } from '../../src/catalog/catalogStore.js';
import { DEFAULT_STORE_OPTIONS } from '../../src/config.js';
import { openCatalogStore } from '../../src/store/open.js';
import { projectRoot } from '../support/shared.js';
import { tcgdexCard, tcgdexSet, writeTcgdexDump } from '../support/tcgdexFixtures.js';

const FIXTURE: TcgdexLanguageData[] = [
  {
    lang: 'en',
    sets: [tcgdexSet('en', 'base1'), tcgdexSet('en', 'A1', { serie: { id: 'tcgp', name: 'Pokémon TCG Pocket' } })],
    cards: [
      tcgdexCard('en', 'base1', '1'),
      tcgdexCard('en', 'base1', '2', { variants_detailed: [{ type: 'normal' }, { type: 'normal', stamp: ['1st-edition'] }] }),
      tcgdexCard('en', 'A1', '001'),
    ],
  },
  {
    lang: 'fr',
    sets: [tcgdexSet('fr', 'base1')],
    cards: [tcgdexCard('fr', 'base1', '1', { category: 'Pokémon', types: ['Feu'], stage: 'Niveau 2' })],
  },
  { lang: 'ja', sets: [tcgdexSet('ja', 'SV1a', { serie: { id: 'SV', name: 'スカーレット&バイオレット' } })], cards: [] },
];

const sortedById = <T extends { id: string }>(records: T[]) => [...records].sort((a, b) => (a.id < b.id ? -1 : 1));
async function exported(store: CatalogStore): Promise<Catalog> {
  const catalog: Catalog = { sets: [], cards: [] };
  for await (const set of store.exportSets()) catalog.sets.push(set);
  for await (const card of store.exportCards()) catalog.cards.push(card);
  return catalog;
}

let work = '';
before(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'run-import-'));
  await writeTcgdexDump(path.join(work, 'dump'), FIXTURE);
});
after(() => rm(work, { recursive: true, force: true }));

describe('choosing the source from the argument', () => {
  test('an http(s) URL is the TCGdex API', async () => {
    assert.deepEqual(await detectSource('https://api.tcgdex.net/v2/'), { kind: 'tcgdex-api', baseUrl: 'https://api.tcgdex.net/v2' });
  });

  test('a directory of <lang>.sets.ndjson.gz files is a TCGdex dump', async () => {
    assert.deepEqual(await detectSource(path.join(work, 'dump')), { kind: 'tcgdex-dump', dir: path.join(work, 'dump') });
  });

  test('anything else is refused with what was expected', async () => {
    await mkdir(path.join(work, 'empty'), { recursive: true });
    await writeFile(path.join(work, 'file.txt'), 'x');
    for (const argument of [path.join(work, 'empty'), path.join(work, 'missing'), path.join(work, 'file.txt'), 'ftp://example.org']) {
      await assert.rejects(detectSource(argument), (error: Error) => {
        assert.ok(error instanceof ImportSourceError, argument);
        assert.match(error.message, /expected a TCGdex dump directory/);
        return true;
      });
    }
  });
});

describe('importing into a store', () => {
  let store: CatalogStore;
  let copy: CatalogStore;
  before(async () => {
    store = await openCatalogStore(`file:${path.join(work, 'catalog.db')}`, DEFAULT_STORE_OPTIONS);
    copy = await openCatalogStore(`file:${path.join(work, 'copy.db')}`, DEFAULT_STORE_OPTIONS);
  });
  after(async () => {
    await store?.close();
    await copy?.close();
  });

  test('a dump import writes the mapped catalog and reports what it left out', async () => {
    const { report: written, counts } = await runImport(path.join(work, 'dump'), store);
    const report = written!;
    assert.deepEqual(counts, { sets: 3, cards: 3 });
    assert.deepEqual(report.imported, { en: { sets: 1, cards: 2 }, fr: { sets: 1, cards: 1 }, ja: { sets: 1, cards: 0 } });
    assert.deepEqual(report.skipped.map((s) => `${s.kind} ${s.lang} ${s.id}`), ['set en A1', 'card en A1-001']);
    assert.ok(report.timings.read! >= 0 && report.timings.map! >= 0 && report.timings.write! >= 0);
    const card = JSON.parse((await store.getCard('fr-base1-1'))!);
    assert.deepEqual([card.supertype, card.types, card.subtypes], ['Pokemon', ['Fire'], ['Stage2']]);
  });

  test('running the same import again changes nothing', async () => {
    const before = await exported(store);
    const { counts } = await runImport(path.join(work, 'dump'), store);
    assert.deepEqual(counts, { sets: 3, cards: 3 });
    assert.deepEqual(await exported(store), before);
  });

  test('a source that yields no set is refused and the catalog stays', async () => {
    await writeTcgdexDump(path.join(work, 'hollow'), [{ lang: 'en', sets: [], cards: [] }]);
    await assert.rejects(runImport(path.join(work, 'hollow'), store), /gave no sets: the catalog was left as it is/);
    assert.deepEqual(await store.counts(), { sets: 3, cards: 3 });
  });

  test('export then import gives the same catalog', async () => {
    const dir = path.join(work, 'export');
    assert.deepEqual(await writeOwnExport(dir, store), { sets: 3, cards: 3 });
    assert.deepEqual(await detectSource(dir), { kind: 'own-export', dir });
    const { report, counts } = await runImport(dir, copy);
    assert.deepEqual(counts, { sets: 3, cards: 3 });
    assert.deepEqual(report!.skipped, []);
    assert.deepEqual(await exported(copy), await exported(store));

    const mapped = await loadCatalog({ kind: 'tcgdex-dump', dir: path.join(work, 'dump') });
    const roundTrip = await exported(copy);
    assert.deepEqual(sortedById(roundTrip.sets), sortedById(mapped.catalog.sets));
    assert.deepEqual(sortedById(roundTrip.cards), sortedById(mapped.catalog.cards));
  });
});

describe('the export format', () => {
  const dir = () => path.join(work, 'export');

  test('the manifest names the format, its version and the counts', async () => {
    const manifest = JSON.parse(await readFile(path.join(dir(), 'manifest.json'), 'utf8'));
    assert.equal(manifest.format, 'tcg-catalog-export');
    assert.equal(manifest.version, 2);
    assert.deepEqual(manifest.counts, { sets: 3, cards: 3 });
    assert.ok(!Number.isNaN(Date.parse(manifest.exported_at)));
  });

  test('an invalid record or a card of a missing set is skipped with its reason', async () => {
    const broken = path.join(work, 'broken');
    await mkdir(broken, { recursive: true });
    const sets = (await readFile(path.join(dir(), 'sets.ndjson'), 'utf8')).trim().split('\n');
    const cards = (await readFile(path.join(dir(), 'cards.ndjson'), 'utf8')).trim().split('\n');
    const badSet = { ...JSON.parse(sets[0]!), language: 'xx' };
    await writeFile(path.join(broken, 'sets.ndjson'), [JSON.stringify(badSet), ...sets.slice(1)].join('\n'));
    await writeFile(path.join(broken, 'cards.ndjson'), cards.join('\n'));
    await writeFile(path.join(broken, 'manifest.json'), JSON.stringify({
      format: 'tcg-catalog-export', version: 2, exported_at: new Date().toISOString(), counts: { sets: 3, cards: 3 },
    }));
    const { catalog, report } = await readOwnExport(broken);
    assert.equal(catalog.sets.length, 2);
    const [skippedSet, ...skippedCards] = report.skipped;
    assert.equal(skippedSet!.id, badSet.id);
    assert.match(skippedSet!.reason, /^invalid record: \/language/);
    assert.ok(skippedCards.length > 0);
    assert.ok(skippedCards.every((s) => s.reason === `its set ${badSet.id} is not in the export`));
    assert.equal(catalog.cards.length + skippedCards.length, 3);
  });

  test('an export holding fewer records than its manifest counts is refused', async () => {
    const broken = path.join(work, 'broken');
    await writeFile(path.join(broken, 'manifest.json'), JSON.stringify({
      format: 'tcg-catalog-export', version: 2, exported_at: new Date().toISOString(), counts: { sets: 3, cards: 4 },
    }));
    await assert.rejects(readOwnExport(broken), /incomplete: manifest\.json counts 4 records in cards\.ndjson, the file holds 3/);
  });

  test('a manifest of another format or version is refused', async () => {
    const broken = path.join(work, 'broken');
    await writeFile(path.join(broken, 'manifest.json'), JSON.stringify({ format: 'tcg-catalog-export', version: 3 }));
    await assert.rejects(readOwnExport(broken), /version 3; this service reads versions 1 and 2/);
    await writeFile(path.join(broken, 'manifest.json'), JSON.stringify({ name: 'some-package' }));
    await assert.rejects(readOwnExport(broken), /not one of a tcg-catalog-export/);
  });

  test('the demo catalog that ships with the project is a valid export', async () => {
    const { catalog, report } = await readOwnExport(path.join(projectRoot, 'fixtures', 'demo-catalog'));
    assert.deepEqual(report.skipped, []);
    assert.ok(catalog.cards.length > 0);
  });

  test('a version 1 export, made before the gameplay fields and set abbreviations, imports with them null', async () => {
    const old = path.join(work, 'version-1');
    await mkdir(old, { recursive: true });
    const lines = async (file: string) => (await readFile(path.join(dir(), file), 'utf8')).trim().split('\n').map((l) => JSON.parse(l));
    const sets = (await lines('sets.ndjson')).map(({ abbreviation: _, ...set }) => set);
    const cards = (await lines('cards.ndjson')).map(({
      evolves_from: _a, pokedex_numbers: _b, flavor_text: _c, abilities: _d, attacks: _e, weaknesses: _f,
      resistances: _g, retreat_cost: _h, rules_text: _i, legalities: _j, ...card
    }) => card);
    await writeFile(path.join(old, 'sets.ndjson'), sets.map((s) => JSON.stringify(s)).join('\n'));
    await writeFile(path.join(old, 'cards.ndjson'), cards.map((c) => JSON.stringify(c)).join('\n'));
    await writeFile(path.join(old, 'manifest.json'), JSON.stringify({ format: 'tcg-catalog-export', version: 1, counts: { sets: 3, cards: 3 } }));

    const { catalog, report } = await readOwnExport(old);
    assert.deepEqual(report.skipped, []);
    assert.equal(catalog.cards.length, 3);
    for (const set of catalog.sets) assert.equal(set.abbreviation, null);
    for (const card of catalog.cards) {
      assert.deepEqual(
        [card.evolves_from, card.pokedex_numbers, card.flavor_text, card.abilities, card.attacks, card.weaknesses,
          card.resistances, card.retreat_cost, card.rules_text, card.legalities],
        Array(10).fill(null),
      );
    }

    // A version 2 export must carry them: the same records are refused there.
    await writeFile(path.join(old, 'manifest.json'), JSON.stringify({ format: 'tcg-catalog-export', version: 2, counts: { sets: 3, cards: 3 } }));
    const strict = await readOwnExport(old);
    assert.equal(strict.catalog.sets.length, 0);
    assert.match(strict.report.skipped[0]!.reason, /^invalid record: \/abbreviation is required/);
  });

  test('an export refuses a directory holding other files', async () => {
    const emptyCatalog = { exportSets: async function* () {}, exportCards: async function* () {} };
    await assert.rejects(writeOwnExport(path.join(work, 'dump'), emptyCatalog), /is not empty .*choose a new or empty directory/);
  });
});
