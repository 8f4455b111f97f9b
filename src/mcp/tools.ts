import type { ToolAnnotations } from '@modelcontextprotocol/server';
import { Type, type Static, type TObject, type TSchema } from '@sinclair/typebox';
import type { AccessControl } from '../access/accessControl.js';
import type { Allowance } from '../access/allowance.js';
import { FILTER_NAMES, filtersOf } from '../catalog/rows/cardFacets.js';
import type { CatalogQueries, QueryResult } from '../catalog/answers/catalogQueries.js';
import type { Answer } from '../catalog/answers/answer.js';
import { CardBatch, SingleCard } from '../schemas/card.js';
import { CardDetail, CardListResult } from '../schemas/compactCard.js';
import { LANGUAGES } from '../schemas/common.js';
import { CreatedKeyBody, KeyRequestBody } from '../schemas/keys.js';
import { CardFilterParameters, CardIdList, CardsQuery, SearchText, SetsQuery } from '../schemas/queries.js';
import { FuzzyName, NamedCard, NamedCardQuery } from '../schemas/names.js';
import { SingleSet } from '../schemas/set.js';
import { trimEmail } from '../edge/keyRequest.js';
import type { DeckChecker } from '../decks/deckCheck.js';
import { DeckCheckRequest, DeckCheckResult } from '../schemas/deck.js';
import { SetListResult } from '../schemas/compactSet.js';
import type { Compaction } from './toolResult.js';
import type { Refusal } from '../vocabulary/errorCodes.js';
import { keyCreationOutcome, type ServiceMetrics } from '../metrics/serviceMetrics.js';

/**
 * The MCP tools: one place mapping each tool to its schemas (the REST ones) and to the
 * call that answers it, so an MCP answer is the REST answer for the same request. The card list
 * tools cut each row down to a CompactCard unless asked for the full rows (detail "full").
 */

/**
 * What a tool call answers: the answer REST would send (its card rows compact when asked; one made for
 * this call alone as its value, which the result writes once), or REST's error.
 */
export type ToolOutcome =
  | { ok: true; answer: Answer | Record<string, unknown>; compact: Compaction; allowance?: Allowance }
  | ({ ok: false; allowance?: Allowance; retryAfterSeconds?: number; refused?: boolean } & Refusal);

export interface ToolServices {
  queries: CatalogQueries;
  decks: DeckChecker;
  access: AccessControl;
  metrics: ServiceMetrics;
  /** The caller's address, as REST sees it (request.ip). */
  clientAddress: string;
  /**
   * Counts the call against the key's month, for a tool keyed 'when-answered' once its request proved
   * valid: null when counted, else the refusal (the month spent since the call began).
   * Does nothing for the other tools, counted before their arguments are read.
   */
  count(): Promise<Refusal | null>;
}

export interface ToolDefinition<Input extends TObject = TObject> {
  name: string;
  description: string;
  input: Input;
  /** An object schema, as MCP requires of an output schema (get_card's and the card lists' are an object of either of two shapes). */
  output: TSchema;
  annotations: ToolAnnotations & { title: string };
  /**
   * Whether a call needs a valid key and counts once against its month: true counts it before the
   * arguments are read (as REST's catalog routes count a 400); 'when-answered' counts only a call that
   * answers (the tool calls services.count() once its request proved valid), as POST /v1/decks/check.
   */
  keyed: boolean | 'when-answered';
  /**
   * Which REST request the arguments stand for. Like a query string, `querystring` arguments may
   * be numbers sent as text; like POST /v1/keys, `body` arguments are validated exactly as sent.
   */
  argumentsLike: 'querystring' | 'body';
  /** Readies the arguments as REST readies its request before validating it. */
  prepare?(args: Record<string, unknown>): void;
  // Method syntax on purpose: a list of tools erases each tool's argument type.
  run(args: Static<Input>, services: ToolServices): Promise<ToolOutcome>;
}

const defineTool = <Input extends TObject>(tool: ToolDefinition<Input>): ToolDefinition => tool as ToolDefinition;

const catalogAnnotations = (title: string): ToolAnnotations & { title: string } =>
  ({ title, readOnlyHint: true, idempotentHint: true, openWorldHint: false });

/**
 * REST's status codes stay behind; MCP callers get the message, and a named lookup's candidates
 * after it (as JSON, since a name may hold a comma), so an agent can call again with one of them.
 */
const fromQuery = (result: QueryResult, compact: Compaction = false): ToolOutcome => {
  if (result.ok) return { ok: true, answer: result.answer, compact };
  const { code, message, candidates } = result;
  return { ok: false, code, message: candidates?.length ? `${message}. Candidates, best first: ${JSON.stringify(candidates)}` : message };
};

