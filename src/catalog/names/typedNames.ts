import { editsForgiven } from './editDistance.js';
import type { NameLookup, NearName } from './nameLookup.js';
import { isWholeWordsOf } from './nameWords.js';
import { codePointLength, searchKey } from './searchKey.js';

/*
 * Names as people type them, over a NameLookup: which name a typed one means (named lookups), the
 * names close to it (a search's suggestions) and the names it begins (autocomplete). Everything
 * compares folded names (searchKey), so case, accents, width, kana, spaces, apostrophes, hyphens
 * and dots never count as differences: `pikachu v max` is `Pikachu VMAX`, `mewtwo gx` both
 * `Mewtwo GX` and `Mewtwo-GX`, `professors research` `Professor's Research`.
 */

/** How many names a named lookup's 404 offers. */
export const MAX_CANDIDATES = 20;

/** The name found, or why none was: several fit equally (ambiguous) or none is close; candidates best first. */
export type NameFound =
  | { entry: number }
  | { entry?: undefined; ambiguous: boolean; candidates: number[] };

/**
 * A trailing parenthesized qualifier of a folded name, as in `Boss's Orders (Ghetsis)`. Taken from
 * the folded name (which keeps parentheses, full-width ones made plain), so whatever a lookup
 * answers depends on the folded name alone.
 */
const QUALIFIER = /\([^()]*\)$/u;

/** The folded keys a typed name stands for: as typed, then without a trailing qualifier (when that leaves a name). */
export function typedKeys(typed: string): string[] {
  const key = searchKey(typed);
  const bare = key.replace(QUALIFIER, '');
  return bare !== key && codePointLength(bare) >= 1 ? [key, bare] : [key];
}

/** Fewer edits first, then the name with more printings, then the folded name. */
function closestFirst(lookup: NameLookup) {
  return (a: NearName, b: NearName) =>
    a.distance - b.distance || lookup.printings[b.entry]! - lookup.printings[a.entry]! || compareText(lookup.keys[a.entry]!, lookup.keys[b.entry]!);
}

