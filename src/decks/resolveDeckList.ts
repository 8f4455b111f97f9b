import { LRUCache } from 'lru-cache';
import type { CatalogStore } from '../catalog/catalogStore.js';
import type { Format } from '../vocabulary/cardVocabulary.js';
import { parsedItems } from '../catalog/rows/servedJson.js';
import type { Language } from '../schemas/common.js';
import { basicEnergyTypeOf, basicEnergyTypeOfLoneType, type BasicEnergyType } from './basicEnergy.js';
import { isBasicEnergy } from './cardKinds.js';
import { exactNameKey, lineNameKeys, namesMatch } from './cardNames.js';
import { searchKey } from '../catalog/names/searchKey.js';
import { isMainExpansionCard } from '../catalog/names/mainExpansions.js';
import { findName, shortFormOf } from '../catalog/names/typedNames.js';
import { deckCard, DeckCards, type DeckCard } from './deckCards.js';
import type { DeckListLine } from './deckList.js';
import { basicEnergyCandidates, isBasicEnergySetCode, isEnergyPseudoCode, printedCandidates } from './lineCandidates.js';
import { canonicalSetCode, gallerySetCode } from '../vocabulary/setCodeAliases.js';
import type { SetTable, SetTables } from '../catalog/answers/setTable.js';
import { unknownCode, unknownName, unknownNumber, wrongName } from './unresolvedReasons.js';

/** A line that names a card, with the card it names. */
export interface ResolvedLine {
  line: DeckListLine;
  card: DeckCard;
}

/** A line that names no card of the catalog, and why, in words a person can act on. */
export interface UnresolvedLine {
  line: DeckListLine;
  reason: string;
}

export interface Resolution {
  resolved: ResolvedLine[];
  unresolved: UnresolvedLine[];
}

/** How far a name search looks for an exact name: the first page, exact names ranked first. */
const EXACT_NAME_PAGE = 50;
/** How many of a name's printings, newest first, a line of a short form or a one-letter name chooses among. */
const NAMED_PRINTINGS = 20;

/** What one line asks the batch for. */
interface Plan extends PlanOfText {
  line: DeckListLine;
}

/** What a line's name, set code and number ask for in a language, wherever the line stands. */
interface PlanOfText {
  /** The canonical set code (aliases applied), null without one. */
  code: string | null;
  /** The ids its set code and number may name, newest set first. */
  printed: string[];
  /** The type of a basic Energy line (`Basic {P} Energy`), null for any other line. */
  energyType: BasicEnergyType | null;
  /** For a basic Energy line, the basic Energy cards of its type in the language, newest first. */
  energy: string[];
}

/**
 * Resolves the lines of a deck list to cards of the list's language: by set code and number first
 * (the name on the line is a check, not the key), every line's ids in one batch; basic Energy by
 * its type; a line without set code and number by its exact name.
 */
export class DeckResolver {
  private readonly cards: DeckCards;
  /** The plans of lines as lists write them, in the catalog version of `plansVersion` (about 1 MiB at most). */
  private readonly plans = new LRUCache<string, PlanOfText>({ maxSize: 2 ** 20 });
  private plansVersion = '';

  constructor(private readonly store: Pick<CatalogStore, 'getCards' | 'searchCards' | 'nameLookup' | 'printingIds' | 'views'>, private readonly sets: SetTables,
    cards?: DeckCards) {
    this.cards = cards ?? new DeckCards(store, undefined, store.views);
    store.views.onDrop(() => this.plans.clear());
  }

  async resolve(lines: readonly DeckListLine[], lang: Language, format: Format): Promise<Resolution> {
    const table = await this.sets.table();
    const plans = lines.map((line) => this.plan(table, lang, line));
    const cards = await this.cards.get(table.version, plans.flatMap((p) => [...p.printed, ...p.energy]));
    const outcomes = await Promise.all(plans.map((p) => this.resolveLine(p, cards, table, lang, format)));
    const resolution: Resolution = { resolved: [], unresolved: [] };
    for (const outcome of outcomes) {
      if ('card' in outcome) resolution.resolved.push(outcome);
      else resolution.unresolved.push(outcome);
    }
    return resolution;
  }


  private async resolveLine(p: Plan, cards: ReadonlyMap<string, DeckCard>, table: SetTable, lang: Language, format: Format):
    Promise<ResolvedLine | UnresolvedLine> {
    const { line, code } = p;
    const atNumber = firstOf(p.printed, cards);
    if (atNumber) {
      // A basic Energy line names its type in the list's words (`Basic {P} Energy`), not the card's.
      if (p.energyType !== null ? isEnergyOf(atNumber, p.energyType) : namesMatch(lineNameKeys(line.name), atNumber.nameKeys)) {
        return { line, card: atNumber };
      }
      // A basic Energy set's number that is another type's (`Basic {P} Energy SVE 3`): the type's own printing below.
      if (!(p.energyType !== null && isBasicEnergySetCode(code ?? ''))) {
        return { line, reason: wrongName(line, code!, atNumber.facts, await this.nearest(line.name, lang, table)) };
      }
    }
    const energy = firstOf(p.energy, cards);
    if (energy) return { line, card: energy };
    if (code !== null && line.number !== null && !isEnergyPseudoCode(code)) {
      const sets = table.setsOf(lang, code);
      const nearest = await this.nearest(line.name, lang, table);
      return { line, reason: sets.length === 0 ? unknownCode(line, code, lang, table, nearest) : unknownNumber(line, sets[0]!, nearest) };
    }
    const named = await this.byName(line.name, lang, format, table);
    if (named) return { line, card: named };
    return { line, reason: unknownName(line, lang, await this.nearest(line.name, lang, table), await this.meant(line.name, lang, table)) };
  }

