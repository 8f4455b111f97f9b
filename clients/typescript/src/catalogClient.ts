import createClient, { type Client } from 'openapi-fetch';
import { CatalogApiError } from './errors.js';
import { eachItem } from './paging.js';
import { readRateLimit, type RateLimit } from './rateLimit.js';
import type { paths } from './schema.js';
import type {
  Card, CardBatch, CardList, CardSet, CardsInSetOptions, CreatedKey, FilteredCardsOptions, SearchOptions,
  SetList, SetListOptions, SingleCard, SingleSet,
} from './types.js';

export interface CatalogClientOptions {
  /** Where the service answers, without /v1: `https://tcg.example.com`. */
  baseUrl: string;
  /** An API key (`tcgk_...`), sent as `Authorization: Bearer <key>`. Without one, only createKey succeeds. */
  key?: string;
  /** A fetch of your own (a proxy, retries, a test double); globalThis.fetch by default. */
  fetch?: (request: Request) => Promise<Response>;
}

/** A successful answer: its JSON body, its rate-limit headers and the response itself. */
export interface Answer<Body> {
  body: Body;
  /** The rate-limit headers of this answer; null only when something on the way dropped them. */
  rateLimit: RateLimit | null;
  response: Response;
}

type Outcome = { data?: unknown; error?: unknown; response: Response };

/**
 * The catalog's REST API, typed from its OpenAPI document. Every method resolves to an {@link Answer}
 * or rejects with a {@link CatalogApiError} carrying the API's message, the status and the rate limit.
 */
export class CatalogClient {
  /**
   * The openapi-fetch client underneath, with the key already set, for what the methods here leave out
   * (If-None-Match revalidation, /healthz). Its answers are not checked or turned into errors.
   */
  readonly raw: Client<paths>;
  private latest: RateLimit | null = null;

  constructor(options: CatalogClientOptions) {
    this.raw = createClient<paths>({
      baseUrl: options.baseUrl.replace(/\/+$/, ''),
      headers: options.key === undefined ? undefined : { Authorization: `Bearer ${options.key}` },
      fetch: options.fetch,
    });
  }

  /** The rate limit of the latest answer (or refusal) this client received; null before the first. */
  get rateLimit(): RateLimit | null {
    return this.latest;
  }

  /** A page of sets, newest first, optionally of one language. */
  async listSets(options: SetListOptions = {}): Promise<Answer<SetList>> {
    return this.answer(await this.raw.GET('/v1/sets', { params: { query: options } }), isList<SetList>);
  }

  /** One set with its card_count and the same set in other languages. */
  async getSet(id: string): Promise<Answer<SingleSet>> {
    return this.answer(await this.raw.GET('/v1/sets', { params: { query: { id } } }), isSingle<SingleSet>);
  }

  /** One card with its variants and the same card in other languages. */
  async getCard(id: string): Promise<Answer<SingleCard>> {
    return this.answer(await this.raw.GET('/v1/cards', { params: { query: { id } } }), isSingle<SingleCard>);
  }

  /** Up to 50 cards in one request, each with its variants; the ids that match nothing are in `not_found`. */
  async getCards(ids: readonly string[]): Promise<Answer<CardBatch>> {
    return this.answer(await this.raw.GET('/v1/cards', { params: { query: { ids: ids.join(',') } } }), isBatch);
  }

  /** A page of a set's cards in number order, optionally filtered. */
  async listCardsInSet(setId: string, options: CardsInSetOptions = {}): Promise<Answer<CardList>> {
    return this.answer(await this.raw.GET('/v1/cards', { params: { query: { ...options, set: setId } } }), isList<CardList>);
  }

  /** A page of a name search across languages (or in `lang`), best matches first; its total is an estimate. */
  async searchCards(q: string, options: SearchOptions = {}): Promise<Answer<CardList>> {
    return this.answer(await this.raw.GET('/v1/cards', { params: { query: { ...options, q } } }), isList<CardList>);
  }

  /** A page of the cards matching filters alone: newest set first, then set, then number. */
  async listCards(filters: FilteredCardsOptions): Promise<Answer<CardList>> {
    return this.answer(await this.raw.GET('/v1/cards', { params: { query: filters } }), isList<CardList>);
  }

  /** Every set (of `lang`, if given), page after page (200 a page unless `limit` says otherwise). */
  eachSet(options: SetListOptions = {}): AsyncGenerator<CardSet, void, undefined> {
    return eachItem(async (paging) => (await this.listSets({ ...options, ...paging })).body, options);
  }

  /** Every card of a set, optionally filtered, page after page. */
  eachCardInSet(setId: string, options: CardsInSetOptions = {}): AsyncGenerator<Card, void, undefined> {
    return eachItem(async (paging) => (await this.listCardsInSet(setId, { ...options, ...paging })).body, options);
  }

  /** Every card a name search finds, page after page until `has_more` is false. */
  eachSearchResult(q: string, options: SearchOptions = {}): AsyncGenerator<Card, void, undefined> {
    return eachItem(async (paging) => (await this.searchCards(q, { ...options, ...paging })).body, options);
  }

  /** Every card matching filters alone, page after page. */
  eachCard(filters: FilteredCardsOptions): AsyncGenerator<Card, void, undefined> {
    return eachItem(async (paging) => (await this.listCards({ ...filters, ...paging })).body, filters);
  }

  /**
   * Creates a free key (1,000 requests a month), shown only in this answer. Sent without this client's
   * key. 409 when the email already has an active free key; 429 after 3 new keys from one address in a UTC day.
   */
  async createKey(email: string, source?: string): Promise<Answer<CreatedKey>> {
    const outcome = await this.raw.POST('/v1/keys', { body: { email, source }, headers: { Authorization: null } });
    return this.answer(outcome, (body): body is CreatedKey => typeof (body as { key?: unknown }).key === 'string');
  }

  private answer<Body>(outcome: Outcome, shaped: (body: object) => body is Body & object): Answer<Body> {
    const { data, error, response } = outcome;
    const rateLimit = readRateLimit(response.headers);
    this.latest = rateLimit ?? this.latest;
    if (!response.ok) throw new CatalogApiError(response, error);
    if (typeof data !== 'object' || data === null || !shaped(data)) {
      throw new Error(`${response.status} from ${response.url} is not the documented answer: is baseUrl the catalog API?`);
    }
    return { body: data, rateLimit, response };
  }
}

// The operations answer a union of shapes: these pick the one a method's parameters ask for.
function isList<Body>(body: object): body is Body & object {
  return 'pagination' in body && !('not_found' in body);
}
function isSingle<Body>(body: object): body is Body & object {
  return !('pagination' in body);
}
function isBatch(body: object): body is CardBatch {
  return 'not_found' in body;
}

/** A client of the catalog at `baseUrl`, sending `key` with every catalog call. */
export function createCatalogClient(options: CatalogClientOptions): CatalogClient {
  return new CatalogClient(options);
}
