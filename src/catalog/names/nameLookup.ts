import { boundedEditDistance } from './editDistance.js';
import { wordStarts } from './nameWords.js';
import { withoutSourceSuffix } from './sourceNameSuffixes.js';

/**
 * Each distinct folded name of each language as the backend reads it once per catalog version:
 * [language, folded name, the name as its newest printing spells it, how many printings the name
 * has in that language, the id of its newest printing (the first in search order)].
 */
export type NameSpelling = [lang: string, nameKey: string, name: string, printings: number, newestId: string];

export interface NameSpellings {
  version: string;
  rows: NameSpelling[];
}

/** A name found near a typed one, and how many edits apart (OSA distance of the folded names). */
export interface NearName {
  entry: number;
  distance: number;
}

/** What a typed name never folds to: the ends of a name, so its first and last letters count in its trigrams. */
const START = '\u0002';
const END = '\u0003';

const codePoints = (text: string): number[] => Array.from(text, (char) => char.codePointAt(0)!);

/** Each distinct trigram of the name padded with two START before and two END after it. */
export function paddedTrigrams(key: string): string[] {
  const chars = [START, START, ...key, END, END];
  const grams = new Set<string>();
  for (let i = 0; i + 2 < chars.length; i++) grams.add(chars[i]! + chars[i + 1]! + chars[i + 2]!);
  return [...grams];
}

/**
 * The distinct names of one catalog version, per language, for lookups by name as people type them
 * (GET /v1/cards/named, /v1/cards/autocomplete, a search's suggestions): each (language, folded
 * name) once, sorted by language then folded name, so a language is a range and a prefix a range
 * within it; and each padded trigram's entries, in that order, so a typed name's candidates are
 * counted over a few posting lists instead of comparing it with every name. Built from the
 * backend's nameSpellings(), read once per catalog version.
 */
export class NameLookup {
  /** Per language, where its entries start and end. */
  private readonly ranges = new Map<string, readonly [number, number]>();
  private readonly gramIds = new Map<string, number>();
  private readonly postingStarts: Int32Array;
  private readonly postings: Int32Array;
  /** Every entry's folded name as code points, one after the other: entry e's are at charStarts[e] to charStarts[e + 1]. */
  private readonly chars: Int32Array;
  private readonly charStarts: Int32Array;
  /** Each entry's word starts (wordStartsOf), filled as they are asked for. */
  private readonly wordStartsMemo: Array<readonly number[] | undefined> = [];
  /** Scratch counts of shared trigrams per entry; lookups are synchronous, so one array serves them all. */
  private readonly shared: Uint8Array;

  readonly keys: readonly string[];
  readonly names: readonly string[];
  readonly languages: readonly string[];
  readonly printings: Int32Array;
  readonly newestIds: readonly string[];

