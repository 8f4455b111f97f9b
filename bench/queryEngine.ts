/**
 * The query engine alone (src/catalog/query/), no HTTP: builds a DocumentIndex over about 20,000
 * cards shaped like pokemontcg.io's and times representative queries, each parsed and answered
 * (a page of 250, as /v2 serves), one after another on this thread. The cards are the English /v1
 * cards of a full-catalog SQLite file (CATALOG_DB, /tmp/full/catalog.db unless told) reshaped, or
 * made up (seeded) when there is none. Run after a build:
 *   node --expose-gc dist/bench/queryEngine.js [turns]
 * Prints the build time, the memory the index holds (heap and typed arrays), and each query's first call (which builds what
 * it needs on first use: a phrase's word sequences, an order's ranks) and its p50 and p99 after.
 */
import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';
import type { FieldCatalog } from '../src/catalog/query/fieldCatalog.js';
import { DocumentIndex } from '../src/catalog/query/documentIndex.js';
import { parseOrderBy } from '../src/catalog/query/orderBy.js';
import { parseQuery } from '../src/catalog/query/queryParser.js';
import { seededRandom } from '../test/support/seededRandom.js';

const FIELDS: FieldCatalog = {
  id: { kind: 'keyword', sortable: true },
  name: { kind: 'text', sortable: true },
  supertype: { kind: 'text', sortable: true },
  subtypes: { kind: 'text' },
  hp: { kind: 'number', sortable: true },
  types: { kind: 'text' },
  evolvesFrom: { kind: 'text' },
  'attacks.name': { kind: 'text' },
  'attacks.text': { kind: 'text' },
  'attacks.damage': { kind: 'keyword' },
  'attacks.convertedEnergyCost': { kind: 'number' },
  'abilities.name': { kind: 'text' },
  'weaknesses.type': { kind: 'text' },
  convertedRetreatCost: { kind: 'number', sortable: true },
  'set.id': { kind: 'keyword', sortable: true },
  'set.name': { kind: 'text', sortable: true },
  'set.series': { kind: 'text', sortable: true },
  'set.ptcgoCode': { kind: 'keyword' },
  'set.releaseDate': { kind: 'date', sortable: true },
  number: { kind: 'keyword', sortable: true },
  artist: { kind: 'text', sortable: true },
  rarity: { kind: 'text', sortable: true },
  regulationMark: { kind: 'keyword' },
  nationalPokedexNumbers: { kind: 'number', sortable: true },
  'legalities.standard': { kind: 'keyword' },
  'legalities.expanded': { kind: 'keyword' },
};

const QUERIES: Array<{ kind: string; q: string; orderBy?: string }> = [
  { kind: 'term', q: 'name:charizard' },
  { kind: 'term (common)', q: 'supertype:pokemon' },
  { kind: 'phrase', q: 'name:"venusaur v"' },
  { kind: 'phrase (game text)', q: 'attacks.text:"your opponent\'s active pokemon"' },
  { kind: 'wildcard prefix', q: 'name:char*' },
  { kind: 'wildcard inside', q: 'name:char*der' },
  { kind: 'leading wildcard', q: 'name:*x*' },
  { kind: 'range + term', q: 'hp:[150 TO *] types:fire' },
  { kind: 'date range', q: 'set.releaseDate:[2020/01/01 TO *] subtypes:basic' },
  { kind: 'OR', q: 'name:pikachu OR name:charizard' },
  { kind: 'negation', q: 'supertype:pokemon -types:water' },
  { kind: 'orderBy nested', q: 'subtypes:basic', orderBy: '-set.releaseDate' },
  { kind: 'orderBy, no query', q: '', orderBy: 'name,-number' },
  { kind: 'bare word', q: 'charizard' },
];

const turns = Number(process.argv[2] ?? 500);
const gc = (globalThis as { gc?: () => void }).gc;
if (gc === undefined) {
  console.error('run with node --expose-gc: the memory figures need a collection before each reading');
  process.exit(1);
}

const documents = loadCards();
gc();
const held = () => process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
const heapBefore = held();
const started = performance.now();
const index = new DocumentIndex(documents, FIELDS, 'id');
const buildMs = performance.now() - started;
gc();
const heapAfter = held();
console.log(`${documents.length} cards (${documents.source}), ${Object.keys(FIELDS).length} fields: built in ${buildMs.toFixed(0)} ms, index holds ${((heapAfter - heapBefore) / 2 ** 20).toFixed(1)} MiB`);
console.log(['kind'.padEnd(22), 'total'.padStart(6), 'first µs'.padStart(10), 'p50 µs'.padStart(8), 'p99 µs'.padStart(8), '  query'].join(' '));
for (const { kind, q, orderBy } of QUERIES) {
  const answer = () => index.search({
    query: q === '' ? undefined : parseQuery(q, FIELDS),
    orderBy: orderBy === undefined ? undefined : parseOrderBy(orderBy, FIELDS),
    offset: 0,
    limit: 250,
  });
  let at = performance.now();
  const { total } = answer();
  const first = (performance.now() - at) * 1000;
  const times: number[] = [];
  for (let turn = 0; turn < turns; turn++) {
    at = performance.now();
    answer();
    times.push((performance.now() - at) * 1000);
  }
  times.sort((a, b) => a - b);
  const quantile = (share: number) => times[Math.min(times.length - 1, Math.floor(share * times.length))]!;
  console.log([kind.padEnd(22), String(total).padStart(6), first.toFixed(0).padStart(10), quantile(0.5).toFixed(0).padStart(8), quantile(0.99).toFixed(0).padStart(8), `  ${q}${orderBy ? ` orderBy=${orderBy}` : ''}`].join(' '));
}
gc();
console.log(`the index holds ${((held() - heapBefore) / 2 ** 20).toFixed(1)} MiB after the queries' first uses (heap and typed arrays, over the documents')`);

