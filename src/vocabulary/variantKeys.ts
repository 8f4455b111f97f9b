/**
 * The closed vocabulary of `variant_key`: one printing of a card, named by
 *   [1st-edition-]<finish>[-<pattern>][-<qualifier>][-stamped][-jumbo]
 * finish: normal, holo, reverse-holo, metal, lenticular;
 * pattern: the foil pattern (cosmos, pokeball, masterball, ...);
 * qualifier: shadowless, unlimited, copyright (1999-2000 copyright line), no-e-reader,
 *   no-rarity, misprint (any catalogued print error);
 * stamped: carries a stamp other than 1st Edition (promo, player, event: see variant_label).
 * Only the combinations below exist. A printing whose full key is not listed is coarsened by
 * dropping parts (stamped, qualifier, pattern, jumbo, 1st-edition) until it is; printings of one
 * card that end with the same key are merged into one variant whose label names them all.
 */
export const VARIANT_KEYS = [
  'normal', 'holo', 'reverse-holo', 'metal', 'lenticular',
  '1st-edition-normal', '1st-edition-holo',
  'normal-stamped', 'holo-stamped', 'reverse-holo-stamped',
  'normal-jumbo', 'holo-jumbo', 'reverse-holo-jumbo', 'lenticular-jumbo',
  'normal-stamped-jumbo', 'holo-stamped-jumbo',
  'normal-shadowless', '1st-edition-normal-shadowless', 'holo-shadowless', '1st-edition-holo-shadowless',
  'normal-unlimited', 'holo-unlimited', 'normal-unlimited-stamped',
  'normal-copyright', 'holo-copyright', 'holo-cosmos-copyright',
  'normal-no-e-reader', 'holo-no-e-reader', 'reverse-holo-no-e-reader',
  'normal-no-rarity', 'holo-no-rarity',
  'normal-misprint', 'holo-misprint', 'reverse-holo-misprint', 'normal-misprint-stamped',
  '1st-edition-holo-misprint', 'holo-galaxy-misprint', 'reverse-holo-energy-misprint',
  'normal-cosmos', 'holo-cosmos', 'reverse-holo-cosmos', 'holo-cosmos-stamped', 'reverse-holo-cosmos-stamped',
  'reverse-holo-cosmos-stamped-jumbo',
  'normal-galaxy', '1st-edition-normal-galaxy', 'holo-galaxy', '1st-edition-holo-galaxy',
  'holo-galaxy-stamped', 'reverse-holo-galaxy-stamped',
  'holo-rainbow', 'holo-gold', 'holo-gold-jumbo', 'metal-gold', 'holo-starlight-stamped',
  'holo-cracked-ice', 'reverse-holo-cracked-ice', 'holo-cracked-ice-jumbo',
  'normal-league', 'holo-league', 'reverse-holo-league', 'normal-league-stamped', 'holo-league-stamped',
  'reverse-holo-league-stamped',
  'holo-tinsel', 'reverse-holo-tinsel', 'holo-mirror-jumbo', 'holo-energy',
  'reverse-holo-pokeball', 'reverse-holo-masterball', 'reverse-holo-energy', 'reverse-holo-duskball',
  'reverse-holo-loveball', 'reverse-holo-friendball', 'reverse-holo-quickball', 'reverse-holo-team-rocket',
  'reverse-holo-player-reward', 'reverse-holo-professor-program',
] as const;
export type VariantKey = (typeof VARIANT_KEYS)[number];

const known = new Set<string>(VARIANT_KEYS);
export const FINISHES = ['normal', 'holo', 'reverse-holo', 'metal', 'lenticular'] as const;
export type Finish = (typeof FINISHES)[number];
export const QUALIFIERS = ['shadowless', 'unlimited', 'copyright', 'no-e-reader', 'no-rarity', 'misprint'] as const;
export type Qualifier = (typeof QUALIFIERS)[number];

export interface PrintingParts {
  firstEdition: boolean;
  finish: Finish;
  pattern: string | null;
  qualifier: Qualifier | null;
  stamped: boolean;
  jumbo: boolean;
}

function compose(p: PrintingParts): string {
  return [
    p.firstEdition ? '1st-edition' : null, p.finish, p.pattern, p.qualifier,
    p.stamped ? 'stamped' : null, p.jumbo ? 'jumbo' : null,
  ].filter((part) => part !== null).join('-');
}

/** The vocabulary key of a printing, coarsened until it is in the vocabulary. */
export function variantKeyOf(parts: PrintingParts): { key: VariantKey; coarsened: boolean } {
  const drops: Array<(p: PrintingParts) => PrintingParts> = [
    (p) => ({ ...p, stamped: false }),
    (p) => ({ ...p, qualifier: null }),
    (p) => ({ ...p, pattern: null }),
    (p) => ({ ...p, jumbo: false }),
    (p) => ({ ...p, firstEdition: false }),
  ];
  let current = parts;
  let key = compose(current);
  let coarsened = false;
  for (const drop of drops) {
    if (known.has(key)) break;
    current = drop(current);
    key = compose(current);
    coarsened = true;
  }
  return { key: key as VariantKey, coarsened };
}

const FINISH_LABEL: Record<Finish, string> = {
  normal: 'Normal', holo: 'Holo', 'reverse-holo': 'Reverse Holo', metal: 'Metal', lenticular: 'Lenticular',
};
const QUALIFIER_LABEL: Record<Qualifier, string> = {
  shadowless: 'Shadowless', unlimited: 'Unlimited', copyright: '1999-2000 Copyright',
  'no-e-reader': 'No e-Reader', 'no-rarity': 'No Rarity Symbol', misprint: 'Misprint',
};
const words = (slug: string) => slug.split('-').map((w) => (w ? w[0]!.toUpperCase() + w.slice(1) : w)).join(' ');

/** A human label for a printing, keeping every detail the key leaves out (stamp names, misprint kind). */
export function variantLabelOf(parts: PrintingParts, details: { subtype?: string | null; stamps?: string[] }): string {
  const head = [
    parts.firstEdition ? '1st Edition' : null,
    FINISH_LABEL[parts.finish],
    parts.pattern ? `(${words(parts.pattern)} pattern)` : null,
  ].filter(Boolean).join(' ');
  const extras: string[] = [];
  if (parts.qualifier === 'misprint' && details.subtype) extras.push(`misprint: ${words(details.subtype)}`);
  else if (parts.qualifier) extras.push(QUALIFIER_LABEL[parts.qualifier]);
  const stamps = (details.stamps ?? []).filter((s) => !isFirstEditionStamp(s));
  if (stamps.length) extras.push(`stamped: ${stamps.map(words).join(', ')}`);
  if (parts.jumbo) extras.push('Jumbo');
  return extras.length ? `${head}, ${extras.join(', ')}` : head;
}

export function isFirstEditionStamp(stamp: string): boolean {
  return /^1(st|re|a|ª|\.)?[\s-]?(edition|édition|edición|edizione|edição|auflage)$/i.test(stamp.trim());
}
