import { groupBy, lead, sameArtwork, type AsianPrinting, type MatchableCard } from './asianPrintings.js';
import { isBasicEnergy, looseTrainerKey, rarityKey, type PrintedCard } from './printingSignatures.js';

/*
 * A Trainer's or Energy's name names one card in each language: the links printingMatches.ts makes
 * pair names, and the pairs check those links and reach the cards they could not.
 */

/** English rarities of a Trainer printed in full art or another illustration: the same name and illustrator, another artwork. */
const FULL_ART_RARITIES = new Set(['ultra rare', 'full art trainer', 'illustration rare', 'special illustration rare']);

/**
 * A Trainer's or Energy's name names one card in each language: a link of a Trainer or Energy
 * whose two names are not each other's most frequent partner among all such links pairs two
 * different cards, and is dropped.
 */
export function unlinkInconsistentNames(printings: AsianPrinting[], englishById: Map<string, MatchableCard>): void {
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
export type Translate = (card: MatchableCard) => string | null;

/** A Trainer's or Energy's name names one card in each language, so the names the single links pair translate it. */
export function translations(printings: AsianPrinting[], englishById: Map<string, MatchableCard>): Translate {
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
export function linkByTranslatedName(printings: AsianPrinting[], english: MatchableCard[], counterparts: Map<string, string[]>,
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
      .filter((en) => sameArtwork(card.card, en.card) && (!FULL_ART_RARITIES.has(rarityKey(en.card.rarity)) || rarityKey(en.card.rarity) === rarityKey(card.card.rarity)));
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
export function unlinkRivals(printings: AsianPrinting[], englishById: Map<string, MatchableCard>, translate: Translate): void {
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
