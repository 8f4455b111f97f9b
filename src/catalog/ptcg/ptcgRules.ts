/*
 * A card's `rules` as pokemontcg.io lists them: the rule box of a Pokémon (the words printed in the
 * box of a Pokémon ex, V, GX, ...), and a Trainer's or Energy's text followed by the reminder its
 * kind prints in its era. Our catalog keeps the text, not the box or the reminder: they follow from
 * the card's subtypes and its series, worded as the cards of that era print them.
 */

const EX_ERA = 'When Pokémon-ex has been Knocked Out, your opponent takes 2 Prize cards.';

/** The series whose cards word a Pokémon-ex (lower case, two Prize cards) the first way. */
const EX_ERA_SERIES = new Set(['EX', 'POP', 'NP']);
/** The series of each wording of a Trainer's reminder. */
const BEFORE_YOUR_ATTACK_SERIES = new Set(['Black & White', 'XY', 'Sun & Moon']);
const NEWEST_SERIES = new Set(['Sword & Shield', 'Scarlet & Violet', 'Mega Evolution']);

/** The rule boxes of a Pokémon, from its subtypes (their words), its types and its set's series. */
export function pokemonRules(subtypes: readonly string[], types: readonly string[], series: string): string[] {
  const has = (word: string) => subtypes.includes(word);
  const rules: string[] = [];
  if (has('MEGA') && has('EX')) rules.push('Mega Evolution rule: When 1 of your Pokémon becomes a Mega Evolution Pokémon, your turn ends.');
  if (has('VMAX')) rules.push('VMAX rule: When your Pokémon VMAX is Knocked Out, your opponent takes 3 Prize cards.');
  else if (has('VSTAR')) rules.push('VSTAR rule: When your Pokémon VSTAR is Knocked Out, your opponent takes 2 Prize cards.');
  else if (has('V-UNION')) rules.push('V-UNION rule: When your Pokémon V-UNION is Knocked Out, your opponent takes 3 Prize cards.');
  else if (has('V')) rules.push('V rule: When your Pokémon V is Knocked Out, your opponent takes 2 Prize cards.');
  if (has('TAG TEAM')) rules.push('TAG TEAM rule: When your TAG TEAM is Knocked Out, your opponent takes 3 Prize cards.');
  else if (has('GX')) rules.push('Pokémon-GX rule: When your Pokémon-GX is Knocked Out, your opponent takes 2 Prize cards.');
  if (has('EX') || has('ex')) {
    if (EX_ERA_SERIES.has(series)) rules.push(EX_ERA);
    else if (has('EX')) rules.push('Pokémon-EX rule: When a Pokémon-EX has been Knocked Out, your opponent takes 2 Prize cards.');
    else if (has('MEGA')) rules.push('Mega Evolution ex Rule: When your Mega Evolution Pokémon ex is Knocked Out, your opponent takes 3 Prize cards.');
    else rules.push('Pokémon ex rule: When your Pokémon ex is Knocked Out, your opponent takes 2 Prize cards.');
  }
  if (has('Radiant')) rules.push("Radiant Pokémon Rule: You can't have more than 1 Radiant Pokémon in your deck.");
  if (has('Prism Star')) rules.push(PRISM_STAR);
  if (has('Star')) rules.push("You can't have more than 1 Pokémon Star in your deck.");
  if (types.length === 2 && EX_ERA_SERIES.has(series)) rules.push(`This Pokémon is both ${types.join(' ')} type.`);
  return rules;
}

const PRISM_STAR = "◇ (Prism Star) Rule: You can't have more than 1 ◇ card with the same name in your deck. " +
  'If a ◇ card would go to the discard pile, put it in the Lost Zone instead.';

/** The reminder a Trainer of these subtypes prints after its text in this series; null where none is printed. */
function trainerReminder(subtypes: readonly string[], series: string): string | null {
  const newest = NEWEST_SERIES.has(series);
  if (!newest && !BEFORE_YOUR_ATTACK_SERIES.has(series)) return null;
  const sv = newest && series !== 'Sword & Shield';
  if (subtypes.includes('Supporter')) {
    return newest ? 'You may play only 1 Supporter card during your turn.' : 'You may play only 1 Supporter card during your turn (before your attack).';
  }
  if (subtypes.includes('Stadium')) {
    if (sv) {
      return 'You may play only 1 Stadium card during your turn. Put it next to the Active Spot, and discard it if another ' +
        "Stadium comes into play. A Stadium with the same name can't be played.";
    }
    if (newest) {
      return 'This Stadium stays in play when you play it. Discard it if another Stadium comes into play. If a Stadium ' +
        "with the same name is in play, you can't play this card.";
    }
    return 'This card stays in play when you play it. Discard this card if another Stadium card comes into play. If ' +
      "another card with the same name is in play, you can't play this card.";
  }
  if (subtypes.includes('Pokémon Tool') && sv) {
    return 'You may attach any number of Pokémon Tools to your Pokémon during your turn. You may attach only 1 Pokémon ' +
      'Tool to each Pokémon, and it stays attached.';
  }
  if (subtypes.includes('Item') || subtypes.includes('Pokémon Tool')) {
    return newest ? 'You may play any number of Item cards during your turn.' : 'You may play as many Item cards as you like during your turn (before your attack).';
  }
  return null;
}

const OLD_SUPPORTER = 'You can play only one Supporter card each turn. When you play this card, put it next to your Active ' +
  'Pokémon. When your turn ends, discard this card.';
const OLD_STADIUM = 'This card stays in play when you play it. Discard this card if another Stadium card comes into play. If ' +
  "another card with the same name is in play, you can't play this card.";

/**
 * A Trainer's or Energy's rules: its text, then its kind's reminder (Trainers); none for a basic
 * Energy without text. Where our text holds the reminder itself (the older Supporters and Stadiums
 * open with it, some promos end with it), it is a rule of its own, as theirs.
 */
export function textRules(supertype: string, text: string | null, subtypes: readonly string[], series: string): string[] {
  if (text === null || text.trim() === '') return [];
  if (supertype !== 'Trainer') return [text];
  const reminder = trainerReminder(subtypes, series);
  for (const opening of [OLD_SUPPORTER, OLD_STADIUM]) {
    if (text.startsWith(`${opening} `)) return [opening, text.slice(opening.length + 1)];
  }
  if (reminder === null) return [text];
  const own = text.endsWith(` ${reminder}`) ? text.slice(0, -reminder.length - 1) : text;
  return [own, reminder];
}
