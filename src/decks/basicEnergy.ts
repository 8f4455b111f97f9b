import { memoized } from './memoized.js';
import type { DeckListLine } from './deckList.js';

/*
 * Basic Energy is pasted by name, in the list's language, and often without a printing that
 * means anything: Limitless writes the set code `Energy`, hand-written lists none, and any basic
 * Energy of the type will do. So the resolver needs the type a name stands for, whichever of the
 * spellings players paste or the catalog prints: `Basic {P} Energy`, `Psychic Energy`,
 * `Énergie {P} de base`, `Basis-{P}-Energie`, `Energía Psíquica`, `基本超エネルギー`,
 * `基本【超】能量`. The type words per language are the names TCGdex prints on basic Energy cards.
 */

/** The types a basic Energy card provides. */
export const BASIC_ENERGY_TYPES = [
  'Grass', 'Fire', 'Water', 'Lightning', 'Psychic', 'Fighting', 'Darkness', 'Metal', 'Fairy',
] as const;
export type BasicEnergyType = (typeof BASIC_ENERGY_TYPES)[number];

/**
 * The energy symbols of Pokémon TCG Live exports (`{P}`). Fairy is `{Y}` in the client and
 * `{Fa}` in some hand-written lists.
 */
const SYMBOLS: ReadonlyMap<string, BasicEnergyType> = new Map([
  ['g', 'Grass'], ['r', 'Fire'], ['w', 'Water'], ['l', 'Lightning'], ['p', 'Psychic'],
  ['f', 'Fighting'], ['d', 'Darkness'], ['m', 'Metal'], ['y', 'Fairy'], ['fa', 'Fairy'],
]);

/** Every word for a type, folded (see `fold`), in the languages of the catalog. */
const TYPE_WORDS: Readonly<Record<BasicEnergyType, readonly string[]>> = {
  Grass: ['grass', 'plante', 'pflanze', 'pflanzen', 'planta', 'erba', 'grama', 'daun', '草', '풀', 'หญ้า'],
  Fire: ['fire', 'feu', 'feuer', 'fuego', 'fuoco', 'fogo', 'api', '炎', '火', '불', 'ไฟ'],
  Water: ['water', 'eau', 'wasser', 'agua', 'acqua', 'air', '水', '물', 'น้ำ'],
  Lightning: ['lightning', 'electrique', 'electrik', 'elektro', 'rayo', 'lampo', 'raios', 'listrik', '雷', '번개', 'สายฟ้า'],
  Psychic: ['psychic', 'psy', 'psycho', 'psiquica', 'psiche', 'psico', 'psikis', '超', '초', 'พลังจิต'],
  Fighting: ['fighting', 'combat', 'kampf', 'lucha', 'lotta', 'combattimento', 'luta', 'petarung', '闘', '鬥', '斗', '격투', 'ต่อสู้'],
  Darkness: ['darkness', 'dark', 'obscurite', 'finsternis', 'oscura', 'oscurita', 'escuridao', 'noturna', 'kegelapan', '悪', '惡', '恶', '악', 'ความมืด'],
  Metal: ['metal', 'metall', 'metalica', 'metallo', 'logam', '鋼', '钢', '金属', '강철', 'โลหะ'],
  Fairy: ['fairy', 'fee', 'feen', 'hada', 'folletto', 'fada', 'フェアリー', '妖精', '페어리'],
};

/** Lower case and without the Latin accents (`Énergie` → `energie`); kana, Hangul and Thai are left whole. */
const fold = (text: string) => text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').normalize('NFC').toLowerCase();

const TYPE_BY_WORD: ReadonlyMap<string, BasicEnergyType> = new Map(
  BASIC_ENERGY_TYPES.flatMap((type) => TYPE_WORDS[type].map((word) => [fold(word), type] as const)),
);

/** "Energy" in the languages written with spaces, as a whole word or the end of a German compound (`Psychoenergie`). */
const LATIN_ENERGY = /(?:energy|energie|energia|energi)$/;

/** "Basic" and the little words around it (`de base`, `Energia de Luta`), which say nothing of the type. */
const LATIN_FILLERS: ReadonlySet<string> = new Set(['basic', 'base', 'basis', 'basica', 'basico', 'de', 'dasar']);

/** "Basic" and "Energy" in the languages written without spaces between words (the Thai "basic energy" before "energy"); the type is what remains. */
const UNSPACED_BASIC = ['基本', '기본'].map(fold);
const UNSPACED_ENERGY = ['พลังงานพื้นฐาน', 'พลังงาน', 'エネルギー', '能量', '에너지'].map(fold);

/**
 * The type of basic Energy a name stands for, or null when the name is not one of a basic
 * Energy (`Double Turbo Energy`, `Prism Energy`, `Pikachu`). The name must say Energy: `Fire` alone is not one.
 */
function readBasicEnergyType(name: string): BasicEnergyType | null {
  let text = fold(name)
    .replace(/[{[(]\s*([a-z]{1,2})\s*[}\])]/g, (symbol, letters: string) => ` ${SYMBOLS.get(letters)?.toLowerCase() ?? symbol} `)
    .replace(/[{}[\]()【】「」\-‐–]/g, ' ');
  let saysEnergy = false;
  for (const word of UNSPACED_ENERGY) {
    if (text.includes(word)) saysEnergy = true;
    text = text.split(word).join(' ');
  }
  for (const word of UNSPACED_BASIC) text = text.split(word).join(' ');
  const typeWords: string[] = [];
  for (const word of text.split(/\s+/)) {
    if (word === '') continue;
    const stem = word.replace(LATIN_ENERGY, '');
    if (stem !== word) saysEnergy = true;
    if (stem !== '' && !LATIN_FILLERS.has(stem)) typeWords.push(stem);
  }
  if (!saysEnergy || typeWords.length !== 1) return null;
  return TYPE_BY_WORD.get(typeWords[0]!) ?? null;
}

/** readBasicEnergyType, each name lists and cards write read once: a few thousand cover the decks played (about 0.5 MiB kept at most). */
export const basicEnergyTypeOf: (name: string) => BasicEnergyType | null = memoized(readBasicEnergyType, 2 ** 19, 2, 50);

/** The set code Limitless writes for basic Energy of any printing: not a set. */
const ANY_PRINTING_CODE = 'energy';

/**
 * The basic Energy type a line asks for when it names no printing to look up (no set code, or
 * Limitless's `Energy`), so any basic Energy card of that type in the list's language will do;
 * null when the line names a printing (`Basic {P} Energy SVE 5`) or is not basic Energy.
 */
export function basicEnergyWithoutPrinting(line: Pick<DeckListLine, 'name' | 'setCode'>): BasicEnergyType | null {
  if (line.setCode !== null && line.setCode.toLowerCase() !== ANY_PRINTING_CODE) return null;
  return basicEnergyTypeOf(line.name);
}

/**
 * The type of basic Energy a hand-written list means by a type alone (`11x Dark`, `{D}`,
 * `Darkness`), on a line that names no printing; null for any other name.
 */
export function basicEnergyTypeOfLoneType(name: string): BasicEnergyType | null {
  const text = fold(name).trim();
  const symbol = /^[{[(]\s*([a-z]{1,2})\s*[}\])]$/u.exec(text);
  if (symbol) return SYMBOLS.get(symbol[1]!) ?? null;
  return TYPE_BY_WORD.get(text) ?? null;
}
