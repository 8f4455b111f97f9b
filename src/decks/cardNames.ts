import { memoized } from './memoized.js';
import { searchKey } from '../catalog/names/searchKey.js';
import { withoutSourceSuffix } from '../catalog/names/sourceNameSuffixes.js';

/**
 * Whether the name on a deck list's line names the card found at its set code and number. Both
 * are folded as search folds names (case, accents, spaces, hyphens, apostrophes: `Pikachu GX` is
 * `Pikachu-GX`), after what lists write differently from the card:
 * - a trailing qualifier in parentheses (`Boss's Orders (Ghetsis)`), which TCG Live adds to
 *   Supporters reprinted with another character;
 * - a possessive `'s` written or not (`Team Rocket's` / `Team Rocket`);
 * - energy symbols (`{P}`) for the type's name (`Psychic`), and `Prism Star` for its symbol `◇`;
 * - the label the source runs into a name (`Head Ringer Team Flare Hyper Gear` is `Head Ringer`).
 */
export function namesMatch(lineName: string | ReadonlySet<string>, cardName: string | ReadonlySet<string>): boolean {
  const asWritten = typeof lineName === 'string' ? nameKeys(lineName) : lineName;
  for (const key of typeof cardName === 'string' ? nameKeys(cardName) : cardName) if (asWritten.has(key)) return true;
  return false;
}

/** Names as lists write them, folded: a few thousand names cover the decks played, each folded once (about 1 MiB kept at most). */
export const lineNameKeys: (name: string) => ReadonlySet<string> = memoized(nameKeys, 2 ** 20, 4, 200);

/** The folded forms a name may take: as it is, without its possessives, and without the source's label. */
export function nameKeys(name: string): Set<string> {
  const plain = withoutQualifier(name)
    .replace(ENERGY_SYMBOL, (symbol, letter: string) => SYMBOL_NAMES[letter.toUpperCase()] ?? symbol)
    .replace(PRISM_STAR, ' Prism Star');
  const keys = new Set([searchKey(plain), searchKey(plain.replace(POSSESSIVE, ''))]);
  for (const key of [...keys]) {
    const bare = withoutSourceSuffix(key);
    if (bare !== null) keys.add(bare);
  }
  return keys;
}

/** The name folded as search folds it, without a trailing qualifier: the key of a search by exact name. */
export function exactNameKey(name: string): string {
  return searchKey(withoutQualifier(name));
}

const withoutQualifier = (name: string) => name.replace(/\s*\([^()]*\)\s*$/u, '').trim() || name.trim();

const POSSESSIVE = /['\u2018\u2019\u02bc`]s\b/gu;
const ENERGY_SYMBOL = /\{(\w)\}/gu;
const PRISM_STAR = /\s*\u25c7/gu;
const SYMBOL_NAMES: Record<string, string> = {
  G: 'Grass', R: 'Fire', W: 'Water', L: 'Lightning', P: 'Psychic', F: 'Fighting', D: 'Darkness', M: 'Metal',
  Y: 'Fairy', N: 'Dragon', C: 'Colorless',
};
