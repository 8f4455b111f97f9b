import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { PtcgCatalogRead } from '../../../src/catalog/ptcg/readPtcgCatalog.js';
import { PTCG_CARD_FIELDS } from '../../../src/catalog/ptcg/ptcgFields.js';
import { DocumentIndex } from '../../../src/catalog/query/documentIndex.js';
import { parseQuery } from '../../../src/catalog/query/queryParser.js';
import { englishPtcgCatalog } from '../../support/ptcgCatalog.js';
import { needsSharedDump, projectRoot } from '../../support/shared.js';

/*
 * The check we keep against pokemontcg.io's own records: a sample of the cards both catalogs hold,
 * field by field, and the queries real apps send, answered by the one query engine over our records
 * and over theirs (pokemontcg.io's service itself cannot be reached from here). Their data repository has no licence, so nothing of it is in this project: the test
 * reads a copy at run time (POKEMONTCG_DATA: a checkout or a bare clone of it, or of a fork), and skips
 * without one. The two catalogs are different sources, so a field is held to a share of agreement,
 * not to equality, where the sources themselves differ (a name's hyphen, an attack's wording).
 */

const DATA = process.env.POKEMONTCG_DATA ?? path.resolve(projectRoot, '../.mirror/tkfnetwork+pokemon-tcg-data/repo');
const SAMPLE_SIZE = 200;

/** A file of their repository, from a checkout or a bare clone. */
function theirFile(file: string): string {
  const plain = path.join(DATA, file);
  if (existsSync(plain)) return readFileSync(plain, 'utf8');
  return execFileSync('git', ['-C', DATA, 'show', `HEAD:${file}`], { encoding: 'utf8', maxBuffer: 64 << 20 });
}

function haveTheirData(): { skip: string | false } {
  const need = needsSharedDump();
  if (need.skip) return need;
  if (existsSync(path.join(DATA, 'sets/en.json')) || existsSync(path.join(DATA, 'HEAD'))) return { skip: false };
  return { skip: `needs a copy of pokemontcg.io's data repository at ${DATA} (POKEMONTCG_DATA)` };
}

type TheirRecord = { [key: string]: unknown; id: string };

/** The least share of the sample on which each field agrees, from what the two sources say. */
const AGREEMENT: Readonly<{ [field: string]: number }> = {
  supertype: 1, number: 0.98, hp: 0.97, types: 0.97, convertedRetreatCost: 0.97, nationalPokedexNumbers: 0.97, regulationMark: 0.97,
  name: 0.85, subtypes: 0.85, rarity: 0.8, rules: 0.85, evolvesFrom: 0.95, evolvesTo: 0.85, artist: 0.85, flavorText: 0.9,
  attacks: 0.7, abilities: 0.9, weaknesses: 0.9, resistances: 0.95, 'legalities.unlimited': 0.97,
};

/** A field's value as compared: lists of words as sets, since the two order some of them differently. */
function compared(record: TheirRecord, field: string): string {
  const value = field === 'legalities.unlimited' ? (record.legalities as { unlimited?: string }).unlimited : record[field];
  return JSON.stringify(field === 'subtypes' || field === 'evolvesTo' ? [...(value as string[] | undefined ?? [])].sort() : value);
}

