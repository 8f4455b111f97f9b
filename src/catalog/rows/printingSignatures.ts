import type { CardRecord } from '../../schemas/card.js';

/*
 * What a card prints that does not depend on its language, as keys to compare a card of the Asian
 * catalogs with the international ones'. Names and texts are translated; numbers, types, costs,
 * illustrators and rarities are not.
 */

/** The fields of a card the keys read. */
export type PrintedCard = Pick<CardRecord, 'name' | 'supertype' | 'subtypes' | 'hp' | 'types' | 'rarity' | 'artist' |
  'pokedex_numbers' | 'attacks' | 'retreat_cost' | 'rules_text' | 'regulation_mark' | 'number'>;

/** An illustrator's credit as both catalogs spell it: case, width and spacing aside. */
export function illustratorKey(artist: string | null): string {
  return (artist ?? '').normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** A rarity as both catalogs spell it (`Hyper rare`, `Hyper Rare`). */
export function rarityKey(rarity: string | null): string {
  return (rarity ?? '').toLowerCase().trim();
}

function damageKey(damage: string | null): string {
  return (damage ?? '').normalize('NFKC').replace(/\s+/g, '').replace(/[x×]/gi, '×');
}

/**
 * A Pokémon's signature: Pokédex numbers, HP, types, each attack's Energy count and damage in
 * order, retreat and illustrator. Two printings with one signature are, with few exceptions, the
 * same card; null for a card that is not a Pokémon.
 */
export function pokemonSignature(card: PrintedCard): string | null {
  // A record that prints neither HP nor an attack says too little to tell one Pokémon from another.
  if (card.supertype !== 'Pokemon' || (card.hp === null && (card.attacks ?? []).length === 0)) return null;
  return JSON.stringify([
    [...(card.pokedex_numbers ?? [])].sort((a, b) => a - b),
    card.hp === null ? '' : String(card.hp),
    [...(card.types ?? [])].sort(),
    (card.attacks ?? []).map((attack) => [attack.cost?.length ?? 0, damageKey(attack.damage)]),
    card.retreat_cost ?? -1,
    illustratorKey(card.artist),
  ]);
}

/**
 * The numbers a Trainer's or Energy's text prints, sorted, without 1 (which one language writes as
 * a word, "a card", where the other prints the digit).
 */
export function textNumbers(text: string | null): string {
  const numbers = (text ?? '').normalize('NFKC').match(/\d+/g) ?? [];
  return numbers.filter((n) => n !== '1').sort().join(' ');
}

const SYMBOLS: Record<string, string> = {
  草: 'G', 炎: 'R', 水: 'W', 雷: 'L', 超: 'P', 闘: 'F', 悪: 'D', 鋼: 'M', 無: 'C', 竜: 'N', 妖: 'Y',
  Grass: 'G', Fire: 'R', Water: 'W', Lightning: 'L', Psychic: 'P', Fighting: 'F', Darkness: 'D', Metal: 'M',
  Colorless: 'C', Dragon: 'N', Fairy: 'Y',
};

/**
 * The Energy types a Trainer's or Energy's text names, sorted and distinct: the Japanese text prints
 * them as symbols (`[炎]`, `[R]`), the English as symbols (`{R}`) or words (`Fire Energy`).
 */
export function textSymbols(text: string | null): string {
  const found = new Set<string>();
  for (const [, symbol] of (text ?? '').normalize('NFKC').matchAll(/[[{]([A-Z]|[草炎水雷超闘悪鋼無竜妖])[\]}]/g)) found.add(SYMBOLS[symbol!] ?? symbol!);
  for (const [, word] of (text ?? '').matchAll(/\b(Grass|Fire|Water|Lightning|Psychic|Fighting|Darkness|Metal|Colorless|Dragon|Fairy)\b/g)) found.add(SYMBOLS[word!]!);
  return [...found].sort().join('');
}

/** What a Trainer's or Energy's keys share: kind, subtypes, types, illustrator. */
function trainerParts(card: PrintedCard): unknown[] {
  return [card.supertype, [...(card.subtypes ?? [])].sort(), energyTypes(card), illustratorKey(card.artist)];
}

/** A Trainer's or Energy's key within a pair of sets: kind, subtypes, types, illustrator, the numbers and Energy types of its text. */
export function trainerKey(card: PrintedCard): string | null {
  if (card.supertype !== 'Trainer' && card.supertype !== 'Energy') return null;
  return JSON.stringify([
    ...trainerParts(card),
    // A basic Energy prints no game text; the source gives some of them a copyright line.
    isBasicEnergy(card) ? '' : textNumbers(card.rules_text),
    isBasicEnergy(card) ? '' : textSymbols(card.rules_text),
  ]);
}

/** A Trainer's or Energy's key without the numbers of its text, for a text that no rule reads alike. */
export function looseTrainerKey(card: PrintedCard): string | null {
  if (card.supertype !== 'Trainer' && card.supertype !== 'Energy') return null;
  return JSON.stringify(trainerParts(card));
}

export function isBasicEnergy(card: PrintedCard): boolean {
  return card.supertype === 'Energy' && (card.subtypes ?? []).some((subtype) => subtype === 'Basic' || subtype === 'Normal');
}

/** A special Energy's types; a basic Energy's type is in its name alone in some languages' records. */
function energyTypes(card: PrintedCard): string[] {
  return card.supertype === 'Energy' && !isBasicEnergy(card) ? [...(card.types ?? [])].sort() : [];
}
