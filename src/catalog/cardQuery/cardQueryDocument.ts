import type { CardWithVariants } from '../../schemas/card.js';
import type { SetWithCount } from '../../schemas/set.js';

/** The set's fields a query names, one object shared by every card of the set. */
export interface QueriedSet {
  id: string;
  code: string | null;
  name: string;
  series: string | null;
  release_date: string | null;
}

/**
 * A card as `query` reads it: the fields CARD_QUERY_FIELDS names, with the /v1 card's names, but
 * its game text, which the store's text index answers (GAME_TEXT), and nothing the answer shows
 * but the query never reads (images, labels, costs).
 */
export interface CardQueryDocument {
  id: string;
  /** Its place in search order (newest set first), what breaks ties of every order. */
  search_order: number;
  lang: string;
  name: string;
  number: string | null;
  hp: string | number | null;
  types: readonly string[] | null;
  supertype: string | null;
  subtypes: readonly string[] | null;
  rarity: string | null;
  artist: string | null;
  regulation_mark: string | null;
  evolves_from: string | null;
  pokedex_numbers: readonly number[] | null;
  retreat_cost: number | null;
  attacks: ReadonlyArray<{ name: string | null; damage: string | null }> | null;
  abilities: ReadonlyArray<{ name: string | null }> | null;
  weaknesses: ReadonlyArray<{ type: string }> | null;
  resistances: ReadonlyArray<{ type: string }> | null;
  set: QueriedSet;
  legal: readonly string[];
  variant: readonly string[];
}

export function queriedSet(set: SetWithCount): QueriedSet {
  return { id: set.id, code: set.abbreviation, name: set.name, series: set.series, release_date: set.release_date };
}

/**
 * Makes compact documents that share what cards repeat (an artist, a reprint's attack text, a list
 * of types): over a whole catalog, each distinct value is held once.
 */
export class CardQueryDocuments {
  private readonly strings = new Map<string, string>();
  private readonly lists = new Map<string, readonly unknown[]>();

  of(card: CardWithVariants, searchOrder: number, lang: string, set: QueriedSet): CardQueryDocument {
    const s = (value: string | null | undefined) => (value == null ? null : this.string(value));
    return {
      id: card.id,
      search_order: searchOrder,
      lang: this.string(lang),
      name: this.string(card.name),
      number: s(card.number),
      hp: typeof card.hp === 'string' ? this.string(card.hp) : card.hp,
      types: this.list(card.types),
      supertype: s(card.supertype),
      subtypes: this.list(card.subtypes),
      rarity: s(card.rarity),
      artist: s(card.artist),
      regulation_mark: s(card.regulation_mark),
      evolves_from: s(card.evolves_from),
      pokedex_numbers: this.list(card.pokedex_numbers),
      retreat_cost: card.retreat_cost,
      attacks: this.held(card.attacks?.map((attack) => ({ name: s(attack.name), damage: s(attack.damage) }))),
      abilities: this.held(card.abilities?.map((ability) => ({ name: s(ability.name) }))),
      weaknesses: this.held(card.weaknesses?.map((weakness) => ({ type: this.string(weakness.type) }))),
      resistances: this.held(card.resistances?.map((resistance) => ({ type: this.string(resistance.type) }))),
      set,
      legal: this.list([...(card.legalities?.standard ? ['standard'] : []), ...(card.legalities?.expanded ? ['expanded'] : [])])!,
      variant: this.list(card.variants.map((variant) => variant.variant_key))!,
    };
  }

  private string(value: string): string {
    const held = this.strings.get(value);
    if (held !== undefined) return held;
    this.strings.set(value, value);
    return value;
  }

  private list<T extends string | number>(values: readonly T[] | null | undefined): readonly T[] | null {
    if (values == null) return null;
    const key = JSON.stringify(values);
    const held = this.lists.get(key);
    if (held !== undefined) return held as readonly T[];
    const list = Object.freeze(values.map((value) => (typeof value === 'string' ? this.string(value) : value))) as readonly T[];
    this.lists.set(key, list);
    return list;
  }

  /** A list of objects (a reprint's attacks), the one held if an equal one is. */
  private held<T extends object>(objects: readonly T[] | undefined): readonly T[] | null {
    if (objects === undefined || objects === null) return null;
    const key = JSON.stringify(objects);
    const held = this.lists.get(key);
    if (held !== undefined) return held as readonly T[];
    const list = Object.freeze(objects);
    this.lists.set(key, list);
    return list;
  }
}
