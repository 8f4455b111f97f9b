import {
  isFirstEditionStamp, variantKeyOf, variantLabelOf,
  type Finish, type PrintingParts, type Qualifier, type VariantKey,
} from '../vocabulary/variantKeys.js';
import type { Variant } from '../schemas/card.js';
import type { TcgdexCard, TcgdexLegacyVariants, TcgdexVariantDetail } from './tcgdexRecords.js';
import { LOCALIZED_LANGUAGES, type UntranslatedTally } from './tcgdexVocabulary.js';

/*
 * TCGdex describes a printing with words (type, size, foil, subtype, stamps) that fr, es, it,
 * pt and de localize, some of them only partly. An entry whose `variantId` also appears on the
 * English card takes the English words; these tables cover the rest.
 */
const FINISH_WORDS: Record<string, Finish> = {
  normal: 'normal', normale: 'normal', básico: 'normal', basico: 'normal',
  holo: 'holo', olografica: 'holo', holográfica: 'holo', holografisch: 'holo',
  reverse: 'reverse-holo', 'reverse-holo': 'reverse-holo', reversa: 'reverse-holo', reverso: 'reverse-holo',
  metal: 'metal', métal: 'metal', metallo: 'metal', metall: 'metal', metálico: 'metal',
  lenticular: 'lenticular', lenticulaire: 'lenticular', lenticolare: 'lenticular', lentikular: 'lenticular',
};

const SIZE_WORDS: Record<string, 'standard' | 'jumbo'> = {
  standard: 'standard', estándar: 'standard', padrão: 'standard', jumbo: 'jumbo',
};

const FOIL_WORDS: Record<string, string> = {
  cosmo: 'cosmos', kosmos: 'cosmos',
  galaxie: 'galaxy', galaxia: 'galaxy', galassia: 'galaxy', galáxia: 'galaxy',
  "lumière d'étoile": 'starlight', sternenlicht: 'starlight',
  énergie: 'energy', energía: 'energy', energia: 'energy', energie: 'energy',
  or: 'gold', oro: 'gold', ouro: 'gold',
  pokéball: 'pokeball', 'poké ball': 'pokeball', 'poké bola': 'pokeball',
  'master ball': 'masterball', 'master bola': 'masterball', meisterball: 'masterball',
  'copain ball': 'friendball', 'amigo ball': 'friendball', 'friend ball': 'friendball',
  'bola de amizade': 'friendball', freundesball: 'friendball',
  'love ball': 'loveball', 'amor ball': 'loveball', 'bola de amor': 'loveball', sympaball: 'loveball',
  'rapide ball': 'quickball', 'veloz ball': 'quickball', 'velox ball': 'quickball',
  'bola rápida': 'quickball', flottball: 'quickball',
  'sombre ball': 'duskball', 'ocaso ball': 'duskball', 'scuro ball': 'duskball',
  'bola crepúsculo': 'duskball', finsterball: 'duskball',
};
const ENGLISH_FOILS = new Set([
  'cosmos', 'galaxy', 'starlight', 'cracked-ice', 'energy', 'mirror', 'league', 'player-reward',
  'professor-program', 'rainbow', 'gold', 'pokeball', 'tinsel', 'masterball', 'friendball', 'loveball',
  'quickball', 'team-rocket', 'duskball',
]);

/** The qualifier of a TCGdex subtype, English (`shadowless-red-cheek`) or localized (`sans ombre`). */
const QUALIFIER_RULES: Array<[RegExp, Qualifier]> = [
  [/^(shadowless|sans ombre|senza ombr|schattenlos|sin sombra|sem sombra)/, 'shadowless'],
  [/^(unlimited|illimit|unbegrenzt|ilimitad)/, 'unlimited'],
  [/copyright/, 'copyright'],
  [/e-?reader/, 'no-e-reader'],
  [/^(no-rarity|sans raret|senza rarit|ohne selten|sin rareza|sem raridade)/, 'no-rarity'],
];

const lower = (word: string) => word.trim().normalize('NFC').toLowerCase();
const slug = (word: string) =>
  lower(word).normalize('NFD').replace(/\p{M}/gu, '').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

interface Printing {
  parts: PrintingParts;
  subtype: string | null;
  stamps: string[];
}

