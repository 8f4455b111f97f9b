import { createReadStream } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';

/*
 * The scan that finds the labels a source runs into card names (src/catalog/names/sourceNameSuffixes.ts):
 * in one language's TCGdex cards, the trailing words (one to four) that several Trainer or Energy
 * names share, all of one set, and no name of another set ends with. A label printed beside the
 * name of a set's cards (Phantom Forces' `Team Flare Gear`) is such a phrase; so are names a set
 * gives a family of cards (`Fire Cube 01`, `Water Cube 01`), which is why a person reads the list.
 */

/** A trailing phrase and the names that end with it. */
export interface TrailingPhrase {
  phrase: string;
  set: string;
  names: string[];
}

interface NamedCard {
  id: string;
  name: string;
  category?: string;
}

/** The trailing phrases of one language's cards (TCGdex API v2 objects), by phrase. */
export function trailingPhrases(cards: Iterable<NamedCard>): TrailingPhrase[] {
  const setsOfName = new Map<string, Set<string>>();
  for (const card of cards) {
    if (card.category === 'Pokemon') continue;
    const set = card.id.slice(0, card.id.lastIndexOf('-'));
    const sets = setsOfName.get(card.name) ?? new Set<string>();
    sets.add(set);
    setsOfName.set(card.name, sets);
  }
  const namesOfPhrase = new Map<string, Set<string>>();
  for (const name of setsOfName.keys()) {
    const words = name.split(/[\s-]+/u);
    for (let k = 1; k <= Math.min(4, words.length - 1); k++) {
      const phrase = words.slice(-k).join(' ');
      const names = namesOfPhrase.get(phrase) ?? new Set<string>();
      names.add(name);
      namesOfPhrase.set(phrase, names);
    }
  }
  const found: TrailingPhrase[] = [];
  for (const [phrase, names] of namesOfPhrase) {
    if (names.size < 2) continue;
    const sets = new Set([...names].flatMap((name) => [...setsOfName.get(name)!]));
    if (sets.size === 1) found.push({ phrase, set: [...sets][0]!, names: [...names].sort() });
  }
  return found.sort((a, b) => (a.phrase < b.phrase ? -1 : a.phrase > b.phrase ? 1 : 0));
}

/** The cards of `<dir>/<lang>.cards.ndjson.gz`, one object a line. */
export async function* dumpCards(dir: string, lang: string): AsyncGenerator<NamedCard> {
  const lines = createInterface({ input: createReadStream(path.join(dir, `${lang}.cards.ndjson.gz`)).pipe(createGunzip()), crlfDelay: Infinity });
  for await (const line of lines) if (line.trim() !== '') yield JSON.parse(line) as NamedCard;
}

/** `node dist/tools/nameSuffixScan.js <dump dir> <lang>...`: prints each language's phrases. */
async function main(dir: string, langs: readonly string[]): Promise<void> {
  for (const lang of langs) {
    const cards: NamedCard[] = [];
    for await (const card of dumpCards(dir, lang)) cards.push(card);
    for (const { phrase, set, names } of trailingPhrases(cards)) console.log(`${lang}\t${set}\t${phrase}\t${names.join(' | ')}`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const [dir, ...langs] = process.argv.slice(2);
  if (!dir || langs.length === 0) {
    console.error('usage: node dist/tools/nameSuffixScan.js <dump dir> <lang>...');
    process.exitCode = 2;
  } else {
    await main(dir, langs);
  }
}