/** A card list as asked: REST's rows (full), or each cut down to a CompactCard (the default). */
const inDetail = (detail: CardDetail | undefined) => (result: QueryResult): ToolOutcome => fromQuery(result, detail !== 'full' && 'cards');

/** The REST query parameter, required: a tool argument that stands for a path segment. */
const required = <T extends TSchema>(schema: T) => Type.Optional(schema, false);

/** The key paragraph itself is the server's instructions' (server.ts) and get_api_key's: once, not in every tool. */
const KEY_NEEDED = 'Needs an API key on the connection (see get_api_key); each call counts once against its monthly quota.';
const PAGING = 'Results come a page at a time (limit 1 to 200, default 50; offset from 0): call again with ' +
  'offset + limit until pagination.has_more is false.';
/** The codes themselves are lang's enum. */
const LANGUAGE_CODES = 'lang is one of the 16 language codes.';
const SET_ID = 'Set ids are <lang>-<set code>, e.g. en-base1, fr-base1, ja-PMCG1.';
const CARD_ID = 'Card ids are <lang>-<set code>-<number>, e.g. en-base1-4, ja-PMCG1-035.';
const ROWS = 'Rows are compact unless detail is "full" (no game text: see get_card). ' +
  'legalities {standard, expanded} tells whether it is legal (null when unknown). detail "full" gives every field in ' +
  'every row: only when you need it for many cards at once.';
const GAME_TEXT = 'The card carries its game text, in its own language: abilities, attacks (cost, damage, effect), ' +
  'weaknesses, resistances, retreat_cost; rules_text for a Trainer or Energy. legalities {standard, expanded} says ' +
  'whether it may be played in each format; standard follows the card\'s regulation_mark, and a printing is also ' +
  'legal when a printing of the same name and game text is (reprints).';

const SearchCardsInput = Type.Object({
  q: Type.Optional(SearchText),
  query: Type.Optional(Type.String({
    minLength: 1,
    description: 'field:value matches a word; fields: name hp types supertype subtypes rarity artist ' +
      'number regulation_mark evolves_from attacks.name attacks.damage attacks.effect abilities.name abilities.effect ' +
      'weaknesses.type rules_text flavor_text set.id set.code set.name set.release_date legal variant lang. "phrase" ' +
      '* ? !whole -not OR () [100 TO *] >= <. E.g. types:fire hp:[100 TO *] legal:standard | ' +
      'supertype:trainer rules_text:"search your deck" | (name:glurak OR name:charizard) -subtypes:mega',
  })),
  order: Type.Optional(Type.Union(CardsQuery.properties.order.anyOf)),
  lang: CardsQuery.properties.lang,
  limit: CardsQuery.properties.limit,
  offset: CardsQuery.properties.offset,
  detail: Type.Optional(CardDetail),
  ...CardFilterParameters,
});
const Q_OR_FILTER = `give q, query, or at least one filter (${FILTER_NAMES.join(', ')})`;
const QUERY_ALONE = 'query goes alone (with lang, order, limit, offset, detail), not with q or the filters: write them into the query';
/** Each filter argument describes itself (its REST parameter's description); the tool says how they combine. */
const FILTERS = 'The filter arguments combine with AND and take English values whatever the language.';

const FindCardInput = Type.Object({
  name: required(FuzzyName),
  lang: NamedCardQuery.properties.lang,
  set_code: NamedCardQuery.properties.set_code,
});
const FIND_OR_SEARCH = 'For the one card a typed (maybe misspelled) name means, call find_card.';

const GetCardInput = Type.Object({ id: CardsQuery.properties.id, ids: Type.Optional(CardIdList) });
/** get_card answers one card (id) or a batch (ids). */
const GetCardOutput = Type.Union([SingleCard, CardBatch], { type: 'object', title: 'GetCardResult' });
const GET_CARD_EXACTLY_ONE = 'exactly one of id, ids is required';
const ListCardsInSetInput = Type.Object({
  set_id: required(CardsQuery.properties.set),
  limit: CardsQuery.properties.limit,
  offset: CardsQuery.properties.offset,
  detail: Type.Optional(CardDetail),
  ...CardFilterParameters,
});
const ListSetsInput = Type.Object({
  q: SetsQuery.properties.q,
  lang: SetsQuery.properties.lang,
  limit: SetsQuery.properties.limit,
  offset: SetsQuery.properties.offset,
  detail: Type.Optional(Type.Union(CardDetail.anyOf, { default: 'compact', description: 'compact (the default): each set without ' +
    'logo_url and symbol_url; full: every set field, as REST lists sets.' })),
});
const GetSetInput = Type.Object({ id: required(SetsQuery.properties.id) });
/** check_deck's arguments: POST /v1/decks/check's body, field for field. */
const CheckDeckInput = Type.Object(DeckCheckRequest.properties, { title: 'CheckDeckArguments' });