function printingOf(entry: TcgdexVariantDetail, lang: string, untranslated: UntranslatedTally): Printing {
  let finish: Finish = 'normal';
  if (entry.type !== undefined) {
    const known = FINISH_WORDS[lower(entry.type)];
    if (known) finish = known;
    else untranslated.add(lang, 'variant type', entry.type);
  }
  let jumbo = false;
  if (entry.size !== undefined) {
    const size = SIZE_WORDS[lower(entry.size)];
    if (size === undefined) untranslated.add(lang, 'variant size', entry.size);
    jumbo = size === 'jumbo';
  }
  let pattern: string | null = null;
  if (entry.foil !== undefined) {
    pattern = FOIL_WORDS[lower(entry.foil)] ?? slug(entry.foil);
    if (!ENGLISH_FOILS.has(pattern)) untranslated.add(lang, 'variant foil', entry.foil);
  }
  const subtype = entry.subtype === undefined ? null : slug(entry.subtype);
  let qualifier: Qualifier | null = null;
  if (entry.subtype !== undefined) {
    const word = lower(entry.subtype);
    qualifier = QUALIFIER_RULES.find(([rule]) => rule.test(word))?.[1] ?? 'misprint';
  }
  const stamps = entry.stamp ?? [];
  return {
    parts: {
      firstEdition: stamps.some(isFirstEditionStamp),
      finish,
      pattern,
      qualifier,
      stamped: stamps.some((s) => !isFirstEditionStamp(s)),
      jumbo,
    },
    subtype,
    stamps,
  };
}

function legacyEntries(legacy: TcgdexLegacyVariants): TcgdexVariantDetail[] {
  const entries: TcgdexVariantDetail[] = [];
  if (legacy.normal) entries.push({ type: 'normal' });
  if (legacy.holo) entries.push({ type: 'holo' });
  if (legacy.reverse) entries.push({ type: 'reverse' });
  if (legacy.firstEdition) entries.push({ type: legacy.holo ? 'holo' : 'normal', stamp: ['1st-edition'] });
  if (legacy.wPromo) entries.push({ type: 'normal', stamp: ['w-promo'] });
  return entries;
}

export interface CardVariants {
  variants: Variant[];
  /** Where the printings came from. */
  basis: 'detailed' | 'legacy' | 'none';
  coarsened: number;
  merged: number;
}

const isSpecialPrinting = (key: VariantKey) =>
  key.startsWith('1st-edition-') || key.includes('-stamped') || key.endsWith('-jumbo');

/**
 * The variants of one card: one per distinct vocabulary key, in TCGdex's order, exactly one of
 * them the default (the first that is not 1st Edition, stamped or jumbo, else the first).
 */
export function mapVariants(
  lang: string,
  card: TcgdexCard,
  en: TcgdexCard | undefined,
  images: { small: string | null; large: string | null },
  untranslated: UntranslatedTally,
): CardVariants {
  let entries = card.variants_detailed ?? [];
  let basis: CardVariants['basis'] = 'detailed';
  if (entries.length === 0) {
    entries = card.variants ? legacyEntries(card.variants) : [];
    basis = entries.length > 0 ? 'legacy' : 'none';
  }
  if (entries.length === 0) entries = [{ type: 'normal' }];

  const english = LOCALIZED_LANGUAGES.has(lang) && en?.variants_detailed
    ? new Map(en.variants_detailed.filter((v) => v.variantId && v.variantId !== 'generated').map((v) => [v.variantId!, v]))
    : undefined;

  const byKey = new Map<VariantKey, string[]>();
  let coarsened = 0;
  let merged = 0;
  for (const entry of entries) {
    const source = (entry.variantId && english?.get(entry.variantId)) || entry;
    const printing = printingOf(source, lang, untranslated);
    const key = variantKeyOf(printing.parts);
    if (key.coarsened) coarsened += 1;
    const label = variantLabelOf(printing.parts, { subtype: printing.subtype, stamps: printing.stamps });
    const labels = byKey.get(key.key);
    if (labels) {
      merged += 1;
      if (!labels.includes(label)) labels.push(label);
    } else {
      byKey.set(key.key, [label]);
    }
  }

  const keys = [...byKey.keys()];
  const defaultKey = keys.find((key) => !isSpecialPrinting(key)) ?? keys[0]!;
  const variants = keys.map((key) => ({
    variant_key: key,
    variant_label: byKey.get(key)!.join(' / '),
    is_default: key === defaultKey,
    image_small: images.small,
    image_large: images.large,
  }));
  return { variants, basis, coarsened, merged };
}
