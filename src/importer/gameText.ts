import type { CardRecord } from '../schemas/card.js';

/*
 * What the game compares to call two printings "the same card": their name, HP and game text
 * (attacks, abilities, rules text). Printings of one card are typed up by different hands, so
 * text is compared after folding the spellings that do not change a word: letter case, white
 * space and line breaks, full-width forms, curly and straight quotes, the dash family, `×` and
 * `x`, and a final period.
 */

const QUOTES: Array<[RegExp, string]> = [
  [/[\u2018\u2019\u201a\u201b\u2032\u00b4`]/g, "'"],
  [/[\u201c\u201d\u201e\u201f\u2033\u00ab\u00bb]/g, '"'],
  [/[\u2010-\u2015\u2212\ufe58\ufe63\uff0d]/g, '-'],
  [/\u00d7/g, 'x'],
];

/** A name or text folded for comparison; null stays null. */
export function foldGameText(value: string | null): string | null {
  if (value === null) return null;
  // NFKC turns full-width letters, digits and punctuation (and the no-break space) into their plain forms.
  let folded = value.normalize('NFKC');
  for (const [pattern, plain] of QUOTES) folded = folded.replace(pattern, plain);
  return folded
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/ (?=[.,;:!?)])/g, '')
    .trim()
    .replace(/[.\u3002]+$/, '');
}

/*
 * The Japanese promo printings of basic Energy (SV-P, M-P, one in SV2a) carry the copyright
 * line in TCGdex's effect field; it is no game text, and those cards are basic Energy.
 */
const COPYRIGHT_ONLY = /^\s*(?:&copy;|©)/;

/** The card's own effect text (a Trainer's or Energy's), or null when it prints none. */
export function effectText(card: CardRecord): string | null {
  const text = card.rules_text;
  if (text === null || text.trim() === '' || COPYRIGHT_ONLY.test(text)) return null;
  return text;
}

/** Basic Energy: an Energy card with no effect text that the source calls basic (energy type Normal). */
export const isBasicEnergy = (card: CardRecord) =>
  card.supertype === 'Energy' && (card.subtypes?.includes('Normal') ?? false) && effectText(card) === null;

/**
 * The key under which printings of one card (name and game text) meet, within one catalog
 * language. Null for a card with no game text at all, a translation whose texts are missing
 * among them: a name alone says nothing about what a card does. Basic Energy prints no text and
 * is known by its name.
 */
export function gameTextKey(card: CardRecord): string | null {
  const name = foldGameText(card.name);
  if (isBasicEnergy(card)) return JSON.stringify(['basic energy', name]);
  const attacks = (card.attacks ?? []).map((a) => [foldGameText(a.name), a.cost ?? [], foldGameText(a.damage), foldGameText(a.effect)]);
  const abilities = (card.abilities ?? []).map((a) => [a.type, foldGameText(a.name), foldGameText(a.effect)]);
  const effect = foldGameText(effectText(card));
  if (attacks.length === 0 && abilities.length === 0 && effect === null) return null;
  // A Pokémon with other HP is another card, whatever its attacks (the game's reprint rule).
  const hp = card.hp === null || card.hp === undefined ? null : String(card.hp).trim();
  return JSON.stringify([name, hp, attacks, abilities, effect]);
}

/**
 * The key under which printings of one card meet in the game's rules: its catalog language and its
 * gameTextKey; null when it has no game text.
 */
export function printingKey(card: CardRecord, languageOf: (card: CardRecord) => string): string | null {
  const text = gameTextKey(card);
  return text === null ? null : `${languageOf(card)}\u0000${text}`;
}