export const MCP_TOOLS: readonly ToolDefinition[] = [
  defineTool({
    name: 'search_cards',
    description: 'Search Pokémon TCG cards by name (q), by filters, by both, or by a query over any field (query). By ' +
      'name, best matches first: the exact name, then names starting with q, then names holding it. Name it in the ' +
      "language you search: Charizard (en), Dracaufeu (fr), Glurak (de), リザードン (ja); case and accents do not " +
      `matter. Without lang every language is searched. ${FILTERS} ` +
      `Filters alone, or a query, list newest set first with an exact total. ${ROWS} With q, pagination.total is an ` +
      `estimate; has_more is exact. ${PAGING} A q finding nothing carries suggestions. ` +
      `${FIND_OR_SEARCH} ${CARD_ID} ${KEY_NEEDED}`,
    input: SearchCardsInput,
    output: CardListResult,
    annotations: catalogAnnotations('Search cards by name'),
    keyed: true,
    argumentsLike: 'querystring',
    run: async (args, { queries }) => {
      const { q, query, order, lang, limit, offset, detail } = args;
      const filters = filtersOf(args);
      if (query !== undefined) {
        if (q !== undefined || Object.keys(filters).length > 0) return { ok: false, code: 'invalid_parameter', message: QUERY_ALONE };
        return inDetail(detail)(await queries.queryCards({ query, order, lang, limit, offset }));
      }
      if (order !== undefined) return { ok: false, code: 'invalid_parameter', message: 'order goes with query' };
      if (q !== undefined) return inDetail(detail)(await queries.searchCards({ q, lang, limit, offset, filters }));
      if (Object.keys(filters).length === 0) return { ok: false, code: 'invalid_parameter', message: Q_OR_FILTER };
      return inDetail(detail)(await queries.listFilteredCards({ lang, limit, offset, filters }));
    },
  }),
  defineTool({
    name: 'get_card',
    description: 'Get one card by id with every field, all its variants (its printings: finish or edition, which ' +
      'one is the default) and other_languages: the same card in the catalog\'s other languages ' +
      `({language, id, name}: de-base1-4 Glurak to en-base1-4 Charizard). ${CARD_ID} Ids are ` +
      `case-sensitive; the language is the first part (${LANGUAGES.join(', ')}). An unknown id fails; find ids ` +
      'with search_cards or list_cards_in_set. Or give ids instead of id, an array of up to 50 card ids, to get ' +
      'them in one call (counted once): data holds the cards found with their variants (no other_languages), in ' +
      `the order asked, and not_found the ids that match no card; it does not fail for unknown ids. ${GAME_TEXT} ` +
      `${KEY_NEEDED}`,
    input: GetCardInput,
    output: GetCardOutput,
    annotations: catalogAnnotations('Get cards with their variants'),
    keyed: true,
    argumentsLike: 'querystring',
    run: async ({ id, ids }, { queries }) => {
      if (ids !== undefined && id === undefined) return fromQuery(await queries.getCards(ids), 'variant-images');
      if (id !== undefined && ids === undefined) return fromQuery(await queries.getCard(id), 'variant-images');
      return { ok: false, code: 'invalid_parameter', message: GET_CARD_EXACTLY_ONE };
    },
  }),
  defineTool({
    name: 'find_card',
    description: 'Find the one card a typed name means, in lang (default en): the name as typed, or forgiving a typo ' +
      'or two (charzard is Charizard), a missing possessive (boss orders), a spaced or ' +
      'hyphenated suffix (pikachu v max is Pikachu VMAX), a trailing qualifier in parentheses, or the start of the ' +
      'one name it begins; a name that matches exactly always wins (iono is Iono, not Iono\'s Tadbulb). Returns the ' +
      'newest printing of that name (promos last) with every field and its variants, or its printing in the set of ' +
      'set_code (PAL, SVI, PR-SV). When several names fit equally or none is close, ' +
      'the call fails with isError and a sentence followed by the candidate names (best first, a JSON array; none ' +
      'when nothing is close): call find_card again with the one meant. Names are matched in lang only: Glurak ' +
      `with lang de. The card carries its game text and legalities as get_card describes them. ${CARD_ID} For every card whose name holds some text, use search_cards. ${KEY_NEEDED}`,
    input: FindCardInput,
    output: NamedCard,
    annotations: catalogAnnotations('Find a card by a typed name'),
    keyed: true,
    argumentsLike: 'querystring',
    run: ({ name, lang, set_code: setCode }, { queries }) =>
      queries.namedCard({ name, mode: 'fuzzy', parameter: 'name', lang, setCode }).then((result) => fromQuery(result, 'variant-images')),
  }),
  defineTool({
    name: 'list_cards_in_set',
    description: 'List the cards of one set in collector-number order (1, 2, 10, 10a, H1, SV1, TG01). Returns a ' +
      `page of cards without variants; pagination.total is exact. The filters of search_cards narrow it. ${ROWS} ` +
      `${SET_ID} An unknown set fails; find ` +
      `set ids with list_sets. ${PAGING} ${KEY_NEEDED}`,
    input: ListCardsInSetInput,
    output: CardListResult,
    annotations: catalogAnnotations('List the cards of a set'),
    keyed: true,
    argumentsLike: 'querystring',
    run: (args, { queries }) =>
      queries.listCardsInSet(args.set_id, { limit: args.limit, offset: args.offset, filters: filtersOf(args) }).then(inDetail(args.detail)),
  }),
  defineTool({
    name: 'list_sets',
    description: 'List sets newest first (by release date; sets without a date last), in every language or in ' +
      'one; with q, find sets by name: the sets whose name in their own language or in English holds q (folded as ' +
      'search_cards folds names: paldea finds Paldea Evolved and Évolutions à Paldea), exact names first. Each set ' +
      'has its id, name (own language), name_en, series, release_date, total, printed_total, language and ' +
      'abbreviation (the printed set_code); detail "full" adds logo and symbol URLs. ' +
      `${SET_ID} ${LANGUAGE_CODES} pagination.total is exact. ${PAGING} ${KEY_NEEDED}`,
    input: ListSetsInput,
    output: SetListResult,
    annotations: catalogAnnotations('List and find sets'),
    keyed: true,
    argumentsLike: 'querystring',
    run: ({ q, lang, limit, offset, detail }, { queries }) =>
      queries.listSets({ q, lang, limit, offset }).then((result) => fromQuery(result, detail !== 'full' && 'sets')),
  }),
  defineTool({
    name: 'get_set',
    description: 'Get one set by id, with card_count (the cards of that set in the catalog) and other_languages ' +
      '(the same set code in the catalog\'s other languages: {language, id, name}). ' +
      `${SET_ID} Ids are case-sensitive. An unknown id fails; find set ids with list_sets. ${KEY_NEEDED}`,
    input: GetSetInput,
    output: SingleSet,
    annotations: catalogAnnotations('Get a set'),
    keyed: true,
    argumentsLike: 'querystring',
    run: ({ id }, { queries }) => queries.getSet(id).then(fromQuery),
  }),
  defineTool({
    name: 'check_deck',
    description: 'Check a whole deck list against the format\'s rules in one call; paste the list as exported from ' +
      'Pokémon TCG Live or Limitless in `list`. Use it whenever a user asks whether a deck is legal or what is wrong ' +
      'with a list, rather than looking cards up one by one. Returns legal, cards (each line with its card), ' +
      'unresolved lines with a reason, and problems ({rule, message, lines}). Needs an API key on the connection (see ' +
      'get_api_key); a call that answers counts once against its monthly quota, a refused one not at all.',
    input: CheckDeckInput,
    output: DeckCheckResult,
    annotations: { title: 'Check a deck list', readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    keyed: 'when-answered',
    argumentsLike: 'body',
    run: async ({ list, format = 'standard', lang = 'en' }, { decks, count }) => {
      const reading = decks.read(list);
      if (!reading.ok) return { ok: false, code: 'invalid_parameter', message: reading.message };
      const refused = await count();
      if (refused !== null) return { ok: false, ...refused, refused: true };
      return { ok: true, answer: await decks.check(reading, format, lang), compact: false };
    },
  }),
  defineTool({
    name: 'get_api_key',
    description: 'Create a free API key for this catalog; works without a key. Returns key (shown only this ' +
      'once: tell the user to keep it), tier, monthly_limit (1,000 calls a month, reset on the 1st, UTC) and ' +
      'try_it (a curl command). The other tools read the key from the MCP connection, not from an argument: ' +
      'ask the user to add the header `Authorization: Bearer <key>` to this server\'s entry in their MCP client ' +
      'configuration and reconnect. One active key per email: asking again for the same email fails. At most ' +
      `3 new keys per client address per day.`,
    input: KeyRequestBody,
    output: CreatedKeyBody,
    annotations: { title: 'Get a free API key', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    keyed: false,
    argumentsLike: 'body',
    prepare: trimEmail,
    run: async ({ email, source }, { access, metrics, clientAddress }) => {
      const creation = await access.createKey(source === undefined ? { email } : { email, source }, clientAddress);
      metrics.keyCreation('mcp', keyCreationOutcome(creation.ok ? 201 : creation.status)!);
      return creation.ok
        ? { ok: true, answer: { ...creation.created }, compact: false, allowance: creation.allowance }
        : { ok: false, code: creation.code, message: creation.message, allowance: creation.allowance, retryAfterSeconds: creation.retryAfterSeconds };
    },
  }),
];
