import type { CardFacts } from './deckCards.js';

/*
 * The kinds of card the deck rules count, told from the catalog's Card alone, in every language:
 * supertype, subtypes and rarity are English everywhere, names and texts are not. Checked against
 * the TCGdex dump of 2026: no card prints "ACE SPEC" or "Radiant" in a field of its own, so the
 * rarity says it where it can and the name where the rarity cannot.
 */

/**
 * The ACE SPEC cards of Black & White (Boundaries Crossed to Plasma Blast), which TCGdex rates
 * plain `Rare`: known by their TCGdex set and number, the same in every language that prints
 * them (`en-bw7-137`, `fr-bw7-137`). Since Temporal Forces the rarity says `ACE SPEC Rare`.
 */
const BLACK_AND_WHITE_ACE_SPECS: readonly string[] = [
  'bw7-137', 'bw7-138', 'bw7-139', 'bw7-140', // Computer Search, Crystal Edge, Crystal Wall, Gold Potion
  'bw8-128', 'bw8-129', 'bw8-130', // Dowsing Machine, Scramble Switch, Victory Piece
  'bw9-107', 'bw9-108', // Life Dew, Rock Guard
  'bw10-92', 'bw10-93', 'bw10-94', 'bw10-95', // G Booster, G Scope, Master Ball, Scoop Up Cyclone
];

/** An ACE SPEC card: at most one in a deck. */
export function isAceSpec(card: CardFacts): boolean {
  return card.rarity === 'ACE SPEC Rare' || BLACK_AND_WHITE_ACE_SPECS.some((printing) => card.id.endsWith(`-${printing}`));
}

/**
 * "Radiant" as each language writes it in the name; the promo Radiant Eevee (SWSH230) is rated
 * `Ultra Rare` and some Japanese printings have no rarity, so the rarity alone misses them.
 */
const RADIANT_NAME = /^(?:Radiant |Strahlende[rsn]? |かがやく|光輝|光辉|เรเดียนต์)|(?: Radieux| Radiante| Lucente)$/;

/** A Radiant Pokémon: at most one in a deck. */
export function isRadiant(card: CardFacts): boolean {
  return card.supertype === 'Pokemon' && (card.rarity === 'Radiant Rare' || RADIANT_NAME.test(card.name));
}

/**
 * The Japanese Prism Star printings, which TCGdex names without the ◇ its European printings carry:
 * the Pokémon whose Pokédex number, HP, types, attack costs and damage and retreat are those of an
 * English `◇` Pokémon (no English Pokémon without ◇ shares them), and the Stadiums and Energy
 * printed only as Prism Star cards (Thunder Mountain, Heat Factory, Black Market, Wondrous
 * Labyrinth, Beast Energy). The Supporters (Cyrus, Lysandre, Lance, Lusamine) have printings of the
 * same Japanese name without the star, and nothing in the source tells them apart: they are not here.
 */
export const JAPANESE_PRISM_STARS: ReadonlySet<string> = new Set([
  'SM5M-030', 'SM5M-032', 'SM5S-031', 'SM5S-043', 'SM5p-037', 'SM6-027', 'SM6-051', 'SM6a-004', 'SM7-057', 'SM7-066',
  'SM7-067', 'SM7a-043', 'SM7b-033', 'SM8-015', 'SM8a-014', 'SM8b-006', 'SM8b-047', 'SM8b-058', 'SM8b-082',
  'SM12a-011', 'SM12a-021', 'SM12a-037', 'SM12a-049', 'SM12a-058', 'SM12a-070', 'SM12a-077', 'SM12a-091', 'SM12a-108',
  'SM5p-048', 'SM8b-147', 'SM12a-172', 'SM7a-058', 'SM12a-163', 'SM8-093', 'SM12a-166', 'SM8a-052', 'SM12a-167',
  'SM8b-145', 'SM12a-169',
].map((printing) => `ja-${printing}`));

/** A Prism Star card (`Giratina ◇`, `Cyrus ◇`, and the Japanese printings above): at most one of a name in a deck. */
export function isPrismStar(card: CardFacts): boolean {
  return card.name.includes('◇') || JAPANESE_PRISM_STARS.has(card.id);
}

/** A Basic Pokémon: a deck needs one to start the game. */
export function isBasicPokemon(card: CardFacts): boolean {
  return card.supertype === 'Pokemon' && (card.subtypes?.includes('Basic') ?? false);
}

/**
 * A basic Energy card, which the 4-copy rule lets through: TCGdex's energy type Normal and no
 * card text, as the importer decides it (src/importer/standardLegality.ts). Special Energy cards
 * labelled Normal by the source (Prism Energy, Ignition Energy) print a text, so they are not.
 */
export function isBasicEnergy(card: CardFacts): boolean {
  return card.supertype === 'Energy' && (card.subtypes?.includes('Normal') ?? false) &&
    (card.rules_text === null || card.rules_text.trim() === '');
}
