import type { PrintingMatch } from '../../schemas/common.js';
import { naturalNumberOrder } from './ordering.js';
import { PRINTING_OVERRIDES } from './printingOverrides.js';
import { isBasicEnergy, looseTrainerKey, pokemonSignature, rarityKey, trainerKey, type PrintedCard } from './printingSignatures.js';

/*
 * The same card across the Asian catalogs (Japanese, Korean, the Chinese, Thai, Indonesian: sets
 * of their own) and the English one, found from what is printed. A Pokémon is matched by its
 * signature; the set pairs those matches reveal (`SV2a` and `sv03.5`) then settle ties by rarity
 * and collector-number order and reach Trainers and Energy, whose names and texts are translated.
 * A wrong link costs more than a missing one: where two candidates remain, none is linked.
 */

/** The languages whose sets are their own, matched to English; the first that holds a TCGdex id speaks for it. */
export const ASIAN_LANGUAGES = ['ja', 'ko', 'zh-tw', 'zh-cn', 'th', 'id'] as const;
export const MATCHED_LANGUAGE = 'en';

/** A card as matching needs it. */
export interface MatchableCard {
  id: string;
  language: string;
  set_id: string;
  card: PrintedCard;
}

/** Why an Asian card has no English link. */
export type UnlinkedReason = 'tie' | 'no-counterpart-set' | 'no-candidate';

/** One Asian printing (a TCGdex id, in every Asian language that holds it) and what it was matched to. */
export interface AsianPrinting {
  /** The TCGdex id the Asian languages share (`SV2a-006`). */
  key: string;
  /** Its catalog cards, in ASIAN_LANGUAGES order: the first speaks for all. */
  members: MatchableCard[];
  /** The TCGdex set id (`SV2a`). */
  setKey: string;
  /** The English cards it is linked to, by id, with how. */
  links: Map<string, PrintingMatch>;
  /** Why it has none; null when linked. */
  unlinked: UnlinkedReason | null;
  /** The English candidates a tie left, for review. */
  tiedWith: string[];
}

export interface PrintingMatches {
  printings: AsianPrinting[];
  /** Each Asian set key's counterpart English sets (catalog ids). */
  counterparts: Map<string, string[]>;
}

/** A pair of sets counts as counterparts when this many of the Asian set's signature matches fall in the English one... */
const PAIR_MIN_MATCHES = 3;
/** ...and they are at least this share of the Asian set's signature matches. */
const PAIR_MIN_SHARE = 0.1;
/** The English set that holds this share of an Asian set's signature matches is its main counterpart. */
const MAIN_MIN_SHARE = 0.5;
/** English rarities of a card printed in gold or shiny, its artwork recoloured. */
const RECOLOURED_RARITIES = new Set(['secret rare', 'hyper rare', 'mega hyper rare', 'shiny rare', 'shiny ultra rare']);
/** A rarity pair seen this often among signature matches reads as the same rarity. */
const RARITY_MIN_PAIRS = 3;

const tcgdexSetKey = (card: MatchableCard) => card.set_id.slice(card.language.length + 1);

function groupBy<T>(items: Iterable<T>, keyOf: (item: T) => string | null): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    if (key === null) continue;
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

const byNumber = (a: MatchableCard, b: MatchableCard) => naturalNumberOrder(a.card.number, b.card.number) || (a.id < b.id ? -1 : 1);