type Cards = object[] & { source: string };

function loadCards(): Cards {
  const file = process.env.CATALOG_DB ?? '/tmp/full/catalog.db';
  if (!existsSync(file)) return Object.assign(madeUpCards(20_000), { source: 'made up' });
  const db = new Database(file, { readonly: true });
  const sets = new Map(db.prepare("SELECT id, doc FROM sets WHERE lang = 'en'").all().map((row) => {
    const { id, doc } = row as { id: string; doc: string };
    return [id, JSON.parse(doc) as Record<string, unknown>];
  }));
  const rows = db.prepare("SELECT doc FROM cards WHERE lang = 'en' ORDER BY search_order").all() as Array<{ doc: string }>;
  db.close();
  return Object.assign(rows.map(({ doc }) => asPokemontcgCard(JSON.parse(doc) as V1Card, sets)), { source: file });
}

interface V1Card {
  id: string; name: string; supertype: string; subtypes: string[]; hp: number | null; types: string[] | null;
  evolves_from: string | null; set_id: string; number: string; artist: string | null; rarity: string | null;
  regulation_mark: string | null; pokedex_numbers: number[] | null; retreat_cost: number | null;
  attacks: Array<{ name: string; cost: string[] | null; damage: string | null; effect: string | null }> | null;
  abilities: Array<{ name: string }> | null; weaknesses: Array<{ type: string }> | null;
  legalities: { standard: boolean; expanded: boolean };
}

/** A /v1 card in pokemontcg.io's field names and types, roughly: enough to index like theirs. */
function asPokemontcgCard(card: V1Card, sets: Map<string, Record<string, unknown>>): object {
  const set = sets.get(card.set_id) ?? {};
  const legal = (held: boolean) => (held ? 'Legal' : undefined);
  return {
    id: card.id, name: card.name, supertype: card.supertype === 'Pokemon' ? 'Pokémon' : card.supertype, subtypes: card.subtypes,
    hp: card.hp === null ? undefined : String(card.hp), types: card.types, evolvesFrom: card.evolves_from,
    attacks: card.attacks?.map((attack) => ({ name: attack.name, text: attack.effect, damage: attack.damage, convertedEnergyCost: attack.cost?.length ?? 0 })),
    abilities: card.abilities, weaknesses: card.weaknesses, convertedRetreatCost: card.retreat_cost,
    set: { id: set.id, name: set.name, series: set.series, ptcgoCode: set.code, releaseDate: typeof set.release_date === 'string' ? set.release_date.replaceAll('-', '/') : undefined },
    number: card.number, artist: card.artist, rarity: card.rarity, regulationMark: card.regulation_mark,
    nationalPokedexNumbers: card.pokedex_numbers,
    legalities: { standard: legal(card.legalities.standard), expanded: legal(card.legalities.expanded) },
  };
}

function madeUpCards(count: number): object[] {
  const random = seededRandom(46);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const names = ['Charizard', 'Charmander', 'Pikachu', 'Venusaur', 'Blastoise', 'Mewtwo', 'Eevee', 'Snorlax', 'Gengar', 'Lucario', 'Garchomp', 'Rayquaza'];
  const suffixes = ['', '', '', ' ex', ' V', ' VMAX', ' GX', '-EX', ' δ'];
  const types = ['Fire', 'Water', 'Grass', 'Lightning', 'Psychic', 'Fighting', 'Darkness', 'Metal', 'Colorless', 'Dragon'];
  const words = ['your', 'opponent\'s', 'active', 'Pokémon', 'damage', 'flip', 'a', 'coin', 'if', 'heads', 'this', 'attack', 'does', 'more', 'discard', 'energy', 'card', 'from', 'hand', 'deck', 'search', 'bench', 'is', 'now', 'Paralyzed'];
  return Array.from({ length: count }, (_, i) => {
    const set = i % 200;
    return {
      id: `set${set}-${i}`, name: `${random() < 0.1 ? 'Dark ' : ''}${pick(names)}${pick(suffixes)}`, supertype: random() < 0.8 ? 'Pokémon' : 'Trainer',
      subtypes: [pick(['Basic', 'Stage 1', 'Stage 2', 'MEGA', 'VMAX'])], hp: String(30 + 10 * Math.floor(random() * 30)), types: [pick(types)],
      attacks: Array.from({ length: 1 + Math.floor(random() * 2) }, () => ({
        name: `${pick(['Fire', 'Water', 'Quick', 'Mega', 'Hyper'])} ${pick(['Spin', 'Blast', 'Attack', 'Punch'])}`,
        text: Array.from({ length: 12 }, () => pick(words)).join(' '), convertedEnergyCost: Math.floor(random() * 5),
      })),
      set: { id: `set${set}`, name: `Set ${set}`, releaseDate: `${1999 + Math.floor(set / 8)}/0${1 + (set % 9)}/1${set % 10}` },
      number: String(1 + Math.floor(i / 200)), nationalPokedexNumbers: [1 + Math.floor(random() * 1000)],
      legalities: random() < 0.3 ? { standard: 'Legal' } : {},
    };
  });
}
