import { LANGUAGES, type LanguageLink } from '../../schemas/common.js';
import { illustratorKey, pokemonSignature, type PrintedCard } from './printingSignatures.js';
import { MATCHED_LANGUAGE, type AsianPrinting, type MatchableCard, type UnlinkedReason } from './asianPrintings.js';
import { matchPrintings } from './printingMatches.js';

/** A card or set as its links name it. */
export interface Named {
  id: string;
  language: string;
  name: string;
}

/** The links printingMatches found, as entries of other_languages, and what they reached. */
export interface PrintingLinks {
  /** Each card's new entries, by catalog id. */
  cards: Map<string, LanguageLink[]>;
  /** Each set's new entries (its counterpart sets, with the share of its cards linked), by catalog id. */
  sets: Map<string, LanguageLink[]>;
  report: PrintingLinkReport;
}

/** One era's and kind's Japanese cards: how many, how many linked, and why the others are not. */
export interface PrintingLinkCounts {
  /** The regulation mark, or `none`. */
  era: string;
  /** Pokemon, Trainer or Energy. */
  kind: string;
  cards: number;
  linked: number;
  /** Of the cards of a set with an English counterpart: the cards and those linked. */
  inPairedSets: number;
  linkedInPairedSets: number;
  unlinked: Record<UnlinkedReason, number>;
}

export interface PrintingLinkReport {
  /** The Japanese cards, by era and kind. */
  japanese: PrintingLinkCounts[];
  /** The ties left unlinked, for review: the Asian card and its English candidates. */
  ties: Array<{ card: string; candidates: string[] }>;
}

const LANGUAGE_ORDER = new Map<string, number>(LANGUAGES.map((code, position) => [code, position]));
const linkOrder = (a: LanguageLink, b: LanguageLink) =>
  LANGUAGE_ORDER.get(a.language)! - LANGUAGE_ORDER.get(b.language)! || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** A share kept to three decimals, so it reads as one and stays the same from one import to the next. */
const shareOf = (part: number, whole: number) => Math.round((part / whole) * 1000) / 1000;

/**
 * The links between the Asian catalogs' cards and the English ones', both ways: each member of an
 * Asian printing (the same TCGdex id in ja, zh-tw, ...) to each English card it was matched to, and
 * back; each Asian set to its counterpart English sets and back, with the share of its cards linked.
 */
export function printingLinks(cards: readonly MatchableCard[], names: ReadonlyMap<string, string>, sets: readonly Named[]): PrintingLinks {
  const { printings, counterparts } = matchPrintings(cards);
  const cardLinks = new Map<string, LanguageLink[]>();
  const add = (to: string, link: LanguageLink) => {
    const links = cardLinks.get(to);
    if (links) links.push(link);
    else cardLinks.set(to, [link]);
  };
  const language = new Map(cards.map((card) => [card.id, card.language]));
  const setOf = new Map(cards.map((card) => [card.id, card.set_id]));
  // Linked cards per pair of sets, each card counted once per pair.
  const linkedPairs = new Map<string, Set<string>>();
  const countPair = (from: string, to: string, card: string) => {
    const key = `${from}\n${to}`;
    const linked = linkedPairs.get(key) ?? new Set<string>();
    linkedPairs.set(key, linked);
    linked.add(card);
  };
  for (const printing of printings) {
    const lead = printing.members[0]!;
    // A member whose own record prints otherwise than its lead's (a source's slip) is left out, not linked on trust.
    const members = printing.members.filter((member) => member === lead || samePrint(member.card, lead.card));
    for (const [englishId, match] of printing.links) {
      for (const member of members) {
        add(member.id, { language: MATCHED_LANGUAGE, id: englishId, name: names.get(englishId)!, match } as LanguageLink);
        add(englishId, { language: member.language, id: member.id, name: names.get(member.id)!, match } as LanguageLink);
        countPair(member.set_id, setOf.get(englishId)!, member.id);
        countPair(setOf.get(englishId)!, member.set_id, englishId);
      }
    }
  }
  for (const links of cardLinks.values()) links.sort(linkOrder);

  const setsById = new Map(sets.map((set) => [set.id, set]));
  const cardCounts = new Map<string, number>();
  for (const card of cards) cardCounts.set(card.set_id, (cardCounts.get(card.set_id) ?? 0) + 1);
  const setLinks = new Map<string, LanguageLink[]>();
  const addSet = (from: string, to: string) => {
    const target = setsById.get(to);
    const linked = linkedPairs.get(`${from}\n${to}`)?.size ?? 0;
    if (!target || linked === 0) return;
    const link = { language: target.language, id: to, name: target.name, match: 'printed', linked_share: shareOf(linked, cardCounts.get(from)!) } as LanguageLink;
    setLinks.set(from, [...(setLinks.get(from) ?? []), link]);
  };
  const asianSetsByKey = new Map<string, Set<string>>();
  for (const printing of printings) {
    const setIds = asianSetsByKey.get(printing.setKey) ?? new Set<string>();
    asianSetsByKey.set(printing.setKey, setIds);
    for (const member of printing.members) setIds.add(member.set_id);
  }
  for (const [setKey, englishSets] of counterparts) {
    for (const asianSet of asianSetsByKey.get(setKey) ?? []) {
      for (const englishSet of englishSets) {
        addSet(asianSet, englishSet);
        addSet(englishSet, asianSet);
      }
    }
  }
  for (const links of setLinks.values()) links.sort(linkOrder);

  return { cards: cardLinks, sets: setLinks, report: reportOf(printings, counterparts, language) };
}

function samePrint(member: PrintedCard, lead: PrintedCard): boolean {
  return illustratorKey(member.artist) === illustratorKey(lead.artist) && pokemonSignature(member) === pokemonSignature(lead);
}

function reportOf(printings: AsianPrinting[], counterparts: Map<string, string[]>, language: Map<string, string>): PrintingLinkReport {
  const counts = new Map<string, PrintingLinkCounts>();
  const ties: PrintingLinkReport['ties'] = [];
  for (const printing of printings) {
    const lead = printing.members[0]!;
    if (printing.unlinked === 'tie') ties.push({ card: lead.id, candidates: printing.tiedWith });
    if (language.get(lead.id) !== 'ja') continue;
    const era = lead.card.regulation_mark ?? 'none';
    const kind = lead.card.supertype ?? 'none';
    const key = `${era}\n${kind}`;
    let row = counts.get(key);
    if (!row) {
      row = { era, kind, cards: 0, linked: 0, inPairedSets: 0, linkedInPairedSets: 0, unlinked: { tie: 0, 'no-counterpart-set': 0, 'no-candidate': 0 } };
      counts.set(key, row);
    }
    const paired = counterparts.has(printing.setKey);
    const linked = printing.links.size > 0;
    row.cards += 1;
    if (linked) row.linked += 1;
    if (paired) row.inPairedSets += 1;
    if (paired && linked) row.linkedInPairedSets += 1;
    if (!linked) row.unlinked[printing.unlinked === 'tie' ? 'tie' : paired ? 'no-candidate' : 'no-counterpart-set'] += 1;
  }
  const japanese = [...counts.values()].sort((a, b) => (a.era < b.era ? -1 : a.era > b.era ? 1 : a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0));
  return { japanese, ties };
}
