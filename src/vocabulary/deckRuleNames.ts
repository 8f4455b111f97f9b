/** The rules a deck can break, in the order its problems are listed. */
export const DECK_RULES = [
  'deck_size', 'copies', 'ace_spec', 'radiant', 'prism_star', 'no_basic', 'not_legal', 'unresolved',
] as const;
export type DeckRule = (typeof DECK_RULES)[number];
