/**
 * What the rules of printingMatches.ts cannot settle, settled by hand: an Asian card's catalog id
 * and the English cards it is (an empty list: none). Each entry was checked against both cards'
 * names, texts and illustrators; it replaces the rules' links of that card, and is applied before
 * the names the links translate are learnt, so a wrong link teaches no wrong name.
 */
export const PRINTING_OVERRIDES: Readonly<Record<string, readonly string[]>> = {
  // Pokémon Card 151's three fossils: one illustrator, one rarity, one text but the fossil's name; numbered by name in each
  // language (かい is the Helix Fossil, こうら the Dome Fossil, as the Chinese 貝殼 and 甲殼 confirm).
  'ja-SV2a-154': ['en-sv03.5-153'],
  'ja-SV2a-155': ['en-sv03.5-152'],
  'ja-SV2a-156': ['en-sv03.5-154'],
  // Twin Energy: English printed it in Rebel Clash, not in Evolving Skies, whose Treasure Energy the rules took.
  'ja-S7D-067': [],
  'ja-S8b-183': [],
  // Evolution Incense (Ryo Ueda), reprinted in Skyscraping Perfection: the rules took Evolving Skies' Dream Ball (Ryo Ueda).
  'ja-S7D-057': ['en-swsh1-163'],
  // Reversal Energy of Snow Hazard is Paldea Evolved's; its reprints' rules took Paradox Rift's Medical Energy.
  'ja-SV2P-071': ['en-sv02-192'],
  'ja-SV3a-092': [],
  'ja-SV4a-189': [],
};
