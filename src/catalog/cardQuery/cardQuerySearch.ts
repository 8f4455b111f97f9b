import type { SearchPage } from '../catalogShapes.js';
import type { Card } from '../../schemas/card.js';
import type { CatalogStore } from '../catalogStore.js';
import { CatalogChanged, type KeptView } from '../catalogViews.js';
import { countBits, setBits } from '../answers/bitsets.js';
import type { QueryNode } from '../query/queryNode.js';
import { parseQuery } from '../query/queryParser.js';
import { widenSingleCharacters } from '../query/spacelessScripts.js';
import { withCatalogSetCodes } from './catalogSetCodes.js';
import { CARD_QUERY_FIELDS, type CardQueryOrder } from './cardQueryFields.js';
import { readCardQueryView, type CardQueryView } from './cardQueryView.js';
import { answerGameText } from '../gameText/gameTextLeaves.js';

export interface CardQueryRequest {
  /** The query as typed (parseQuery: a QuerySyntaxError when it cannot be read). */
  query: string;
  lang?: string;
  /** `release` (newest first) unless given; `-` before it reverses. */
  order?: CardQueryOrder | `-${CardQueryOrder}`;
  limit: number;
  offset: number;
}

/**
 * /v1's `query` over every card: the query parsed against CARD_QUERY_FIELDS, answered by the
 * index of the cards (built on the first query, not at start, and kept until the catalog changes)
 * and, for game text, by the store's text index (answerGameText), the page's cards read from the
 * store by their search orders (the index's ordinals). The total is exact.
 */
export class CardQuerySearch {
  private readonly view: KeptView<CardQueryView>;

  constructor(private readonly store: Pick<CatalogStore, 'readSnapshot' | 'views' | 'cardsInSearchOrder' | 'gameTextOrders'>) {
    this.view = store.views.kept(() => readCardQueryView(store));
  }

  /**
   * The tree of the query with `lang` (AND), a set code players write as the catalog's
   * (catalogSetCodes.ts); throws QuerySyntaxError before any index is read.
   */
  static parse(query: string, lang: string | undefined): QueryNode {
    const node = withCatalogSetCodes(widenSingleCharacters(parseQuery(query, CARD_QUERY_FIELDS), CARD_QUERY_FIELDS));
    if (lang === undefined) return node;
    const inLanguage: QueryNode = { kind: 'term', field: 'lang', value: lang };
    return node.kind === 'all' ? inLanguage : { kind: 'and', children: [inLanguage, node] };
  }

  /** The page; CatalogChanged when the catalog changed between the index and the page (CatalogViews.afresh reads again). */
  async page(node: QueryNode, { order = 'release', limit, offset }: Omit<CardQueryRequest, 'query' | 'lang'>): Promise<SearchPage<Card>> {
    const { version, index } = await this.view.get();
    const descending = order.startsWith('-');
    const key = order.replace(/^-/, '') as CardQueryOrder;
    const answered = await answerGameText(node, this.store, index.size, index.analyzer, version);
    await index.prepare(node, key === 'release' ? [] : [{ field: key, descending }]);
    let orders: number[];
    let total: number;
    if (key === 'release') {
      const matches = index.matching(node, answered);
      total = matches === null ? index.size : countBits(matches);
      if (!descending) {
        orders = matches === null ? range(offset, Math.min(total, offset + limit)) : setBits(matches, offset, limit);
      } else {
        // Oldest first: the places counted from the end of search order.
        const from = Math.max(0, total - offset - limit);
        const to = Math.max(0, total - offset);
        const all = matches === null ? null : setBits(matches, from, to - from);
        orders = (all ?? range(from, to)).reverse();
      }
    } else {
      ({ ordinals: orders, total } = index.search({ query: node, orderBy: [{ field: key, descending }], answered, offset, limit }));
    }
    const page = await this.store.cardsInSearchOrder(orders);
    if (page.version !== version) throw new CatalogChanged(page.version);
    return { items: page.docs, total, hasMore: offset + limit < total };
  }
}

function range(from: number, to: number): number[] {
  return Array.from({ length: Math.max(0, to - from) }, (_, i) => from + i);
}
