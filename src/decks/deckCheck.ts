import { Answer } from '../catalog/answers/answer.js';
import type { AnswerCache } from '../catalog/answers/answerCache.js';
import type { CatalogStore } from '../catalog/catalogStore.js';
import type { Format } from '../vocabulary/cardVocabulary.js';
import type { Language } from '../schemas/common.js';
import type { DeckCheck } from '../schemas/deck.js';
import { DeckCards } from './deckCards.js';
import type { DeckListLine } from './deckList.js';
import { deckCardCount, deckProblems } from './deckRules.js';
import { parseDeckList } from './parseDeckList.js';
import { DeckResolver } from './resolveDeckList.js';
import { SetTables } from '../catalog/answers/setTable.js';

/** The 400 of a list without a single card line. */
export const NO_CARD_LINE = 'list holds no card line: write one card a line as "4 Ultra Ball SVI 196" ' +
  '(count, name, set code, number), as Pokémon TCG Live or Limitless export a deck';

/**
 * The most card lines a list may hold: a deck is 60 cards, so at most 60 lines, and a list far
 * longer is no deck (20,000 characters could hold 5,000 one-card lines, each a name search when it
 * gives no set code, for one request of the quota).
 */
export const MAX_CARD_LINES = 100;
export const tooManyCardLines = (count: number) =>
  `list holds ${count} card lines; a deck check reads at most ${MAX_CARD_LINES} (a deck is 60 cards)`;

/** A list read: its card lines, or the 400 saying it has none. */
export type DeckListReading =
  | { ok: true; lines: DeckListLine[] }
  | { ok: false; status: 400; message: string };

/**
 * The deck check both edges call: a list read (a value, so an edge refuses a list without card
 * lines before counting the request), then resolved in its language and checked against the
 * format's rules, into the answer `{data, retrieved_at}`. The answer is not kept in the answer
 * cache: lists are pasted in endless variants (players edit them between checks), so kept answers
 * would be evicted unused and cost more than they save.
 * What lists share, their cards, DeckCards keeps.
 */
export class DeckChecker {
  private readonly resolver: DeckResolver;

  /** `sets`: the process's table of sets (CatalogQueries.sets), so the sets are read once per catalog version, not twice. */
  constructor(store: Pick<CatalogStore, 'getCards' | 'searchCards' | 'listSets' | 'nameLookup' | 'printingIds' | 'views'>, private readonly answers: Pick<AnswerCache, 'retrievedAt' | 'retrieval'>,
    sets: SetTables = new SetTables(store, store.views, () => answers.retrieval()), cards: DeckCards = new DeckCards(store, undefined, store.views)) {
    this.resolver = new DeckResolver(store, sets, cards);
  }

  read(list: string): DeckListReading {
    const { lines } = parseDeckList(list);
    if (lines.length === 0) return { ok: false, status: 400, message: NO_CARD_LINE };
    if (lines.length > MAX_CARD_LINES) return { ok: false, status: 400, message: tooManyCardLines(lines.length) };
    return { ok: true, lines };
  }

  async check({ lines }: { lines: readonly DeckListLine[] }, format: Format, lang: Language): Promise<Answer> {
    const retrievedAt = await this.answers.retrievedAt();
    const data = await this.data(lines, format, lang);
    return Answer.ofParts(['{"data":', ...data, `,"retrieved_at":${JSON.stringify(retrievedAt)}}`]);
  }

  /**
   * The answer's `data` (a DeckCheck) as JSON parts, in the schema's order of fields: each card's
   * bytes are spliced in as DeckCards keeps them, so only the lines' own fields and the problems are serialized.
   */
  private async data(lines: readonly DeckListLine[], format: Format, lang: Language): Promise<Array<string | Buffer>> {
    const { resolved, unresolved } = await this.resolver.resolve(lines, lang, format);
    const entries = resolved.map(({ line, card }) => ({ line: line.line, count: line.count, card: card.facts, legal: card.facts.legalities?.[format] === true }));
    const unresolvedEntries = unresolved.map(({ line }) => ({ line: line.line, count: line.count }));
    const problems = deckProblems(entries, unresolvedEntries, format);
    const parts: Array<string | Buffer> = [
      `{"format":${JSON.stringify(format)},"legal":${problems.length === 0},"card_count":${deckCardCount(entries, unresolvedEntries)},"cards":[`,
    ];
    resolved.forEach(({ line, card }, i) => {
      parts.push(`${i === 0 ? '' : ','}{"line":${line.line},"text":${JSON.stringify(line.text)},"count":${line.count},"card":`, card.bytes,
        `,"legal":${entries[i]!.legal}}`);
    });
    const unresolvedLines: DeckCheck['unresolved'] = unresolved.map(({ line, reason }) => ({ line: line.line, text: line.text, reason }));
    parts.push(`],"unresolved":${JSON.stringify(unresolvedLines)},"problems":${JSON.stringify(problems)}}`);
    return parts;
  }
}
