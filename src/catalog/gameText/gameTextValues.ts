import type { CardRecord } from '../../schemas/card.js';
import { scriptAwareWords } from '../query/spacelessScripts.js';

/**
 * The fields of game text, which /v1's `query` reads from the store's text index rather than from
 * the index it holds in memory; a field's number is its place here, what the stores write.
 */
export const GAME_TEXT_FIELDS = ['attacks.effect', 'abilities.effect', 'rules_text', 'flavor_text'] as const;
export type GameTextField = (typeof GAME_TEXT_FIELDS)[number];

/**
 * One value of a card's game text as a store indexes it: its field's number and its words as the
 * query language folds and cuts them (scriptAwareWords: Japanese, Chinese and Thai in overlapping
 * pairs), joined by one space, so that a store's index splits it at spaces only and matches
 * exactly what the in-memory index of the other fields would.
 */
export type GameTextValue = [field: number, words: string];

type GameText = Pick<CardRecord, 'attacks' | 'abilities' | 'rules_text' | 'flavor_text'>;

/** Cuts the game text of many cards, each distinct text once (reprints repeat their text). */
export class GameTextCutter {
  private readonly cut = new Map<string, string>();

  /** Every value of the card's game text, in field order; an empty text is a value (`field:*` finds it). */
  values(card: GameText): GameTextValue[] {
    const values: GameTextValue[] = [];
    const add = (field: number, text: string | null | undefined) => {
      if (text != null) values.push([field, this.words(text)]);
    };
    for (const attack of card.attacks ?? []) add(0, attack.effect);
    for (const ability of card.abilities ?? []) add(1, ability.effect);
    add(2, card.rules_text);
    add(3, card.flavor_text);
    return values;
  }

  private words(text: string): string {
    let words = this.cut.get(text);
    if (words === undefined) {
      words = scriptAwareWords.words(text).join(' ');
      this.cut.set(text, words);
    }
    return words;
  }
}