/** Every Asian printing matched to its English printings; the input in any order, the answer the same for the same cards. */
export function matchPrintings(cards: readonly MatchableCard[]): PrintingMatches {
  const english = cards.filter((card) => card.language === MATCHED_LANGUAGE).sort((a, b) => (a.id < b.id ? -1 : 1));
  const printings = asianPrintings(cards);
  const englishBySignature = groupBy(english, (card) => pokemonSignature(card.card));

  // Signature candidates, and the pairs of sets and rarities their single matches reveal.
  const candidates = new Map<AsianPrinting, MatchableCard[]>();
  const setPairs = new Map<string, Map<string, number>>();
  const rarityPairs = new Map<string, number>();
  for (const printing of printings) {
    const signature = pokemonSignature(lead(printing).card);
    if (signature === null) continue;
    const found = englishBySignature.get(signature) ?? [];
    candidates.set(printing, found);
    if (found.length !== 1) continue;
    const pairs = setPairs.get(printing.setKey) ?? new Map<string, number>();
    setPairs.set(printing.setKey, pairs);
    pairs.set(found[0]!.set_id, (pairs.get(found[0]!.set_id) ?? 0) + 1);
    const rarities = `${rarityKey(lead(printing).card.rarity)}\n${rarityKey(found[0]!.card.rarity)}`;
    rarityPairs.set(rarities, (rarityPairs.get(rarities) ?? 0) + 1);
  }
  const counterparts = new Map<string, string[]>();
  /** The English set most of an Asian set's signature matches fall in, if most do: where its Trainers and Energy are sought. */
  const mainCounterpart = new Map<string, string>();
  for (const [setKey, pairs] of setPairs) {
    const total = [...pairs.values()].reduce((sum, n) => sum + n, 0);
    const chosen = [...pairs].filter(([, n]) => n >= PAIR_MIN_MATCHES && n / total >= PAIR_MIN_SHARE).map(([id]) => id).sort();
    if (chosen.length > 0) counterparts.set(setKey, chosen);
    const [main, most] = [...pairs].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]!;
    if (most >= PAIR_MIN_MATCHES && most / total >= MAIN_MIN_SHARE) mainCounterpart.set(setKey, main);
  }
  const pairedRarity = (asian: PrintedCard, en: PrintedCard) => (rarityPairs.get(`${rarityKey(asian.rarity)}\n${rarityKey(en.rarity)}`) ?? 0) >= RARITY_MIN_PAIRS;
  /** Those of a group of English candidates whose rarity is the Asian card's, spelled alike or else paired often enough. */
  const ofRarity = (asian: PrintedCard, group: MatchableCard[]) => {
    const a = rarityKey(asian.rarity);
    const same = narrow(group, (en) => rarityKey(en.card.rarity) === a);
    if (same !== group) return same;
    const paired = narrow(group, (en) => pairedRarity(asian, en.card));
    if (paired !== group) return paired;
    return narrow(group, (en) => lengthenedRarity(asian, en.card));
  };

  const englishInSet = groupBy(english, (card) => card.set_id);
  const trainersIn = new Map<string, { strict: Map<string, MatchableCard[]>; loose: Map<string, MatchableCard[]> }>();
  const trainerIndex = (setIds: string[]) => {
    const key = setIds.join('\n');
    let index = trainersIn.get(key);
    if (!index) {
      const inSets = setIds.flatMap((id) => englishInSet.get(id) ?? []);
      index = { strict: groupBy(inSets, (card) => trainerKey(card.card)), loose: groupBy(inSets, (card) => looseTrainerKey(card.card)) };
      trainersIn.set(key, index);
    }
    return index;
  };

  // Each printing's candidates narrowed to one, or a tie left for collector-number order.
  const ties = new Map<string, AsianPrinting[]>();
  const tiedCandidates = new Map<AsianPrinting, MatchableCard[]>();
  for (const printing of printings) {
    const card = lead(printing).card;
    const paired = counterparts.get(printing.setKey) ?? [];
    const pairedSet = new Set(paired);
    let found: MatchableCard[];
    let how: PrintingMatch = 'printed';
    if (card.supertype === 'Pokemon') {
      const all = candidates.get(printing) ?? [];
      const inPair = all.filter((en) => pairedSet.has(en.set_id));
      if (all.length === 0) {
        printing.unlinked = 'no-candidate';
        continue;
      }
      if (inPair.length > 0) found = inPair;
      else {
        // Outside its set's pair: the same card printed in several English sets is linked to each, one per set.
        const perSet = [...groupBy(all, (en) => en.set_id).values()].map((group) => ofRarity(card, group));
        if (perSet.every((group) => group.length === 1)) {
          for (const [en] of perSet) printing.links.set(en!.id, 'printed');
          continue;
        }
        found = all;
      }
    } else {
      const main = mainCounterpart.get(printing.setKey);
      if (main === undefined) {
        printing.unlinked = 'no-counterpart-set';
        continue;
      }
      how = 'set-order';
      // Without a signature, a Trainer's kind and illustrator are weak evidence: sought in the main counterpart
      // alone, where the true card is, and only among cards of the same rarity.
      const fits = (en: MatchableCard) => rarityKey(card.rarity) === rarityKey(en.card.rarity) || pairedRarity(card, en.card) || lengthenedRarity(card, en.card);
      const index = trainerIndex([main]);
      found = (index.strict.get(trainerKey(card) ?? '') ?? []).filter(fits);
      if (found.length === 0) {
        printing.unlinked = 'no-candidate';
        continue;
      }
    }
    if (found.length > 1) found = ofRarity(card, found);
    if (found.length === 1) {
      printing.links.set(found[0]!.id, how);
      continue;
    }
    const tieKey = `${printing.setKey}\n${found.map((en) => en.id).join('\n')}`;
    ties.set(tieKey, [...(ties.get(tieKey) ?? []), printing]);
    tiedCandidates.set(printing, found);
  }

  // A tie of as many Asian printings as English candidates, all in one set: paired in collector-number order.
  for (const tied of ties.values()) {
    const found = [...tiedCandidates.get(tied[0]!)!].sort(byNumber);
    if (tied.length === found.length && new Set(found.map((en) => en.set_id)).size === 1) {
      const ordered = [...tied].sort((a, b) => byNumber(lead(a), lead(b)));
      ordered.forEach((printing, i) => printing.links.set(found[i]!.id, 'set-order'));
    } else {
      for (const printing of tied) {
        printing.unlinked = 'tie';
        printing.tiedWith = found.map((en) => en.id);
      }
    }
  }

  const englishById = new Map(english.map((card) => [card.id, card]));
  applyOverrides(printings, englishById);
  unlinkInconsistentNames(printings, englishById);
  const translate = translations(printings, englishById);
  unlinkRivals(printings, englishById, translate);
  linkByTranslatedName(printings, english, counterparts, ofRarity, translate);
  unlinkRivals(printings, englishById, translate);
  applyOverrides(printings, englishById);
  return { printings, counterparts };
}

