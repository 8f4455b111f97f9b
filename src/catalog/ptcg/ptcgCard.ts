import type { Ability, Attack, CardWithVariants, WeaknessOrResistance } from '../../schemas/card.js';
import { ptcgCardId, ptcgCardNumber } from './ptcgIds.js';
import { pokemonRules, textRules } from './ptcgRules.js';
import type { PtcgAbility, PtcgAttack, PtcgCard, PtcgLegalities, PtcgSet, PtcgWeaknessOrResistance } from './ptcgShapes.js';
import { ptcgAbilityType, ptcgRarity, ptcgSubtypes, ptcgSupertype } from './ptcgVocabulary.js';

/** What a card object says that needs the other English cards (readPtcgCatalog works it out). */
export interface PtcgCardContext {
  /** Their set object of the set that holds the card. */
  set: PtcgSet;
  /** Its stage ('Basic', 'Stage 1', 'Stage 2') when our subtypes name none, from what it evolves from. */
  stage: string | null;
  /** The Pokémon that evolve from it, by name. */
  evolvesTo: readonly string[];
  /** Whether the Expanded ban list names it. */
  expandedBanned: boolean;
}

/** A card of our English catalog as /v1 serves it, in the shape of theirs, their keys in their order. */
export function toPtcgCard(card: CardWithVariants, context: PtcgCardContext): PtcgCard {
  const supertype = ptcgSupertype(card.supertype) ?? 'Pokémon';
  const { series } = context.set;
  const subtypes = ptcgSubtypes(card.subtypes, { name: card.name, rarity: card.rarity, supertype }, context.stage);
  const ancient = card.abilities?.find((ability) => ability.type === 'Ancient Trait');
  const abilities = (card.abilities ?? []).filter((ability) => ability !== ancient).map(ptcgAbility);
  const rules = supertype === 'Pokémon'
    ? pokemonRules(subtypes, card.types ?? [], series)
    : textRules(supertype, spelledText(card.rules_text), subtypes, series);
  const retreat = card.retreat_cost ?? 0;
  const defaultVariant = card.variants.find((variant) => variant.is_default) ?? card.variants[0];
  const holo = defaultVariant !== undefined && /(^|-)holo/.test(defaultVariant.variant_key) && !defaultVariant.variant_key.includes('reverse-holo');
  const rarity = ptcgRarity(card.rarity, { holo, subtypes, series, set: context.set });
  const id = card.pokemontcg_io_id ?? ptcgCardId(card.set_id, card.number ?? card.id.slice(card.set_id.length + 1));
  const images: PtcgCard['images'] = {};
  if (card.image_small !== null) images.small = card.image_small;
  if (card.image_large !== null) images.large = card.image_large;
  return {
    id,
    name: card.name,
    supertype,
    ...present('subtypes', subtypes),
    ...(card.hp === null ? {} : { hp: String(card.hp) }),
    ...present('types', card.types ?? []),
    ...(card.evolves_from === null ? {} : { evolvesFrom: card.evolves_from }),
    ...present('evolvesTo', [...context.evolvesTo]),
    ...present('rules', rules),
    ...(ancient ? { ancientTrait: { name: ancient.name ?? '', text: spelledText(ancient.effect) ?? '' } } : {}),
    ...present('abilities', abilities),
    ...present('attacks', (card.attacks ?? []).map(ptcgAttack)),
    ...present('weaknesses', (card.weaknesses ?? []).map(ptcgWeaknessOrResistance)),
    ...present('resistances', (card.resistances ?? []).map(ptcgWeaknessOrResistance)),
    ...(retreat > 0 ? { retreatCost: Array<string>(retreat).fill('Colorless'), convertedRetreatCost: retreat } : {}),
    set: context.set,
    number: ptcgCardNumber(id, context.set.id),
    ...(card.artist === null ? {} : { artist: card.artist }),
    ...(rarity === null ? {} : { rarity }),
    ...(card.flavor_text === null ? {} : { flavorText: card.flavor_text }),
    ...present('nationalPokedexNumbers', card.pokedex_numbers ?? []),
    legalities: ptcgLegalities(card.legalities, context.expandedBanned),
    ...(card.regulation_mark === null ? {} : { regulationMark: card.regulation_mark }),
    images,
    catalogId: card.id,
  };
}

/** `{ key: list }`, or nothing when the list is empty: they leave such keys out. */
function present<K extends string, T>(key: K, list: T[]): { [k in K]?: T[] } {
  return (list.length === 0 ? {} : { [key]: list }) as { [k in K]?: T[] };
}

/** Every card is legal in Unlimited; Standard and Expanded as our legality says, a banned card `Banned` in Expanded. */
export function ptcgLegalities(legalities: CardWithVariants['legalities'], expandedBanned: boolean): PtcgLegalities {
  const result: PtcgLegalities = { unlimited: 'Legal' };
  if (legalities?.standard) result.standard = 'Legal';
  if (legalities?.expanded) result.expanded = 'Legal';
  else if (expandedBanned) result.expanded = 'Banned';
  return result;
}

function ptcgAbility(ability: Ability): PtcgAbility {
  return { name: ability.name ?? '', text: spelledText(ability.effect) ?? '', type: ptcgAbilityType(ability.type) ?? 'Ability' };
}

function ptcgAttack(attack: Attack): PtcgAttack {
  const cost = attack.cost ?? [];
  return { name: attack.name ?? '', cost: [...cost], convertedEnergyCost: cost.length, damage: attack.damage ?? '',
    text: spelledText(attack.effect) ?? '' };
}

function ptcgWeaknessOrResistance({ type, value }: WeaknessOrResistance): PtcgWeaknessOrResistance {
  return { type, value: value ?? '' };
}

/** The energy symbols TCGdex writes in braces (`{C}`), by the word their texts write for each. */
const ENERGY_SYMBOLS: Readonly<Record<string, string>> = {
  G: 'Grass', R: 'Fire', W: 'Water', L: 'Lightning', P: 'Psychic', F: 'Fighting', D: 'Darkness', M: 'Metal', Y: 'Fairy',
  N: 'Dragon', C: 'Colorless',
};

/** A text with its energy symbols spelled as theirs spell them (`{C}{C}` is `ColorlessColorless`). */
function spelledText(text: string | null): string | null {
  return text === null ? null : text.replace(/\{([GRWLPFDMYNC])\}/g, (_, symbol: string) => ENERGY_SYMBOLS[symbol]!);
}