  constructor(readonly version: string, spellings: readonly NameSpelling[]) {
    const rows = [...spellings, ...withoutSourceSuffixes(spellings)].sort(([langA, keyA], [langB, keyB]) =>
      (langA < langB ? -1 : langA > langB ? 1 : keyA < keyB ? -1 : keyA > keyB ? 1 : 0));
    this.keys = rows.map((row) => row[1]);
    this.names = rows.map((row) => row[2]);
    // One string per language, not one per row as the driver read them.
    const languageCodes = new Map<string, string>();
    this.languages = rows.map(([lang]) => languageCodes.get(lang) ?? languageCodes.set(lang, lang).get(lang)!);
    this.printings = Int32Array.from(rows, (row) => row[3]);
    this.newestIds = rows.map((row) => row[4]);
    this.shared = new Uint8Array(rows.length);
    rows.forEach(([lang], entry) => {
      const range = this.ranges.get(lang);
      this.ranges.set(lang, [range?.[0] ?? entry, entry + 1]);
    });
    // One pass over every name's code points: the flat code points, and each name's distinct padded
    // trigrams (paddedTrigrams' window, without an array and a set per name: the build is on the
    // event loop, once per catalog version), counted per trigram.
    const chars: number[] = [];
    const charStarts = new Int32Array(rows.length + 1);
    const grams: number[] = [];
    const gramStarts = new Int32Array(rows.length + 1);
    const counts: number[] = [];
    const lastEntryOf: number[] = [];
    this.keys.forEach((key, entry) => {
      const add = (gram: string) => {
        const id = this.gramIds.get(gram) ?? this.gramIds.set(gram, this.gramIds.size).size - 1;
        if (lastEntryOf[id] === entry) return;
        lastEntryOf[id] = entry;
        counts[id] = (counts[id] ?? 0) + 1;
        grams.push(id);
      };
      let [first, second] = [START, START];
      for (const char of key) {
        chars.push(char.codePointAt(0)!);
        add(first + second + char);
        [first, second] = [second, char];
      }
      add(first + second + END);
      add(second + END + END);
      charStarts[entry + 1] = chars.length;
      gramStarts[entry + 1] = grams.length;
    });
    this.chars = Int32Array.from(chars);
    this.charStarts = charStarts;
    // Postings in two passes, counting then placing, into flat arrays (as NameIndex builds its own).
    this.postingStarts = new Int32Array(this.gramIds.size + 1);
    counts.forEach((count, id) => { this.postingStarts[id + 1] = this.postingStarts[id]! + count; });
    this.postings = new Int32Array(this.postingStarts[this.gramIds.size]!);
    const cursor = this.postingStarts.slice(0, this.gramIds.size);
    for (let entry = 0; entry < rows.length; entry++) {
      for (let at = gramStarts[entry]!; at < gramStarts[entry + 1]!; at++) this.postings[cursor[grams[at]!]!++] = entry;
    }
  }

  get size(): number {
    return this.keys.length;
  }

  /** Where the words of entry's name start in its folded name, worked out at its first use and kept. */
  wordStartsOf(entry: number): readonly number[] {
    return (this.wordStartsMemo[entry] ??= wordStarts(this.names[entry]!));
  }

  /** Whether the folded `key` starts at a word of entry's name other than its first (`poffin` in `Buddy-Buddy Poffin`). */
  startsAtLaterWord(entry: number, key: string): boolean {
    const folded = this.keys[entry]!;
    // The starts count code points; a folded name of one UTF-16 unit per code point (nearly all) is compared in place.
    if (folded.length === this.charStarts[entry + 1]! - this.charStarts[entry]!) {
      return this.wordStartsOf(entry).some((start) => start > 0 && folded.startsWith(key, start));
    }
    const chars = [...folded];
    const wanted = [...key];
    return this.wordStartsOf(entry).some((start) => start > 0 && wanted.every((char, i) => chars[start + i] === char));
  }

  /** The languages that have names. */
  get languagesHeld(): string[] {
    return [...this.ranges.keys()];
  }

  /** The entry of this folded name in `lang`, or -1. */
  exact(key: string, lang: string): number {
    const [from, to] = this.range(lang);
    const at = this.lowerBound(key, from, to);
    return at < to && this.keys[at] === key ? at : -1;
  }

  /** The entries of `lang` whose folded name starts with `key` (itself included), as a range. */
  prefixRange(key: string, lang: string): [number, number] {
    const [from, to] = this.range(lang);
    // No folded name holds U+FFFF, so every name starting with key sorts below key + U+FFFF.
    return [this.lowerBound(key, from, to), this.lowerBound(`${key}\uffff`, from, to)];
  }

