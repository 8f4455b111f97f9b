import type { AnswerHead } from '../catalog/servedJson.js';
import type { Card } from '../schemas/card.js';
import { COMPACT_CARD_FIELDS, type CompactCard } from '../schemas/compactCard.js';

/**
 * A REST card list's head (up to retrieved_at, servedJson.ts) with each row cut down to a
 * CompactCard, pagination as it was; made once per answer content served from memory (the caller
 * keeps it), so the stored documents stay the one served JSON.
 */
export function compactCardListHead(head: AnswerHead): AnswerHead {
  const list = JSON.parse(`${head}}`) as { data: Card[] };
  return JSON.stringify({ ...list, data: list.data.map(compactCard) }).slice(0, -1);
}

export function compactCard(card: Card): CompactCard {
  return Object.fromEntries(COMPACT_CARD_FIELDS.map((field) => [field, card[field]])) as CompactCard;
}
