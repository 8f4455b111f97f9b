/**
 * node dist/bench/catalogStores.js: import time and query latency of each catalog store on a
 * catalog the size of the full one (~130k cards, ~1600 sets): the shared TCGdex dump through the
 * importer when it is there (BENCH_SOURCE), else a generated catalog of the same size.
 * PostgreSQL runs when BENCH_POSTGRES_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres) answers.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { Catalog } from '../src/catalog/catalogShapes.js';
import { searchKey } from '../src/catalog/names/searchKey.js';
import { loadCatalog } from '../src/importer/runImport.js';
import type { CardRecord } from '../src/schemas/card.js';
import type { Language } from '../src/schemas/common.js';
import type { CardSet } from '../src/schemas/set.js';
import type { CatalogStore } from '../src/catalog/catalogStore.js';
import { PostgresCatalogBackend } from '../src/store/postgres/postgresCatalogBackend.js';
import { StoredCatalog } from '../src/catalog/answers/storedCatalog.js';
import { searchStatement } from '../src/store/postgres/searchStatement.js';
import { SqliteCatalogBackend } from '../src/store/sqlite/sqliteCatalogBackend.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dump = process.env.BENCH_SOURCE ?? path.resolve(root, '../shared/data/tcgdex');
const adminUrl = process.env.BENCH_POSTGRES_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
const LANGS: Language[] = ['en', 'ja', 'fr', 'it', 'de', 'es', 'ko', 'pt', 'zh-tw', 'id', 'th', 'zh-cn', 'es-mx', 'ru', 'pl', 'nl'];

/** ~140k cards in 1650 sets with names from a small vocabulary in several scripts. */
function syntheticCatalog(): Catalog {
  const words = ['Pikachu', 'Charizard', 'Kecleon', 'Mewtwo', 'Energy', 'Trainer', 'ピカチュウ', 'リザードン', '피카츄', '皮卡丘', 'พิคาชู'];
  const sets: CardSet[] = [];
  const cards: CardRecord[] = [];
  for (let s = 0; s < 1650; s++) {
    const language = LANGS[s % 12]!;
    const id = `${language}-set${s}`;
    sets.push({ id, name: `Set ${s}`, name_en: null, series: null, release_date: `20${String(s % 25).padStart(2, '0')}-01-01`,
      total: 85, printed_total: 85, language, logo_url: null, symbol_url: null, abbreviation: null });
    for (let n = 1; n <= 85; n++) {
      const name = `${words[(s * 7 + n) % words.length]} ${['', 'V', 'ex', 'GX'][n % 4]}`.trim();
      cards.push({ id: `${id}-${n}`, set_id: id, number: String(n), local_id: `${n}/85`, name, supertype: 'Pokemon', subtypes: null,
        hp: 60, types: ['Fire'], rarity: 'Common', artist: 'Someone', regulation_mark: null,
        image_small: `https://assets.example/${id}/${n}/low.webp`, image_large: `https://assets.example/${id}/${n}/high.webp`,
        updated_at: null, evolves_from: null, pokedex_numbers: null, flavor_text: null, abilities: null, attacks: null,
        weaknesses: null, resistances: null, retreat_cost: null, rules_text: null, legalities: null, variants: [{ variant_key: 'normal', variant_label: 'Normal', is_default: true, image_small: null, image_large: null }] });
    }
  }
  return { sets, cards };
}

async function time<T>(work: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const result = await work();
  return [result, performance.now() - start];
}

const ms = (n: number) => `${n.toFixed(n < 10 ? 2 : 0)} ms`;

async function latency(store: CatalogStore, call: () => Promise<unknown>): Promise<string> {
  for (let i = 0; i < 20; i++) await call();
  const samples: number[] = [];
  for (let i = 0; i < ROUNDS; i++) samples.push((await time(call))[1]);
  samples.sort((a, b) => a - b);
  return `median ${ms(samples[Math.floor(ROUNDS / 2)]!)}, p95 ${ms(samples[Math.floor(ROUNDS * 0.95)]!)}`;
}

