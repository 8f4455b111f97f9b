import type { Card } from '../../schemas/card.js';
import { COMPACT_CARD_FIELDS, type CompactCard } from '../../schemas/compactCard.js';
import { COMPACT_SET_FIELDS } from '../../schemas/compactSet.js';

/**
 * A REST card list's JSON with each row cut down to a CompactCard, pagination and retrieved_at as
 * they were, so the stored documents stay the one served JSON.
 */
export function compactCardList(json: string): string {
  const list = JSON.parse(json) as { data: Card[] };
  return JSON.stringify({ ...list, data: list.data.map(compactCard) });
}

export function compactCard(card: Card): CompactCard {
  return Object.fromEntries(COMPACT_CARD_FIELDS.map((field) => [field, card[field]])) as CompactCard;
}

/** A REST set list's JSON with each row cut down to a CompactSet (no logo or symbol URL). */
export function compactSetList(json: string): string {
  const list = JSON.parse(json) as { data: Array<Record<string, unknown>> };
  return JSON.stringify({ ...list, data: list.data.map((set) => Object.fromEntries(COMPACT_SET_FIELDS.map((field) => [field, set[field]]))) });
}

type CardWithVariants = { image_small?: unknown; image_large?: unknown; variants?: Array<Record<string, unknown>> };

/**
 * A card answer's JSON (one card in data, or a batch) with each variant's image URLs left out where
 * they are the card's own: most printings share the card's scan, and an agent pays for every URL.
 * A variant without image_small or image_large shows the card's.
 */
export function withoutRepeatedImages(json: string): string {
  const answer = JSON.parse(json) as { data: CardWithVariants | CardWithVariants[] };
  for (const card of Array.isArray(answer.data) ? answer.data : [answer.data]) {
    for (const variant of card.variants ?? []) {
      if (variant.image_small === card.image_small) delete variant.image_small;
      if (variant.image_large === card.image_large) delete variant.image_large;
    }
  }
  return JSON.stringify(answer);
}
