import type { components, operations } from './schema.js';

/** The JSON body of an operation's answer with this status. */
type JsonAnswer<Operation extends keyof operations, Status extends keyof operations[Operation]['responses']> =
  operations[Operation]['responses'][Status] extends { content: { 'application/json': infer Body } } ? Body : never;
type Listed = { pagination: unknown };

type SetsAnswer = JsonAnswer<'listSets', 200>;
/** A page of sets: `data`, `pagination` and `retrieved_at`. */
export type SetList = Extract<SetsAnswer, Listed>;
/** One set with its `card_count` and `other_languages`. */
export type SingleSet = Exclude<SetsAnswer, Listed>;
export type CardSet = SetList['data'][number];
export type SetWithCount = SingleSet['data'];

type CardsAnswer = JsonAnswer<'getCards', 200>;
/** The cards of several ids: the cards found and the ids in `not_found`. */
export type CardBatch = Extract<CardsAnswer, { not_found: unknown }>;
/** A page of cards (a set's, a search's or a filter's). */
export type CardList = Exclude<Extract<CardsAnswer, Listed>, CardBatch>;
/** One card with its variants and `other_languages`. */
export type SingleCard = Exclude<CardsAnswer, Listed>;
export type Card = CardList['data'][number];
export type CardWithLanguages = SingleCard['data'];
export type Pagination = CardList['pagination'];

export type CreatedKey = JsonAnswer<'createKey', 201>;
export type Language = CardSet['language'];

type SetsQuery = NonNullable<operations['listSets']['parameters']['query']>;
type CardsQuery = NonNullable<operations['getCards']['parameters']['query']>;
/** The filters of a card listing: they narrow a set's cards or a search, or stand alone; they combine with AND. */
export type CardFilters = Omit<CardsQuery, 'id' | 'ids' | 'set' | 'q' | 'lang' | 'limit' | 'offset'>;
export type PageOptions = Pick<CardsQuery, 'limit' | 'offset'>;
export type SetListOptions = Pick<SetsQuery, 'lang'> & PageOptions;
export type CardsInSetOptions = CardFilters & PageOptions;
export type SearchOptions = CardFilters & PageOptions & Pick<CardsQuery, 'lang'>;
export type FilteredCardsOptions = SearchOptions;

/** What went wrong, for a program to branch on: the `code` of every error body (the API's reference lists them). */
export type ErrorCode = components['schemas']['ErrorCode'];