async function measure(name: string, store: CatalogStore, catalog: Catalog): Promise<void> {
  console.log(`\n## ${name}`);
  const phases = new Map<string, number>();
  const start = performance.now();
  const [counts, first] = await time(() => store.replaceCatalog(catalog, (phase) => { phases.set(phase, performance.now() - start); }));
  const ends = [...phases].map(([phase, at]) => `${phase} done at ${(at / 1000).toFixed(1)} s`).join(', ');
  console.log(`first import: ${(first / 1000).toFixed(1)} s (${counts.sets} sets, ${counts.cards} cards; ${ends})`);
  const [, same] = await time(() => store.replaceCatalog(catalog));
  console.log(`re-import, nothing changed: ${(same / 1000).toFixed(1)} s`);
  // A newly released set moves every card's search position: the worst re-import.
  const newest: CardSet = { ...catalog.sets[0]!, id: 'en-bench-new', release_date: '2099-01-01' };
  const shifted = { sets: [...catalog.sets, newest], cards: [...catalog.cards, { ...catalog.cards[0]!, id: 'en-bench-new-1', set_id: newest.id }] };
  const [, shift] = await time(() => store.replaceCatalog(shifted));
  console.log(`re-import with a new newest set (every row changes): ${(shift / 1000).toFixed(1)} s`);

  const big = catalog.sets.find((s) => s.id === 'en-sv03.5') ?? catalog.sets[0]!;
  const someCard = catalog.cards[Math.floor(catalog.cards.length / 2)]!.id;
  const searches: Array<[string, string, Language?]> = [
    ['search, common term "pikachu"', 'pikachu'],
    ['search, very common term "energy"', 'energy'],
    ['search, rare term "kecleon"', 'kecleon'],
    ['search, 2-char CJK "ピカ"', searchKey('ピカ')],
    ['search, 2-char CJK "ピカ", lang=ja', searchKey('ピカ'), 'ja'],
    ['search, 2-char Latin "ex" (most matches)', 'ex'],
    ['search, 3-char, no match "qzx"', 'qzx'],
  ];
  for (const [label, key, lang] of searches) {
    const result = await store.searchCards({ key, lang, limit: 20, offset: 0 });
    console.log(`${label} [${result.total} matches]: ${await latency(store, () => store.searchCards({ key, lang, limit: 20, offset: 0 }))}`);
  }
  console.log(`search "pikachu", page at offset 1000: ${await latency(store, () => store.searchCards({ key: 'pikachu', limit: 20, offset: 1000 }))}`);
  console.log(`one card by id: ${await latency(store, () => store.getCard(someCard))}`);
  console.log(`a page of a set's cards (${big.id}, 50): ${await latency(store, () => store.listCardsInSet(big.id, { limit: 50, offset: 0 }))}`);
  console.log(`a set list page (50): ${await latency(store, () => store.listSets({ limit: 50, offset: 0 }))}`);
  console.log(`one set: ${await latency(store, () => store.getSet(big.id))}`);
}

/** The plans of the real search statements, to show which index each walks. */
async function explain(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const key of ['kecleon', 'ex']) {
      const { text, values } = searchStatement({ key, limit: 20, offset: 0 });
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, COSTS OFF) ${text}`, values);
      console.log(`EXPLAIN ANALYZE search "${key}":\n  ${rows.map((r) => r['QUERY PLAN']).join('\n  ')}`);
    }
  } finally {
    await client.end();
  }
}

async function main(): Promise<void> {
  const fromDump = existsSync(path.join(dump, 'en.cards.ndjson.gz'));
  const catalog = fromDump ? (await loadCatalog({ kind: 'tcgdex-dump', dir: dump })).catalog : syntheticCatalog();
  console.log(`catalog: ${catalog.sets.length} sets, ${catalog.cards.length} cards (${fromDump ? dump : 'generated'})`);

  const dir = mkdtempSync(path.join(os.tmpdir(), 'catalog-bench-'));
  const sqlite = new StoredCatalog(new SqliteCatalogBackend(path.join(dir, 'catalog.db')));
  try {
    await measure('SQLite', sqlite, catalog);
  } finally {
    await sqlite.close();
    rmSync(dir, { recursive: true, force: true });
  }

  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch {
    console.log(`\nPostgreSQL: skipped, nothing answers at ${adminUrl}`);
    return;
  }
  const name = `catalog_bench_${process.pid}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    const store = new StoredCatalog(await PostgresCatalogBackend.open({ databaseUrl: url.toString() }));
    try {
      await measure('PostgreSQL', store, catalog);
      await explain(url.toString());
    } finally {
      await store.close();
    }
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

await main();
