import { Type, type Static } from '@sinclair/typebox';
import { Card, CardList, Suggestions } from './card.js';
import { Pagination, RetrievedAt } from './common.js';

/*
 * The MCP list tools' rows. An agent pays for every token, and a full card row carries its game
 * text, so the list tools answer a card's identity, vocabulary and legality by default and the
 * full rows when asked. REST has no such parameter: its lists stay full.
 */

/** How much of each card a list tool answers. */
export const CARD_DETAILS = ['compact', 'full'] as const;
export type CardDetail = (typeof CARD_DETAILS)[number];

export const CardDetail = Type.Union(CARD_DETAILS.map((detail) => Type.Literal(detail)), {
  default: 'compact',
  description: 'compact (the default): each card\'s id, name, set_id, set_name, set_code, number, supertype, subtypes, types, hp, rarity, ' +
    'regulation_mark and legalities; full: every card field, as REST lists cards.',
});

const { id, name, set_id, set_name, set_code, number, supertype, subtypes, types, hp, rarity, regulation_mark, legalities } = Card.properties;

/** A card without its game text, artist and images: the fields of Card it keeps are Card's schemas. */
export const CompactCard = Type.Object(
  { id, name, set_id, set_name, set_code, number, supertype, subtypes, types, hp, rarity, regulation_mark, legalities },
  {
    title: 'CompactCard',
    additionalProperties: false,
    description: 'A card as the MCP list tools answer it by default: no game text (abilities, attacks, weaknesses, ' +
      'resistances, retreat_cost, rules_text), evolves_from, pokedex_numbers, flavor_text, local_id, artist, ' +
      'images or updated_at.',
  },
);
export type CompactCard = Static<typeof CompactCard>;

/** The fields of a compact row, in the order it lists them. */
export const COMPACT_CARD_FIELDS = Object.keys(CompactCard.properties) as ReadonlyArray<keyof CompactCard>;

export const CompactCardList = Type.Object(
  { data: Type.Array(CompactCard), pagination: Pagination, suggestions: Type.Optional(Suggestions), retrieved_at: RetrievedAt },
  { title: 'CompactCardList', additionalProperties: false },
);

/** A list tool's answer: a page of compact rows, or of full ones (REST's CardList). An object either way, as MCP requires. */
export const CardListResult = Type.Union([CompactCardList, CardList], { type: 'object', title: 'CardListResult' });
