import type { Ability, Attack, CardRecord, WeaknessOrResistance } from '../schemas/card.js';
import { printedAmount } from './printedAmount.js';
import type { TcgdexAbility, TcgdexAttack, TcgdexCard, TcgdexTypeModifier } from './tcgdexRecords.js';
import { alignedWith, type EnglishVocabulary } from './tcgdexVocabulary.js';

/**
 * The gameplay fields of a card: what it evolves from, its Pokédex numbers and flavour text,
 * abilities, attacks, weaknesses, resistances, retreat cost, rules text and legality. Names and
 * texts stay in the card's language; energy and ability types are English. A field the source
 * lacks is null, never an empty string or an empty list.
 */
export type GameplayFields = Pick<CardRecord,
  'evolves_from' | 'pokedex_numbers' | 'flavor_text' | 'abilities' | 'attacks' | 'weaknesses' | 'resistances'
  | 'retreat_cost' | 'rules_text' | 'legalities'>;

export interface GameplayContext {
  /** The TCGdex language the card was read in. */
  sourceLang: string;
  /** The English card of the same TCGdex id (localized languages only). */
  en: TcgdexCard | undefined;
  vocabulary: EnglishVocabulary;
}

/** A text as printed; null when the source has none or only white space. */
const text = (value: string | undefined) => (value === undefined || value.trim() === '' ? null : value);
const listOrNull = <T>(list: T[]) => (list.length > 0 ? list : null);
const someAbilityField = (a: Ability) => a.type !== null || a.name !== null || a.effect !== null;
const someAttackField = (a: Attack) => a.name !== null || a.cost !== null || a.damage !== null || a.effect !== null;

/**
 * National Pokédex numbers. TCGdex writes a few δ (Delta Species) forms as a decimal of their
 * species (`384.1`); the form has its species' number, so the decimal goes.
 */
function pokedexNumbers(dexIds: readonly number[] | undefined): number[] | null {
  const numbers = (dexIds ?? []).map(Math.trunc).filter((n) => n >= 1);
  return listOrNull([...new Set(numbers)]);
}

function abilities(list: readonly TcgdexAbility[] | undefined, { sourceLang, en, vocabulary }: GameplayContext): Ability[] | null {
  const english = alignedWith(list, en?.abilities);
  const mapped = (list ?? []).map((ability, i): Ability => ({
    type: vocabulary.abilityType(sourceLang, ability.type, english?.[i]?.type),
    name: text(ability.name),
    effect: text(ability.effect),
  }));
  return listOrNull(mapped.filter(someAbilityField));
}

function attacks(list: readonly TcgdexAttack[] | undefined, { sourceLang, en, vocabulary }: GameplayContext): Attack[] | null {
  const english = alignedWith(list, en?.attacks);
  const mapped = (list ?? []).map((attack, i): Attack => ({
    name: text(attack.name),
    cost: listOrNull(vocabulary.energyTypes(sourceLang, 'attack cost', attack.cost ?? [], english?.[i]?.cost)),
    damage: printedAmount(attack.damage),
    effect: text(attack.effect),
  }));
  return listOrNull(mapped.filter(someAttackField));
}

/** Weaknesses or resistances; an entry whose type no rule reads as an energy type is left out (and reported). */
function typeModifiers(
  list: readonly TcgdexTypeModifier[] | undefined, english: readonly TcgdexTypeModifier[] | undefined,
  reportAs: string, { sourceLang, vocabulary }: GameplayContext,
): WeaknessOrResistance[] | null {
  const aligned = alignedWith(list, english);
  return listOrNull((list ?? []).flatMap((entry, i) => {
    if (entry.type === undefined) return [];
    const type = vocabulary.energyType(sourceLang, reportAs, entry.type, aligned?.[i]?.type);
    return type === null ? [] : [{ type, value: printedAmount(entry.value) }];
  }));
}

export function canonicalGameplay(card: TcgdexCard, context: GameplayContext): GameplayFields {
  const { en } = context;
  const { legal } = card;
  return {
    evolves_from: text(card.evolveFrom),
    pokedex_numbers: pokedexNumbers(card.dexId),
    flavor_text: text(card.description),
    abilities: abilities(card.abilities, context),
    attacks: attacks(card.attacks, context),
    weaknesses: typeModifiers(card.weaknesses, en?.weaknesses, 'weakness type', context),
    resistances: typeModifiers(card.resistances, en?.resistances, 'resistance type', context),
    retreat_cost: card.retreat !== undefined && Number.isInteger(card.retreat) && card.retreat >= 0 ? card.retreat : null,
    rules_text: text(card.effect),
    legalities: typeof legal?.standard === 'boolean' && typeof legal.expanded === 'boolean'
      ? { standard: legal.standard, expanded: legal.expanded }
      : null,
  };
}
