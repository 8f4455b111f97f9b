import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { after, describe, test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { catalogLanguageOf, mapTcgdex, REASONS } from '../../src/importer/mapTcgdex.js';
import { readTcgdexDump } from '../../src/importer/sources/tcgdexDump.js';
import type { TcgdexLanguageData, TcgdexSet } from '../../src/importer/tcgdexRecords.js';
import { needsSharedDump, sharedDumpDir } from '../support/shared.js';
import { tcgdexCard, tcgdexSet, writeTcgdexDump } from '../support/tcgdexFixtures.js';

async function readAll(dir: string, languages?: string[]): Promise<TcgdexLanguageData[]> {
  const out: TcgdexLanguageData[] = [];
  for await (const language of readTcgdexDump(dir, { languages })) out.push(language);
  return out;
}

describe('reading a dump directory', () => {
  let dir = '';
  after(() => rm(dir, { recursive: true, force: true }));

  test('yields every language, English first, with only the fields the mapping uses', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'tcgdex-dump-'));
    const kept = tcgdexCard('fr', 'base1', '4', {
      attacks: [{ name: 'Feu', cost: ['Feu'], damage: '30+' }], weaknesses: [{ type: 'Eau', value: '×2' }],
      legal: { standard: false, expanded: true },
    });
    const card = { ...kept, pricing: { x: 1 }, item: { name: 'Objet', effect: 'Texte.' }, attacks: [{ name: 'Feu', cost: ['Feu'], damage: '30+', x: 1 }] };
    await writeTcgdexDump(dir, [
      { lang: 'fr', sets: [tcgdexSet('fr', 'base1')], cards: [card] },
      { lang: 'en', sets: [{ ...tcgdexSet('en', 'base1'), abbreviation: { official: 'BS', localized: 'BS' }, boosters: [] } as TcgdexSet], cards: [] },
    ]);
    const languages = await readAll(dir);
    assert.deepEqual(languages.map((l) => l.lang), ['en', 'fr']);
    assert.deepEqual(languages[1]!.cards, [kept]);
    assert.deepEqual(languages[0]!.sets, [{ ...tcgdexSet('en', 'base1'), abbreviation: { official: 'BS' } }]);
  });

  test('reads lines ending in \\r\\n, blank lines and a last line without its end as it reads plain ones', async () => {
    const card = (n: string) => JSON.stringify(tcgdexCard('en', 'base1', n));
    await writeFile(path.join(dir, 'en.cards.ndjson.gz'), gzipSync(`${card('1')}\r\n\r\n${card('2')}\n\n${card('3')}`));
    const [english] = await readAll(dir, ['en']);
    assert.deepEqual(english!.cards.map((c) => c.id), ['base1-1', 'base1-2', 'base1-3']);
  });

  test('a line that is not JSON fails with its file and line', async () => {
    await writeFile(path.join(dir, 'en.cards.ndjson.gz'), gzipSync('{"id":"base1-1"}\n{oops\n'));
    await assert.rejects(readAll(dir, ['en']), /en\.cards\.ndjson\.gz line 2: not JSON/);
  });

  test('a sets file without its cards file is an incomplete dump', async () => {
    await writeFile(path.join(dir, 'de.sets.ndjson.gz'), gzipSync(''));
    await assert.rejects(readAll(dir, ['de']), /incomplete: de\.cards\.ndjson\.gz/);
  });
});

/** The per-language counts of shared/data/tcgdex/README.md. */
const DUMP_COUNTS: Record<string, [number, number]> = {
  en: [218, 23546], fr: [200, 21913], es: [154, 15320], 'es-mx': [9, 1467], it: [191, 15551],
  pt: [123, 13873], 'pt-br': [11, 1124], de: [153, 20308], nl: [3, 0], pl: [2, 0], ru: [9, 0],
  ja: [184, 12781], ko: [95, 239], 'zh-tw': [98, 7436], id: [70, 2788], th: [72, 2921], 'zh-cn': [57, 877],
};

describe('the whole shared dump', needsSharedDump(), () => {
  test('every set and card read is in the catalog or skipped with a reason', async (t) => {
    let started = performance.now();
    const languages = await readAll(sharedDumpDir);
    const readMs = performance.now() - started;
    started = performance.now();
    const { catalog, report } = mapTcgdex(languages);
    const mapMs = performance.now() - started;
    t.diagnostic(`read the dump in ${(readMs / 1000).toFixed(2)} s, mapped it in ${(mapMs / 1000).toFixed(2)} s `
      + `(${catalog.sets.length} sets, ${catalog.cards.length} cards, ${report.skipped.length} skipped)`);

    for (const [lang, [sets, cards]] of Object.entries(DUMP_COUNTS)) {
      assert.deepEqual(report.read[lang], { sets, cards }, `read counts of ${lang}`);
    }

    const setIds = new Set(catalog.sets.map((s) => s.id));
    const cardIds = new Set(catalog.cards.map((c) => c.id));
    const skipped = new Set(report.skipped.map((s) => `${s.kind} ${s.lang} ${s.id}`));
    assert.ok(report.skipped.every((s) => s.reason.length > 0));
    for (const { lang, sets, cards } of languages) {
      const prefix = catalogLanguageOf(lang);
      for (const set of sets) {
        assert.ok(setIds.has(`${prefix}-${set.id}`) || skipped.has(`set ${lang} ${set.id}`), `set ${lang} ${set.id}`);
      }
      for (const card of cards) {
        assert.ok(cardIds.has(`${prefix}-${card.id}`) || skipped.has(`card ${lang} ${card.id}`), `card ${lang} ${card.id}`);
      }
    }
    const skippedCards = report.skipped.filter((s) => s.kind === 'card').length;
    assert.equal(catalog.cards.length + skippedCards, 140144);
    const built = report.notes!.setsBuiltFromCardBrief.length;
    const skippedSets = report.skipped.filter((s) => s.kind === 'set').length;
    assert.equal(catalog.sets.length - built + skippedSets, 1649);

    // What the dump's README says about its gaps.
    const pocket = report.skipped.filter((s) => s.reason === REASONS.pocket);
    assert.equal(pocket.filter((s) => s.kind === 'card').length, 2480 + 2116 + 1253 + 1246 + 1227 + 1124);
    assert.equal(report.skipped.length, pocket.length, 'nothing but Pocket is skipped');
    assert.equal(built, 16);
    const builtSets = new Set(report.notes!.setsBuiltFromCardBrief);
    assert.equal(catalog.cards.filter((c) => builtSets.has(c.set_id)).length, 250);
    assert.deepEqual(report.notes!.untranslated, [
      // ja M1L-023 prints a cost TCGdex spells `Void`: no energy type, so it is left out of the cost.
      { lang: 'ja', field: 'attack cost', value: 'Void', count: 1 },
    ], 'every localized value has an English one');
    assert.equal(report.imported.pt!.cards, 13873);
    assert.equal(report.imported['pt-br'], undefined);

    for (const card of catalog.cards) {
      assert.equal(new Set(card.variants.map((v) => v.variant_key)).size, card.variants.length, card.id);
      assert.equal(card.variants.filter((v) => v.is_default).length, 1, card.id);
    }
  });
});
