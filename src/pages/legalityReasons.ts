import type { CatalogQueries, QueryResult } from '../catalog/answers/catalogQueries.js';
import { REGULATION_MARKS, type Format } from '../vocabulary/cardVocabulary.js';
import { gameTextKey, isBasicEnergy } from '../importer/gameText.js';
import type { Card, CardRecord } from '../schemas/card.js';
import type { Language } from '../schemas/common.js';

/** A card legal in a format only because another printing of the same name and game text is. */
export interface ReprintReason {
  /** Those printings, legal on their own (up to REPRINTS_SHOWN). */
  printings: Card[];
}

export type LegalityReasons = Partial<Record<Format, ReprintReason>>;

const REPRINTS_SHOWN = 3;
const REPRINT_SEARCH_LIMIT = 200;

type ListBody = { data: Card[]; pagination: { total: number | null } };
const listOf = (result: QueryResult): ListBody | null => (result.ok ? JSON.parse(result.answer.json) as ListBody : null);

/**
 * Why a card is legal when its own printing would not be (docs/reference.md, Legality): in
 * Standard, a card whose regulation mark is not one of Standard's marks; in Expanded, a card of a
 * set most of whose cards are not Expanded-legal. Both are read from the catalog as the import
 * left it (the majority of a mark's cards in the language, of a set's cards), from the same
 * cached answers as the API's filters give, and kept per catalog retrieval (emptied with the catalog's other views).
 */
export class LegalityReasoner {
  private standardMarks = new Map<string, Promise<ReadonlySet<string>>>();
  private retrievedAt = '';

  constructor(private readonly queries: CatalogQueries) {
    queries.views.onDrop(() => this.standardMarks.clear());
  }

  async reasons(card: Card, language: Language, retrievedAt: string): Promise<LegalityReasons> {
    if (retrievedAt !== this.retrievedAt) {
      this.standardMarks.clear();
      this.retrievedAt = retrievedAt;
    }
    const legal = card.legalities;
    if (!legal || isBasicEnergy(card as unknown as CardRecord)) return {};
    const reasons: LegalityReasons = {};
    if (legal.standard) {
      const marks = await this.marksOfStandard(language);
      if (card.regulation_mark === null || !marks.has(card.regulation_mark.toUpperCase())) {
        reasons.standard = { printings: await this.reprints(card, language, 'standard', (other) => other.regulation_mark !== null && marks.has(other.regulation_mark.toUpperCase())) };
      }
    }
    if (legal.expanded && !(await this.setIsExpanded(card.set_id))) {
      reasons.expanded = { printings: await this.reprints(card, language, 'expanded', (other) => other.set_id !== card.set_id) };
    }
    return reasons;
  }

  /** The marks most of whose cards in the language are Standard-legal. */
  private marksOfStandard(language: Language): Promise<ReadonlySet<string>> {
    let marks = this.standardMarks.get(language);
    if (!marks) {
      marks = this.readStandardMarks(language);
      // A failed read (the store away) is not kept: the next page asks again.
      marks.catch(() => { if (this.standardMarks.get(language) === marks) this.standardMarks.delete(language); });
      this.standardMarks.set(language, marks);
    }
    return marks;
  }

  private async readStandardMarks(language: Language): Promise<ReadonlySet<string>> {
    const marks = new Set<string>();
    for (const mark of REGULATION_MARKS) {
      const all = listOf(await this.queries.listFilteredCards({ lang: language, limit: 1, filters: { regulation_mark: mark } }));
      const legal = listOf(await this.queries.listFilteredCards({ lang: language, limit: 1, filters: { regulation_mark: mark, legal: 'standard' } }));
      if ((legal?.pagination.total ?? 0) * 2 > (all?.pagination.total ?? 0)) marks.add(mark);
    }
    return marks;
  }

  private async setIsExpanded(setId: string): Promise<boolean> {
    const all = listOf(await this.queries.listCardsInSet(setId, { limit: 1 }));
    const legal = listOf(await this.queries.listCardsInSet(setId, { limit: 1, filters: { legal: 'expanded' } }));
    return (legal?.pagination.total ?? 0) * 2 > (all?.pagination.total ?? 0);
  }

  /** The printings of the card's language with its name and game text, legal in the format on their own. */
  private async reprints(card: Card, language: Language, format: Format, onTheirOwn: (other: Card) => boolean): Promise<Card[]> {
    const key = gameTextKey(card as unknown as CardRecord);
    if (key === null) return [];
    const found = listOf(await this.queries.searchCards({ q: card.name, lang: language, limit: REPRINT_SEARCH_LIMIT, filters: { legal: format } }));
    return (found?.data ?? [])
      .filter((other) => other.id !== card.id && onTheirOwn(other) && gameTextKey(other as unknown as CardRecord) === key)
      .slice(0, REPRINTS_SHOWN);
  }
}