/** More printings first, then the folded name. */
function mostPrintedFirst(lookup: NameLookup) {
  return (a: number, b: number) => lookup.printings[b]! - lookup.printings[a]! || compareText(lookup.keys[a]!, lookup.keys[b]!);
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The entries of `keys` within the edits their length forgives (plus `extra`), each at its least distance, closest first. */
function nearEntries(lookup: NameLookup, keys: readonly string[], lang: string | undefined, extra = 0): NearName[] {
  const least = new Map<number, number>();
  for (const key of keys) {
    for (const { entry, distance } of lookup.near(key, lang, editsForgiven(codePointLength(key)) + extra)) {
      least.set(entry, Math.min(distance, least.get(entry) ?? distance));
    }
  }
  return [...least].map(([entry, distance]) => ({ entry, distance })).sort(closestFirst(lookup));
}

function prefixEntries(lookup: NameLookup, keys: readonly string[], lang: string): number[] {
  const entries = new Set<number>();
  for (const key of keys) {
    const [from, to] = lookup.prefixRange(key, lang);
    for (let entry = from; entry < to; entry++) entries.add(entry);
  }
  return [...entries].sort(mostPrintedFirst(lookup));
}

/** The entries of `lang` a word of whose name other than the first starts with `key` (`charizardx` in `Mega Charizard X ex`), by printings. */
function laterWordEntries(lookup: NameLookup, key: string, lang: string): number[] {
  return lookup.containing(key, lang).filter((entry) => lookup.startsAtLaterWord(entry, key)).sort(mostPrintedFirst(lookup));
}

/** Each name once (an entry without the source's label and the name's own are one), in order, at most `limit`. */
function firstDistinct(lookup: NameLookup, lists: ReadonlyArray<readonly number[]>, limit: number): number[] {
  const names = new Set<string>();
  const entries: number[] = [];
  for (const list of lists) {
    for (const entry of list) {
      if (entries.length === limit) return entries;
      if (names.has(lookup.names[entry]!)) continue;
      names.add(lookup.names[entry]!);
      entries.push(entry);
    }
  }
  return entries;
}

/**
 * The name `typed` means in `lang`. `exact`: its folded form and nothing else (a miss offers what
 * fuzzy would). `fuzzy`, in this order: the folded name as typed, or without a trailing qualifier
 * (`Boss's Orders (Ghetsis)`); the one name it begins; the one name fewest edits away, within the
 * edits its length forgives (editsForgiven: `charzard`, `boss orders` for `Boss's Orders`), and
 * among the names it begins when it begins several (`charizar` is `Charizard`, `chariz` not `Charity`).
 * Several names at the fewest edits, or several it begins and none of them near, are ambiguous.
 */
export function findName(lookup: NameLookup, typed: string, lang: string, mode: 'exact' | 'fuzzy'): NameFound {
  const keys = typedKeys(typed);
  const exact = lookup.exact(keys[0]!, lang);
  if (exact >= 0) return { entry: exact };
  if (mode === 'exact') {
    const fuzzy = findName(lookup, typed, lang, 'fuzzy');
    return { ambiguous: false, candidates: fuzzy.entry === undefined ? fuzzy.candidates : [fuzzy.entry] };
  }
  for (const key of keys.slice(1)) {
    const bare = lookup.exact(key, lang);
    if (bare >= 0) return { entry: bare };
  }
  for (const key of keys) {
    const [from, to] = lookup.prefixRange(key, lang);
    const begun = distinctNames(lookup, Array.from({ length: to - from }, (_, i) => from + i));
    if (begun.length === 1) return { entry: begun[0]! };
  }
  // The one name a later word of which it begins, when it begins no name (`buddy poffin`, `charizard x`).
  const laterWord = lookup.prefixRange(keys[0]!, lang)[0] === lookup.prefixRange(keys[0]!, lang)[1]
    ? distinctNames(lookup, laterWordEntries(lookup, keys[0]!, lang)) : [];
  if (laterWord.length === 1) return { entry: laterWord[0]! };
  const near = nearEntries(lookup, keys, lang);
  const prefixed = prefixEntries(lookup, keys, lang);
  const containing = () => lookup.containing(keys[0]!, lang).sort(mostPrintedFirst(lookup));
  // A name it begins is what was meant before another few edits away (`chariz` is not `Charity`).
  const begun = new Set(prefixed);
  const fitting = begun.size > 0 ? near.filter(({ entry }) => begun.has(entry)) : near;
  if (fitting.length === 1 || (fitting.length > 1 && fitting[1]!.distance > fitting[0]!.distance)) return { entry: fitting[0]!.entry };
  if (fitting.length > 0 || prefixed.length > 0) {
    return {
      ambiguous: true,
      candidates: firstDistinct(lookup, [fitting.map(({ entry }) => entry), prefixed, laterWord, near.map(({ entry }) => entry), containing()], MAX_CANDIDATES),
    };
  }
  if (laterWord.length > 0) return { ambiguous: true, candidates: firstDistinct(lookup, [laterWord, containing()], MAX_CANDIDATES) };
  // Nothing close enough: offer what is a little further, and the names holding what was typed.
  const further = nearEntries(lookup, keys, lang, 1).map(({ entry }) => entry);
  return { ambiguous: false, candidates: firstDistinct(lookup, [further, containing()], MAX_CANDIDATES) };
}

/**
 * Up to `limit` names close to a search that found nothing, in `lang` or every language: the names
 * within the edits its length forgives (closest first), then those the typed name without a
 * trailing qualifier begins; never a name the search itself matches (one its filters left out).
 */
export function suggestNames(lookup: NameLookup, typed: string, lang: string | undefined, limit: number): string[] {
  const keys = typedKeys(typed);
  const matched = (entry: number) => lookup.keys[entry]!.includes(keys[0]!);
  const near = nearEntries(lookup, keys, lang).map(({ entry }) => entry);
  const prefixed = keys.length > 1
    ? (lang === undefined ? lookup.languagesHeld : [lang]).flatMap((language) => prefixEntries(lookup, keys.slice(1), language))
      .sort(mostPrintedFirst(lookup))
    : [];
  const names = new Set<string>();
  for (const entry of [...near, ...prefixed]) {
    if (names.size === limit) break;
    if (!matched(entry)) names.add(lookup.names[entry]!);
  }
  return [...names];
}

/**
 * Up to `limit` names of `lang` holding the folded `typed`: the name itself, then the names
 * starting with it, then those a later word of which starts with it (`poffin`), then the rest,
 * each group by how many printings the name has (most first).
 */
export function completeName(lookup: NameLookup, typed: string, lang: string, limit: number): string[] {
  const key = searchKey(typed);
  const exact = lookup.exact(key, lang);
  const [from, to] = lookup.prefixRange(key, lang);
  const starting = Array.from({ length: to - from }, (_, i) => from + i).filter((entry) => entry !== exact).sort(mostPrintedFirst(lookup));
  const names = new Set<string>();
  const add = (entries: readonly number[]) => {
    for (const entry of entries) {
      if (names.size === limit) return;
      names.add(lookup.names[entry]!);
    }
  };
  add(exact >= 0 ? [exact, ...starting] : starting);
  if (names.size < limit) {
    const containing = lookup.containing(key, lang).sort(mostPrintedFirst(lookup));
    add(containing.filter((entry) => lookup.startsAtLaterWord(entry, key)));
    add(containing);
  }
  return [...names];
}

/**
 * The name a deck list's short form stands for (`Juniper`: Professor Juniper): the one name of
 * `lang` the folded `key` is one or more whole words of, or among several, the one with at least
 * twice the printings of each other (Professor Juniper over Cedric Juniper); undefined otherwise.
 */
export function shortFormOf(lookup: NameLookup, key: string, lang: string): number | undefined {
  if (codePointLength(key) < 3) return undefined;
  const entries = distinctNames(lookup, lookup.containing(key, lang).concat(prefixEntries(lookup, [key], lang))
    .filter((entry) => isWholeWordsOf(lookup.names[entry]!, key))).sort(mostPrintedFirst(lookup));
  if (entries.length === 1) return entries[0];
  if (entries.length > 1 && lookup.printings[entries[0]!]! >= 2 * lookup.printings[entries[1]!]!) return entries[0];
  return undefined;
}

/** The entries of distinct names (a name's entry without the source's suffix and its own are one), first kept. */
function distinctNames(lookup: NameLookup, entries: readonly number[]): number[] {
  const seen = new Set<string>();
  return entries.filter((entry) => {
    const name = lookup.names[entry]!;
    if (seen.has(name)) return false;
    seen.add(name);
    return true;
  });
}
