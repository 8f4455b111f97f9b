import type { CardWithVariants } from '../../schemas/card.js';

type EvolvingCard = Pick<CardWithVariants, 'name' | 'supertype' | 'subtypes' | 'evolves_from' | 'pokedex_numbers'>;

/** Our stage words in theirs. */
const STAGE_WORDS: Readonly<Record<string, string>> = { Basic: 'Basic', Stage1: 'Stage 1', Stage2: 'Stage 2' };
const NEXT_STAGE: Readonly<Record<string, string>> = { Basic: 'Stage 1', 'Stage 1': 'Stage 2', 'Stage 2': 'Stage 2' };

/** Kinds they give no stage (a VMAX, a BREAK, a LV.X, a Mega Evolution, a LEGEND, a Restored Pokémon). */
const STAGELESS = new Set(['VMAX', 'VSTAR', 'V-UNION', 'BREAK', 'LEVEL-UP', 'MEGA', 'Legend', 'RESTORED']);
/** Kinds whose name is more than the Pokémon's (Charizard ex): such a card's name is not the Pokémon's. */
const SUFFIXED = new Set(['EX', 'GX', 'TAG TEAM-GX', 'ex', 'V', 'VMAX', 'VSTAR', 'V-UNION', 'BREAK', 'LEVEL-UP', 'MEGA', 'Legend']);

export interface Evolutions {
  /** A Pokémon's stage in their words when our subtypes name none and it has one; null otherwise. */
  stageOf(card: EvolvingCard): string | null;
  /** The Pokémon that evolve from this name, each by the name its cards bear alone, in National Pokédex order. */
  evolvesTo(name: string): readonly string[];
}

/** What the English cards say of evolution: the stage of each Pokémon, and what evolves from it (evolvesFrom's inverse). */
export function evolutionsOf(cards: readonly EvolvingCard[]): Evolutions {
  const stages = new Map<string, Map<string, number>>();
  const namesOfDex = new Map<number, Map<string, number>>();
  /** The National Pokédex numbers of the Pokémon that evolve from each name. */
  const children = new Map<string, Set<number>>();
  for (const card of cards) {
    if (card.supertype !== 'Pokemon') continue;
    const stage = stageWord(card);
    if (stage) {
      count(stages, card.name, stage);
    }
    const dex = card.pokedex_numbers?.length === 1 ? card.pokedex_numbers[0]! : null;
    if (dex !== null && !(card.subtypes ?? []).some((word) => SUFFIXED.has(word))) count(namesOfDex, dex, card.name);
    // What a VMAX, a BREAK or a LV.X comes from evolves into no new Pokémon.
    if (card.evolves_from !== null && dex !== null && !(card.subtypes ?? []).some((word) => STAGELESS.has(word))) {
      let into = children.get(card.evolves_from);
      if (!into) children.set(card.evolves_from, (into = new Set()));
      into.add(dex);
    }
  }
  // A Pokémon by its National Pokédex number: the name most cards of it bear alone (Charizard, not Blaine's Charizard or Charizard ex).
  const speciesName = (dex: number) => mostCommon(namesOfDex.get(dex));
  const stageOfName = (name: string) => mostCommon(stages.get(name));
  const evolvesTo = new Map([...children].map(([from, dexes]) => [
    from, [...new Set([...dexes].sort((a, b) => a - b).map(speciesName).filter((name) => name !== null))],
  ]));
  return {
    stageOf(card) {
      if (card.supertype !== 'Pokemon' || stageWord(card) || (card.subtypes ?? []).some((word) => STAGELESS.has(word))) return null;
      if (card.evolves_from === null) return 'Basic';
      return NEXT_STAGE[stageOfName(card.evolves_from) ?? 'Basic']!;
    },
    evolvesTo: (name) => evolvesTo.get(name) ?? [],
  };
}

function stageWord(card: EvolvingCard): string | null {
  for (const word of card.subtypes ?? []) if (STAGE_WORDS[word]) return STAGE_WORDS[word];
  return null;
}

function count<K>(counts: Map<K, Map<string, number>>, key: K, word: string): void {
  let words = counts.get(key);
  if (!words) counts.set(key, (words = new Map()));
  words.set(word, (words.get(word) ?? 0) + 1);
}

/** The word counted most often (the first counted among equals); null for none. */
function mostCommon(words: Map<string, number> | undefined): string | null {
  let best: string | null = null;
  let most = 0;
  for (const [word, n] of words ?? []) {
    if (n > most) [best, most] = [word, n];
  }
  return best;
}
