import { searchKey } from './searchKey.js';

/**
 * What the source writes after a card's name that is no part of the name players use: the label
 * Phantom Forces prints under the name of its Team Flare Gear (`Head Ringer` with `Team Flare
 * Hyper Gear` beneath it), which TCGdex runs into the name (`Head Ringer Team Flare Hyper Gear`),
 * in each language it prints. Found by reading every language's catalog for trailing words that
 * several Trainer names of one set share and no other set's names (tools/findNameSuffixes.ts,
 * run by test/catalog/names/sourceNameSuffixes.test.ts on the full catalog); the other phrases it finds
 * (`Cube 01`, `Secret Base`, `α`) are part of the names as printed and as played.
 */
export const SOURCE_NAME_SUFFIXES: readonly string[] = [
  'Team Flare Gear', 'Team Flare Hyper Gear',
  'Matos Team Flare', 'Hypermatos Team Flare',
  'Team Flare-Zubehör', 'Team Flare-Superzubehör',
  'Equipo del Team Flare', 'Hiperequipo del Team Flare',
  '[Dotazione del Team Flare]', '[Dotazione Extra del Team Flare]',
  '– Equipamento da Equipe Flare', '– Hiperequipamento da Equipe Flare',
];

/** The suffixes folded, longest first, so `Hypermatos Team Flare` is cut whole, not as `Matos Team Flare`. */
const FOLDED = [...new Set(SOURCE_NAME_SUFFIXES.map(searchKey))].sort((a, b) => b.length - a.length);

/** The folded name without the source's suffix (`headringer` for `headringerteamflarehypergear`), or null when it has none. */
export function withoutSourceSuffix(key: string): string | null {
  for (const suffix of FOLDED) {
    if (key.length > suffix.length && key.endsWith(suffix)) return key.slice(0, -suffix.length);
  }
  return null;
}
