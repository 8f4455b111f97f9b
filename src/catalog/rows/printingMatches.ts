import { naturalNumberOrder } from './ordering.js';
import { PRINTING_OVERRIDES } from './printingOverrides.js';
import { isBasicEnergy, pokemonSignature, rarityKey, trainerKey, type PrintedCard } from './printingSignatures.js';
import type { PrintingMatch } from '../../schemas/common.js';
import { asianPrintings, groupBy, lead, lengthenedRarity, MATCHED_LANGUAGE, narrow, sameArtwork, type AsianPrinting, type MatchableCard } from './asianPrintings.js';
import { linkByTranslatedName, translations, unlinkInconsistentNames, unlinkRivals } from './printingNames.js';

/*
 * The same card across the Asian catalogs (Japanese, Korean, the Chinese, Thai, Indonesian: sets
 * of their own) and the English one, found from what is printed. A Pokémon is matched by its
 * signature; the set pairs those matches reveal (`SV2a` and `sv03.5`) then settle ties by rarity
 * and collector-number order and reach Trainers and Energy, whose names and texts are translated.
 * A wrong link costs more than a missing one: where two candidates remain, none is linked.
 */

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
/** A rarity pair seen this often among signature matches reads as the same rarity. */
const RARITY_MIN_PAIRS = 3;

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
  const trainersIn = new Map<string, Map<string, MatchableCard[]>>();
  const trainerIndex = (setIds: string[]) => {
    const key = setIds.join('\n');
    let index = trainersIn.get(key);
    if (!index) {
      const inSets = setIds.flatMap((id) => englishInSet.get(id) ?? []);
      index = groupBy(inSets, (card) => trainerKey(card.card));
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
        // Outside its set's pair: the same card printed in several English sets is linked to each, one per set
        // (its gold or shiny printings of another rarity left out: their artwork is recoloured).
        const perSet = [...groupBy(all.filter((en) => sameArtwork(card, en.card)), (en) => en.set_id).values()].map((group) => ofRarity(card, group));
        if (perSet.length > 0 && perSet.every((group) => group.length === 1)) {
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
      found = (index.get(trainerKey(card) ?? '') ?? []).filter(fits);
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

  // A tie of as many Asian printings as English candidates, all in one set: paired in collector-number order, which
  // both languages share for Pokémon and basic Energy (Trainers are numbered by their name, which each language spells).
  for (const tied of ties.values()) {
    const found = [...tiedCandidates.get(tied[0]!)!].sort(byNumber);
    const ordered = tied.every((printing) => lead(printing).card.supertype === 'Pokemon' || isBasicEnergy(lead(printing).card));
    if (ordered && tied.length === found.length && new Set(found.map((en) => en.set_id)).size === 1) {
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