/**
 * A Trainer's or Energy's name names one card in each language: a link of a Trainer or Energy
 * whose two names are not each other's most frequent partner among all such links pairs two
 * different cards, and is dropped.
 */
function unlinkInconsistentNames(printings: AsianPrinting[], englishById: Map<string, MatchableCard>): void {
  const asianName = (card: MatchableCard) => `${card.language}\n${card.card.name}`;
  const forward = new Map<string, Map<string, number>>();
  const backward = new Map<string, Map<string, number>>();
  const count = (table: Map<string, Map<string, number>>, from: string, to: string) => {
    const counts = table.get(from) ?? new Map<string, number>();
    table.set(from, counts);
    counts.set(to, (counts.get(to) ?? 0) + 1);
  };
  const pairsOf = (printing: AsianPrinting) =>
    [...new Set([...printing.links.keys()].map((id) => englishById.get(id)!.card.name))].map((en) => [asianName(lead(printing)), en] as const);
  const kindOf = (printing: AsianPrinting) => lead(printing).card.supertype;
  for (const printing of printings) {
    if (kindOf(printing) === 'Pokemon') continue;
    for (const [asian, en] of pairsOf(printing)) {
      count(forward, asian, en);
      count(backward, en, asian);
    }
  }
  // The most frequent partner, and either seen twice or the only one: one link against another of a name proves neither.
  const isMajority = (counts: Map<string, number> | undefined, of: string) => {
    const n = counts?.get(of) ?? 0;
    return n >= Math.max(...(counts ?? new Map<string, number>()).values()) && (n >= 2 || counts!.size === 1);
  };
  for (const printing of printings) {
    if (kindOf(printing) === 'Pokemon' || printing.links.size === 0) continue;
    const wrong = new Set(pairsOf(printing).filter(([asian, en]) => !isMajority(forward.get(asian), en) || !isMajority(backward.get(en), asian))
      .map(([, en]) => en));
    if (wrong.size === 0) continue;
    const dropped = [...printing.links.keys()].filter((id) => wrong.has(englishById.get(id)!.card.name));
    for (const id of dropped) printing.links.delete(id);
    if (printing.links.size === 0) {
      printing.unlinked = 'tie';
      printing.tiedWith = dropped;
    }
  }
}

