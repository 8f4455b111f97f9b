import type { Card } from '../../schemas/card.js';
import { COMPACT_CARD_FIELDS, type CompactCard } from '../../schemas/compactCard.js';
import { COMPACT_SET_FIELDS } from '../../schemas/compactSet.js';

/*
 * An answer's rows cut down, on the answer as parsed (JSON.parse of the served JSON): the stored
 * documents stay the one served JSON, and whoever compacts writes the result once.
 */

/** A REST card list with each row cut down to a CompactCard, pagination and retrieved_at as they were. */
export function compactCardList(list: { data: Card[] }): Record<string, unknown> {
  return { ...list, data: list.data.map(compactCard) };
}

export function compactCard(card: Card): CompactCard {
  return Object.fromEntries(COMPACT_CARD_FIELDS.map((field) => [field, card[field]])) as CompactCard;
}

/** A REST set list with each row cut down to a CompactSet (no logo or symbol URL). */
export function compactSetList(list: { data: Array<Record<string, unknown>> }): Record<string, unknown> {
  return { ...list, data: list.data.map((set) => Object.fromEntries(COMPACT_SET_FIELDS.map((field) => [field, set[field]]))) };
}

type CardWithVariants = { image_small?: unknown; image_large?: unknown; variants?: Array<Record<string, unknown>> };

/**
 * A card answer (one card in data, or a batch) with each variant's image URLs left out where they
 * are the card's own: most printings share the card's scan, and an agent pays for every URL.
 * A variant without image_small or image_large shows the card's.
 */
export function withoutRepeatedImages(answer: { data: CardWithVariants | CardWithVariants[] }): Record<string, unknown> {
  const lean = (card: CardWithVariants): CardWithVariants => card.variants === undefined ? card : {
    ...card,
    variants: card.variants.map((variant) => Object.fromEntries(Object.entries(variant)
      .filter(([field, value]) => !(field === 'image_small' && value === card.image_small) && !(field === 'image_large' && value === card.image_large)))),
  };
  return { ...answer, data: Array.isArray(answer.data) ? answer.data.map(lean) : lean(answer.data) };
}
