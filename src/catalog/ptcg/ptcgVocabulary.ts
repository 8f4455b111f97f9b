/*
 * pokemontcg.io's words for what our catalog says in TCGdex's: supertypes, subtypes, rarities and
 * kinds of ability, as their API writes them.
 */

export type PtcgSupertype = 'Pokémon' | 'Trainer' | 'Energy';

export function ptcgSupertype(supertype: string | null): PtcgSupertype | null {
  if (supertype === 'Pokemon') return 'Pokémon';
  return supertype === 'Trainer' || supertype === 'Energy' ? supertype : null;
}

/** Our subtypes (cardVocabulary's SUBTYPES) in their words; one of ours may be two of theirs. */
const SUBTYPE_WORDS: Readonly<Record<string, readonly string[]>> = {
  Stage1: ['Stage 1'],
  Stage2: ['Stage 2'],
  'LEVEL-UP': ['Level-Up'],
  RESTORED: ['Restored'],
  Legend: ['LEGEND'],
  'TAG TEAM-GX': ['TAG TEAM', 'GX'],
  Tool: ['Pokémon Tool'],
  // A basic Energy's kind: theirs call it Basic.
  Normal: ['Basic'],
};

export const STAGES = ['Basic', 'Stage 1', 'Stage 2'] as const;

/** What a card's subtypes say besides ours: kinds TCGdex keeps in its name or rarity. */
export interface SubtypeClues {
  name: string;
  rarity: string | null;
  supertype: PtcgSupertype | null;
}

/**
 * A card's subtypes in their words and order (stage first, then MEGA, then the rest): our own words
 * mapped, a VSTAR or V-UNION without the V they add nothing to, a LEGEND without the Basic, and the
 * kinds our source keeps in a card's name or rarity (a Mega Evolution, a Radiant, a Prism Star, a
 * Pokémon Star, an ACE SPEC). `stage` stands in when ours name none.
 */
export function ptcgSubtypes(ours: readonly string[] | null, clues: SubtypeClues, stage: string | null): string[] {
  const words = new Set((ours ?? []).flatMap((word) => SUBTYPE_WORDS[word] ?? [word]));
  if (words.has('VSTAR') || words.has('V-UNION')) words.delete('V');
  if (words.has('LEGEND')) words.delete('Basic');
  if (clues.supertype === 'Pokémon') {
    if (/^(Mega|M) /.test(clues.name) && (words.has('ex') || words.has('EX'))) words.add('MEGA');
    if (clues.rarity === 'Radiant Rare') words.add('Radiant');
    if (clues.name.includes('◇')) words.add('Prism Star');
    if (/[★☆]/.test(clues.name)) words.add('Star');
    if (stage && !STAGES.some((s) => words.has(s)) && !words.has('LEGEND')) words.add(stage);
  } else if (clues.name.includes('◇')) {
    words.add('Prism Star');
  }
  if (clues.rarity === 'ACE SPEC Rare') words.add('ACE SPEC');
  const rank = (word: string) => ((STAGES as readonly string[]).includes(word) ? 0 : word === 'MEGA' ? 1 : 2);
  return [...words].sort((a, b) => rank(a) - rank(b));
}

/** Rarities whose spelling alone differs from theirs. */
const RARITY_WORDS: Readonly<Record<string, string>> = {
  'Holo Rare': 'Rare Holo',
  'Holo Rare V': 'Rare Holo V',
  'Holo Rare VMAX': 'Rare Holo VMAX',
  'Holo Rare VSTAR': 'Rare Holo VSTAR',
  'Shiny rare V': 'Rare Holo V',
  'Shiny rare VMAX': 'Rare Holo VMAX',
  'Double rare': 'Double Rare',
  'Hyper rare': 'Hyper Rare',
  'Illustration rare': 'Illustration Rare',
  'Special illustration rare': 'Special Illustration Rare',
  'Rare PRIME': 'Rare Prime',
  'Full Art Trainer': 'Rare Ultra',
  'Secret Rare': 'Rare Secret',
};

/** What their rarity depends on besides ours. */
export interface RarityClues {
  /** Whether the card's default printing is holo (our variants say so). */
  holo: boolean;
  /** Their subtypes of the card (ptcgSubtypes). */
  subtypes: readonly string[];
  /** Their series of its set. */
  series: string;
  /** Their set object's id and name. */
  set: { id: string; name: string };
}

/** The series where their words are the newest ones ('Ultra Rare', 'Shiny Rare'). */
const NEWEST_SERIES = new Set(['Scarlet & Violet', 'Mega Evolution']);

/**
 * A card's rarity in their words: every card of a promo set a 'Promo'; before Scarlet & Violet, a Rare
 * with a rule box 'Rare Holo EX', 'Rare Holo GX', 'Rare Holo Star' or 'Rare Prism Star', one printed
 * holo a 'Rare Holo' ('Trainer Gallery Rare Holo' in a Trainer or Galarian Gallery), an Ultra Rare a
 * 'Rare Ultra' ('Rare BREAK' for a BREAK), a Shiny rare a 'Rare Shiny'; null when ours is none.
 */
export function ptcgRarity(rarity: string | null, { holo, subtypes, series, set }: RarityClues): string | null {
  if (rarity === null) return null;
  if (/ Promos?$/.test(set.name)) return 'Promo';
  const spelled = RARITY_WORDS[rarity] ?? rarity;
  if (spelled === 'Rare Holo' && /(tg|gg)$/.test(set.id)) return 'Trainer Gallery Rare Holo';
  if (spelled !== rarity) return spelled;
  const newest = NEWEST_SERIES.has(series);
  if (rarity === 'Rare' && !newest) {
    if (subtypes.includes('Prism Star')) return 'Rare Prism Star';
    if (subtypes.includes('Star')) return 'Rare Holo Star';
    if (subtypes.includes('GX')) return 'Rare Holo GX';
    if (subtypes.includes('EX') || subtypes.includes('ex')) return 'Rare Holo EX';
    return holo ? 'Rare Holo' : 'Rare';
  }
  if (rarity === 'Ultra Rare' && !newest) return subtypes.includes('BREAK') ? 'Rare BREAK' : 'Rare Ultra';
  if (rarity === 'Shiny rare') return newest ? 'Shiny Rare' : subtypes.includes('GX') ? 'Rare Shiny GX' : 'Rare Shiny';
  return rarity;
}

/** Our kinds of ability in their words (cardVocabulary's ABILITY_TYPES); an Ancient Trait is a field of its own. */
const ABILITY_WORDS: Readonly<Record<string, string>> = {
  'Pokemon Power': 'Pokémon Power',
  'Poke-Power': 'Poké-Power',
  'Poke-Body': 'Poké-Body',
  Ability: 'Ability',
};

export function ptcgAbilityType(type: string | null): string | null {
  return type === null ? null : (ABILITY_WORDS[type] ?? type);
}