/** A Trainer's or Energy's English name, as most single links of its name give it; null when none, or no majority. */
type Translate = (card: MatchableCard) => string | null;

/** A Trainer's or Energy's name names one card in each language, so the names the single links pair translate it. */
function translations(printings: AsianPrinting[], englishById: Map<string, MatchableCard>): Translate {
  const nameKey = (card: MatchableCard) => `${card.language}\n${card.card.name}`;
  const counted = new Map<string, Map<string, number>>();
  for (const printing of printings) {
    const card = lead(printing);
    if (card.card.supertype === 'Pokemon' || printing.links.size !== 1) continue;
    const en = englishById.get([...printing.links.keys()][0]!)!;
    const counts = counted.get(nameKey(card)) ?? new Map<string, number>();
    counted.set(nameKey(card), counts);
    counts.set(en.card.name, (counts.get(en.card.name) ?? 0) + 1);
  }
  const translated = new Map<string, string>();
  for (const [name, counts] of counted) {
    const ranked = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
    const total = ranked.reduce((sum, [, n]) => sum + n, 0);
    // A name translated two ways as often is no translation.
    if (ranked[0]![1] * 2 > total) translated.set(name, ranked[0]![0]);
  }
  return (card) => translated.get(nameKey(card)) ?? null;
}

/**
 * An unlinked Trainer or Energy whose name the links translate is linked to the English cards of
 * that name and illustrator, in its set's counterparts if any is there, else one per English set.
 */
function linkByTranslatedName(printings: AsianPrinting[], english: MatchableCard[], counterparts: Map<string, string[]>,
  ofRarity: (asian: PrintedCard, group: MatchableCard[]) => MatchableCard[], translate: Translate): void {
  const byNameAndArtist = groupBy(english, (card) => (card.card.supertype === 'Pokemon' ? null
    : `${card.card.name}\n${looseTrainerKey(card.card)}`));
  for (const printing of printings) {
    const card = lead(printing);
    // Basic Energy of one type share their name and print no illustrator: a name tells none of them apart.
    if (card.card.supertype === 'Pokemon' || isBasicEnergy(card.card) || printing.links.size > 0) continue;
    const name = translate(card);
    if (name === null) continue;
    // A gold or shiny printing shares name and illustrator but not the artwork: only a card of its rarity is it.
    const all = (byNameAndArtist.get(`${name}\n${looseTrainerKey(card.card)}`) ?? [])
      .filter((en) => !RECOLOURED_RARITIES.has(rarityKey(en.card.rarity)) || rarityKey(en.card.rarity) === rarityKey(card.card.rarity) || lengthenedRarity(card.card, en.card));
    const paired = new Set(counterparts.get(printing.setKey) ?? []);
    const inPair = all.filter((en) => paired.has(en.set_id));
    const perSet = [...groupBy(inPair.length > 0 ? inPair : all, (en) => en.set_id).values()].map((group) => ofRarity(card.card, group));
    if (perSet.length === 0 || perSet.some((group) => group.length !== 1)) continue;
    for (const [en] of perSet) printing.links.set(en!.id, 'name');
    printing.tiedWith = [];
  }
}