  /** The name a typo means, as the fuzzy named lookup finds it (`Lysander`: Lysandre), or null. */
  private async meant(name: string, lang: Language, table: SetTable): Promise<string | null> {
    if (exactNameKey(name) === '') return null;
    const lookup = await this.store.nameLookup(table.version);
    const found = findName(lookup, name, lang, 'fuzzy');
    return found.entry === undefined ? null : lookup.names[found.entry]!;
  }

  /** The line's plan, worked out once per catalog version (the table's) for the lines lists share. */
  private plan(table: SetTable, lang: Language, line: DeckListLine): Plan {
    if (table.version !== this.plansVersion) {
      this.plans.clear();
      this.plansVersion = table.version;
    }
    const key = `${lang}\n${line.setCode ?? ''}\n${line.number ?? ''}\n${line.name}`;
    let planned = this.plans.get(key);
    if (planned === undefined) {
      planned = planOfText(table, lang, line);
      this.plans.set(key, planned, { size: 2 * key.length + 64 * (planned.printed.length + planned.energy.length) + 100 });
    }
    return { line, ...planned };
  }

  /**
   * The printing a line without set code and number means: of exactly this name in `lang` (or, when
   * no card is named so, of the one name it is a short form of: `Juniper`), the newest legal in
   * `format` from a main expansion, then the newest legal, then the newest from a main expansion,
   * then the newest (promos, trainer kits and McDonald's sets come last).
   */
  private async byName(name: string, lang: Language, format: Format, table: SetTable): Promise<DeckCard | undefined> {
    const key = exactNameKey(name);
    if (key === '') return undefined;
    const asWritten = lineNameKeys(name);
    const found = [...key].length < 2 ? [] : await this.printingsNamed(key, asWritten, lang);
    if (found.length > 0) return preferred(found, format);
    // A name of one letter (`N`), or a short form: the name lookup says which name is meant.
    const lookup = await this.store.nameLookup(table.version);
    let entry = lookup.exact(key, lang);
    if (entry < 0) entry = shortFormOf(lookup, key, lang) ?? -1;
    if (entry < 0) return undefined;
    const ids = await this.store.printingIds(searchKey(lookup.names[entry]!), lang, NAMED_PRINTINGS);
    const cards = await this.cards.get(table.version, ids);
    return preferred(ids.flatMap((id) => cards.get(id) ?? []), format);
  }

  /** The printings of `lang` a name search for `key` finds whose name is one of `names`, newest first. */
  private async printingsNamed(key: string, names: ReadonlySet<string>, lang: Language): Promise<DeckCard[]> {
    const page = await this.store.searchCards({ key, lang, limit: EXACT_NAME_PAGE, offset: 0 });
    return parsedItems(page.items).map((card) => deckCard(card)).filter((card) => namesMatch(names, card.nameKeys));
  }

  /** Up to three cards of `lang` named like `name`, as a list writes them: `Ultra Ball SVI 196`. */
  private async nearest(name: string, lang: Language, table: SetTable): Promise<string[]> {
    const words = exactNameKey(name);
    // A name that finds nothing as a whole may still find its longest word (a typo elsewhere in it).
    const longest = name.split(/\s+/u).map(exactNameKey).sort((a, b) => b.length - a.length)[0] ?? '';
    for (const key of new Set([words, longest])) {
      if ([...key].length < 3) continue;
      const cards = parsedItems((await this.store.searchCards({ key, lang, limit: 3, offset: 0 })).items);
      if (cards.length === 0) continue;
      return cards.map((card) => {
        const code = table.set(card.set_id)?.abbreviation;
        return [card.name, code, card.number].filter((part) => part).join(' ');
      });
    }
    return [];
  }
}

/** The printing a player means among those of one name, newest first (DeckResolver.byName). */
function preferred(cards: readonly DeckCard[], format: Format): DeckCard | undefined {
  const legal = (card: DeckCard) => card.facts.legalities?.[format] === true;
  const main = (card: DeckCard) => isMainExpansionCard(card.facts.id);
  return cards.find((card) => legal(card) && main(card)) ?? cards.find(legal) ?? cards.find(main) ?? cards[0];
}

function planOfText(table: SetTable, lang: Language, line: Pick<DeckListLine, 'name' | 'setCode' | 'number'>): PlanOfText {
  const code = line.setCode === null ? null : canonicalSetCode(line.setCode);
  // A hand-written list may name basic Energy by its type alone (`11x Dark`) when it names no printing.
  const type = basicEnergyTypeOf(line.name) ?? (code === null ? basicEnergyTypeOfLoneType(line.name) : null);
  const printed: string[] = [];
  if (code !== null && line.number !== null && !isEnergyPseudoCode(code)) {
    // A gallery card (`CRZ GG35`) lives in a set of its own in the catalog (`CRZ:GG`).
    const gallery = gallerySetCode(code, line.number);
    if (gallery !== null) printed.push(...printedCandidates(table, lang, gallery, line.number));
    printed.push(...printedCandidates(table, lang, code, line.number));
  }
  const energy = type === null ? [] : basicEnergyCandidates(table, lang, type);
  return { code, printed, energyType: type, energy };
}

/** A basic Energy card of that type; one whose name says no type this reader knows is taken at its word. */
function isEnergyOf({ facts }: DeckCard, type: BasicEnergyType): boolean {
  const named = basicEnergyTypeOf(facts.name);
  return isBasicEnergy(facts) && (named === null || named === type);
}

function firstOf(ids: readonly string[], cards: ReadonlyMap<string, DeckCard>): DeckCard | undefined {
  for (const id of ids) {
    const card = cards.get(id);
    if (card) return card;
  }
  return undefined;
}