  /** The entries of `lang` (or every language) whose folded name contains `key` but does not start with it. */
  containing(key: string, lang: string | undefined): number[] {
    const [from, to] = lang === undefined ? [0, this.size] : this.range(lang);
    const found: number[] = [];
    const grams = paddedTrigrams(key).filter((gram) => !gram.includes(START) && !gram.includes(END));
    if (grams.length === 0) {
      // Two code points: no trigram of its own; a scan of the language (about 4,000 names) is rare and cached.
      for (let entry = from; entry < to; entry++) if (this.keys[entry]!.indexOf(key) > 0) found.push(entry);
      return found;
    }
    let rarest: [number, number] | undefined;
    for (const gram of grams) {
      const postings = this.postingsOf(gram, from, to);
      if (!postings) return [];
      if (!rarest || postings[1] - postings[0] < rarest[1] - rarest[0]) rarest = postings;
    }
    for (let at = rarest![0]; at < rarest![1]; at++) {
      const entry = this.postings[at]!;
      if (this.keys[entry]!.indexOf(key) > 0) found.push(entry);
    }
    return found;
  }

  /**
   * The entries of `lang` (or every language) at most `maxEdits` edits from `key`. Only those
   * sharing enough padded trigrams are compared: an edit changes at most four of them (three, or
   * four for a swapped pair), so a name within maxEdits shares all but 4 × maxEdits of the key's.
   */
  near(key: string, lang: string | undefined, maxEdits: number): NearName[] {
    const [from, to] = lang === undefined ? [0, this.size] : this.range(lang);
    const chars = codePoints(key);
    const grams = paddedTrigrams(key);
    const needed = Math.max(1, grams.length - 4 * maxEdits);
    const touched: number[] = [];
    for (const gram of grams) {
      const postings = this.postingsOf(gram, from, to);
      if (!postings) continue;
      for (let at = postings[0]; at < postings[1]; at++) {
        const entry = this.postings[at]!;
        if (this.shared[entry] === 0) touched.push(entry);
        this.shared[entry] = this.shared[entry]! + 1;
      }
    }
    const found: NearName[] = [];
    for (const entry of touched) {
      const start = this.charStarts[entry]!;
      const end = this.charStarts[entry + 1]!;
      if (this.shared[entry]! >= needed && Math.abs(end - start - chars.length) <= maxEdits) {
        const distance = boundedEditDistance(chars, this.chars.subarray(start, end), maxEdits);
        if (distance <= maxEdits) found.push({ entry, distance });
      }
      this.shared[entry] = 0;
    }
    return found;
  }

  private range(lang: string): readonly [number, number] {
    return this.ranges.get(lang) ?? [0, 0];
  }

  /** The posting list of a gram cut to the entries from..to (a language), or undefined when no name has it. */
  private postingsOf(gram: string, from: number, to: number): [number, number] | undefined {
    const id = this.gramIds.get(gram);
    if (id === undefined) return undefined;
    let start = this.postingStarts[id]!;
    let end = this.postingStarts[id + 1]!;
    if (from > 0 || to < this.size) {
      start = lowerBoundOf(this.postings, from, start, end);
      end = lowerBoundOf(this.postings, to, start, end);
    }
    return start < end ? [start, end] : undefined;
  }

  /** The first entry in from..to whose folded name is not below `key`. */
  private lowerBound(key: string, from: number, to: number): number {
    let low = from;
    let high = to;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.keys[middle]! < key) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}

/**
 * An entry more for each name the source runs a label into (sourceNameSuffixes.ts): the name
 * without it (`headringer`), answering the name as printed, unless a name of its own is folded so.
 */
function withoutSourceSuffixes(spellings: readonly NameSpelling[]): NameSpelling[] {
  const bare: NameSpelling[] = [];
  for (const [lang, key, name, printings, newestId] of spellings) {
    const cut = withoutSourceSuffix(key);
    if (cut !== null) bare.push([lang, cut, name, printings, newestId]);
  }
  if (bare.length === 0) return bare;
  const held = new Set(spellings.map(([lang, key]) => `${lang} ${key}`));
  return bare.filter(([lang, key]) => !held.has(`${lang} ${key}`));
}

/** The first place in values[from..to] (ascending) holding `value` or more. */
function lowerBoundOf(values: Int32Array, value: number, from: number, to: number): number {
  let low = from;
  let high = to;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (values[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}