/**
 * Cards of two names in one Asian set linked to the same English card: one of them at least is
 * wrong. The one whose name translates to the English card's keeps the link, if one alone does;
 * otherwise none (one card printed twice in a set, under one name, keeps both).
 */
function unlinkRivals(printings: AsianPrinting[], englishById: Map<string, MatchableCard>, translate: Translate): void {
  const claims = new Map<string, AsianPrinting[]>();
  for (const printing of printings) {
    for (const englishId of printing.links.keys()) {
      const key = `${printing.setKey}\n${englishId}`;
      claims.set(key, [...(claims.get(key) ?? []), printing]);
    }
  }
  for (const [key, claimants] of claims) {
    if (new Set(claimants.map((printing) => lead(printing).card.name)).size < 2) continue;
    const englishId = key.slice(key.indexOf('\n') + 1);
    const englishName = englishById.get(englishId)!.card.name;
    const keepers = claimants.filter((printing) => translate(lead(printing)) === englishName);
    const kept = new Set(keepers.map((printing) => lead(printing).card.name)).size === 1 ? keepers : [];
    for (const printing of claimants) {
      if (kept.includes(printing)) continue;
      printing.links.delete(englishId);
      if (printing.links.size === 0) {
        printing.unlinked = 'tie';
        printing.tiedWith = [englishId];
      }
    }
  }
}

/** Those of a group that pass a test, or the very group when none does. */
function narrow<T>(group: T[], keep: (item: T) => boolean): T[] {
  const kept = group.filter(keep);
  return kept.length > 0 && kept.length < group.length ? kept : group;
}

/** One catalog's name of a rarity may lengthen the other's (`Mega Hyper Rare`, `Hyper rare`). */
function lengthenedRarity(asian: PrintedCard, en: PrintedCard): boolean {
  const a = rarityKey(asian.rarity);
  const e = rarityKey(en.rarity);
  return e !== '' && a !== '' && (a.endsWith(e) || e.endsWith(a));
}

function lead(printing: AsianPrinting): MatchableCard {
  return printing.members[0]!;
}

/** The Asian cards by TCGdex id, each group led by its card in the first of ASIAN_LANGUAGES that holds it. */
function asianPrintings(cards: readonly MatchableCard[]): AsianPrinting[] {
  const rank = new Map<string, number>(ASIAN_LANGUAGES.map((language, i) => [language, i]));
  const asian = cards.filter((card) => rank.has(card.language) && card.id.startsWith(`${card.language}-`));
  const groups = groupBy(asian, (card) => card.id.slice(card.language.length + 1));
  return [...groups].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([key, members]) => {
    members.sort((a, b) => rank.get(a.language)! - rank.get(b.language)!);
    return { key, members, setKey: tcgdexSetKey(members[0]!), links: new Map(), unlinked: null, tiedWith: [] };
  });
}

/** The table of overrides settles what the rules cannot: its English ids replace the rules' (none: no link). */
function applyOverrides(printings: AsianPrinting[], englishIds: ReadonlyMap<string, unknown>): void {
  const byCatalogId = new Map(printings.flatMap((printing) => printing.members.map((member) => [member.id, printing])));
  for (const [asianId, englishIdsOfIt] of Object.entries(PRINTING_OVERRIDES)) {
    const printing = byCatalogId.get(asianId);
    if (!printing) continue;
    printing.links = new Map(englishIdsOfIt.filter((id) => englishIds.has(id)).map((id) => [id, 'override']));
    printing.unlinked = printing.links.size > 0 ? null : 'no-candidate';
    printing.tiedWith = [];
  }
  for (const printing of printings) if (printing.links.size > 0) printing.unlinked = null;
}
