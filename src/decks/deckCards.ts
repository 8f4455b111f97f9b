import { LRUCache } from 'lru-cache';
import { utf8OfItsOwn } from '../catalog/answers/answer.js';
import type { CatalogStore } from '../catalog/catalogStore.js';
import type { CatalogViews } from '../catalog/catalogViews.js';
import type { Card, CardWithVariants } from '../schemas/card.js';
import { nameKeys } from './cardNames.js';

/** What the deck rules and the resolver read of a card (cardKinds.ts, deckRules.ts). */
export type CardFacts = Pick<Card, 'id' | 'set_id' | 'number' | 'name' | 'supertype' | 'subtypes' | 'rarity' | 'rules_text' | 'legalities'>;

/** A card as the deck check uses it: its facts, and the card as the answer carries it. */
export interface DeckCard {
  facts: CardFacts;
  /** The Card (as GET /v1/cards answers it, without variants) as JSON bytes, encoded once, spliced into every answer that names it. */
  bytes: Buffer;
  /** The card's name folded as a list's names are compared with it (namesMatch), folded once. */
  nameKeys: ReadonlySet<string>;
}

export function deckCard(card: Card): DeckCard {
  const { id, set_id, number, name, supertype, subtypes, rarity, rules_text, legalities } = card;
  return {
    facts: { id, set_id, number, name, supertype, subtypes, rarity, rules_text, legalities },
    // Bytes of their own: a Buffer.from() cut from a shared slab would keep the slab alive while kept.
    bytes: utf8OfItsOwn(JSON.stringify(card)),
    nameKeys: nameKeys(name),
  };
}

/** What an entry costs beyond its JSON bytes and their Buffer: the facts, the name keys, the cache's entry (as the heap holds them). */
const ENTRY_OVERHEAD_BYTES = 600;
/** What a Buffer costs beyond its bytes: the Buffer and ArrayBuffer objects, the backing store, malloc's header. */
const BUFFER_OVERHEAD = 320;
/** What an id known to name no card costs (the unpadded and padded forms a list's number may take). */
const ABSENT_CHARGE_BYTES = 100;

/** The default bound: the cards of a hundred decks at least, whatever the catalog cache. */
export const DECK_CARDS_MAX_BYTES = 4 * 2 ** 20;

/**
 * The cards deck lists name, kept per catalog version (emptied with the catalog's other views): players paste the same few hundred cards
 * (the decks that win), so a list seldom needs a read, and a check is then work on the main thread
 * alone, with no hand-off to a read worker or connection, no JSON parsed and none serialized but
 * its own. Bounded by bytes (`maxBytes`), least used first out; ids that name no card are kept too,
 * since every line asks for the forms its number may take (`86`, `086`). Apart from the answer
 * cache (CATALOG_CACHE_MB), which keeps finished answers: each list pasted differs, its cards do not.
 */
export class DeckCards {
  /** A card by id, or false for an id known to name none. */
  private readonly cards: LRUCache<string, DeckCard | false>;
  private version: string | undefined;

  /** `views`: the catalog's, which empty these cards with every other view when the catalog changes. */
  constructor(private readonly store: Pick<CatalogStore, 'getCards'>, maxBytes = DECK_CARDS_MAX_BYTES, views?: CatalogViews) {
    this.cards = new LRUCache({ maxSize: maxBytes });
    views?.onDrop(() => {
      this.cards.clear();
      this.version = undefined;
    });
  }

  /** The cards of these ids in catalog `version` (the ones it has), by id; one read for those not kept. */
  async get(version: string, ids: readonly string[]): Promise<Map<string, DeckCard>> {
    if (version !== this.version) {
      this.cards.clear();
      this.version = version;
    }
    const found = new Map<string, DeckCard>();
    const missing: string[] = [];
    for (const id of new Set(ids)) {
      const kept = this.cards.get(id);
      if (kept === undefined) missing.push(id);
      else if (kept !== false) found.set(id, kept);
    }
    if (missing.length === 0) return found;
    const rows = await this.store.getCards(missing);
    // A catalog retrieved again while this read ran: its rows may be the new version's, kept for neither.
    const keep = this.version === version;
    rows.forEach((json, i) => {
      const id = missing[i]!;
      if (json === null) {
        if (keep) this.cards.set(id, false, { size: ABSENT_CHARGE_BYTES });
        return;
      }
      const { variants: _variants, ...card } = JSON.parse(json) as CardWithVariants;
      const entry = deckCard(card);
      found.set(id, entry);
      if (keep) this.cards.set(id, entry, { size: entry.bytes.length + BUFFER_OVERHEAD + ENTRY_OVERHEAD_BYTES });
    });
    return found;
  }

  /** What the kept cards are charged, in bytes. */
  get charged(): number {
    return this.cards.calculatedSize;
  }
}