describe("our pokemontcg.io objects against pokemontcg.io's records", () => {
  let catalog: Awaited<ReturnType<typeof englishPtcgCatalog>> | undefined;
  let read: PtcgCatalogRead;
  let theirSets: TheirRecord[];
  const theirCards = new Map<string, TheirRecord>();
  before(async () => {
    if (haveTheirData().skip) return;
    catalog = await englishPtcgCatalog();
    read = catalog.read;
    theirSets = JSON.parse(theirFile('sets/en.json')) as TheirRecord[];
    for (const set of theirSets) {
      // Their cards carry no set: the set is the file they are in. Queries name `set.*`, so each gets its set.
      for (const card of JSON.parse(theirFile(`cards/en/${set.id}.json`)) as TheirRecord[]) theirCards.set(card.id, { ...card, set });
    }
  });
  after(() => catalog?.close());

  it('names each set they had with their id, name, series and release date', haveTheirData(), () => {
    const ours = new Map(read.sets.map((set) => [set.id, set]));
    for (const theirs of theirSets) {
      const set = ours.get(theirs.id);
      assert.ok(set, `their set ${theirs.id}`);
      assert.deepEqual([set.name, set.series, set.releaseDate], [theirs.name, theirs.series, theirs.releaseDate], theirs.id);
    }
  });

  it('reaches nearly every card id of theirs', haveTheirData(), (t) => {
    const ours = new Set(read.cards.map((card) => card.id));
    const reached = [...theirCards.keys()].filter((id) => ours.has(id)).length;
    t.diagnostic(`${reached} of their ${theirCards.size} card ids reached`);
    assert.ok(reached >= theirCards.size * 0.995, `${reached} of ${theirCards.size}`);
  });

  it('agrees with their records field by field on a sample of the cards both hold', haveTheirData(), (t) => {
    const both = read.cards.filter((card) => theirCards.has(card.id));
    const sample = Array.from({ length: SAMPLE_SIZE }, (_, i) => both[Math.floor((i * both.length) / SAMPLE_SIZE)]!);
    const shares: string[] = [];
    for (const [field, least] of Object.entries(AGREEMENT)) {
      const differing = sample.filter((card) => compared(card as unknown as TheirRecord, field) !== compared(theirCards.get(card.id)!, field));
      const share = 1 - differing.length / sample.length;
      shares.push(`${field} ${share.toFixed(3)}`);
      assert.ok(share >= least, `${field}: ${share.toFixed(3)} of the sample agrees, under ${least} (${differing.slice(0, 5).map((c) => c.id).join(', ')})`);
    }
    t.diagnostic(shares.join('; '));
  });

  it('answers the queries real apps send as their records answer them, on the cards both hold', haveTheirData(), (t) => {
    // What apps send (their issues and SDK examples); legality is left out, as ours follows the latest rotation.
    const queries = [
      'name:charizard', 'set.id:base1', 'name:"pika*"', 'name:*x* set.series:base', 'id:xy7-54', '!name:pikachu',
      'types:fire subtypes:"stage 2" set.series:"sword & shield"', 'nationalPokedexNumbers:[1 TO 151] set.id:base1',
      'supertype:trainer set.id:sv1', 'hp:[150 TO *] set.id:swsh12pt5', 'set.name:generations subtypes:mega',
      'name:charizard (subtypes:mega OR subtypes:vmax)', 'subtypes:mega -types:water', 'attacks.name:spelunk',
      'evolvesFrom:charmeleon', 'set.releaseDate:[2021/01/01 TO 2021/12/31] supertype:energy',
    ];
    const both = read.cards.filter((card) => theirCards.has(card.id));
    const ours = new DocumentIndex(both, PTCG_CARD_FIELDS, 'id');
    const theirs = new DocumentIndex(both.map((card) => theirCards.get(card.id)!), PTCG_CARD_FIELDS, 'id');
    const idsOf = (index: DocumentIndex, q: string) => new Set(index.search({ query: parseQuery(q, PTCG_CARD_FIELDS), offset: 0, limit: both.length })
      .ordinals.map((ordinal) => both[ordinal]!.id));
    const shares: string[] = [];
    for (const q of queries) {
      const [a, b] = [idsOf(ours, q), idsOf(theirs, q)];
      const common = [...a].filter((id) => b.has(id)).length;
      const union = a.size + b.size - common;
      const share = union === 0 ? 1 : common / union;
      shares.push(`${q}: ${a.size}/${b.size} ${share.toFixed(2)}`);
      assert.ok(b.size > 0, `${q} finds their cards`);
      assert.ok(share >= 0.9, `${q}: ours ${a.size}, theirs ${b.size}, ${common} in common (${[...b].filter((id) => !a.has(id)).slice(0, 5).join(', ')} only theirs)`);
    }
    t.diagnostic(shares.join('; '));
  });
});
