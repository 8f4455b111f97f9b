import type { CardWithVariants } from '../../schemas/card.js';
import type { SetWithCount } from '../../schemas/set.js';
import type { CatalogStore } from '../catalogStore.js';
import { DocumentIndex } from '../query/documentIndex.js';
import { scriptAwareWords } from '../query/spacelessScripts.js';
import { CardQueryDocuments, queriedSet, type QueriedSet } from './cardQueryDocument.js';
import { CARD_QUERY_FIELDS, GAME_TEXT } from './cardQueryFields.js';

/**
 * Every card of every language indexed for /v1's `query`, read from one snapshot: the index's
 * ordinals are the cards' search orders (the snapshot gives them in search order, numbered from 0),
 * so a page's cards are read from the store by them. The documents are compact (cardQueryDocument.ts).
 * The game text's fields are not held: the store's text index answers them (cardQuerySearch.ts).
 */
export interface CardQueryView {
  readonly version: string;
  index: DocumentIndex;
}

export async function readCardQueryView(store: Pick<CatalogStore, 'readSnapshot'>): Promise<CardQueryView> {
  const { version, cards } = await store.readSnapshot(async (snapshot) => {
    const sets = new Map<string, QueriedSet>();
    for await (const page of snapshot.sets()) {
      for (const { json } of page) {
        const set = queriedSet(JSON.parse(json) as SetWithCount);
        sets.set(set.id, set);
      }
    }
    const documents = new CardQueryDocuments();
    const cards = [];
    for await (const page of snapshot.cards()) {
      for (const { lang, json } of page) {
        const card = JSON.parse(json) as CardWithVariants;
        const set = sets.get(card.set_id) ?? { id: card.set_id, code: card.set_code, name: card.set_name, series: null, release_date: null };
        cards.push(documents.of(card, cards.length, lang, set));
      }
    }
    return { version: snapshot.version, cards };
  });
  return { version, index: await DocumentIndex.build(cards, CARD_QUERY_FIELDS, 'search_order', scriptAwareWords, () => true, GAME_TEXT) };
}
