import type { Card } from '../schemas/card.js';
import { COMPACT_CARD_FIELDS, type CompactCard } from '../schemas/compactCard.js';
import { COMPACT_SET_FIELDS } from '../schemas/compactSet.js';

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
