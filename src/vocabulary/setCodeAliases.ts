/**
 * The set codes players paste, turned into the printed abbreviations the catalog knows its sets
 * by (a set's `abbreviation`: TCGdex's `abbreviation.official`, else its Pokémon TCG Online code).
 *
 * Source: the codes the Pokémon TCG Live and Pokémon TCG Online clients write in their exports
 * (Limitless writes the same ones), set against TCGdex's set abbreviations in its 2026 dump
 * (`abbreviation.official` and `tcgOnline` of each English set). Only the codes that differ are
 * listed; a pasted code that is already a catalog abbreviation (`SVI`, `PAL`, `SVE`, `PR-HS`)
 * passes through upper-cased.
 *
 * Left out on purpose: the Pokémon TCG Online codes that name another set in TCGdex, where an
 * alias would send a correct code to the wrong set: `TR` is Team Rocket in the old client but
 * Team Rocket Returns in TCGdex, and `RR` is Team Rocket Returns there but Rising Rivals here.
 */
export const SET_CODE_ALIASES: ReadonlyMap<string, string> = new Map([
  // Black Star promos: the clients write `PR-<series>`, TCGdex `<series>P`; Limitless and older
  // lists write the series' promo code without the `PR-` (`DPP`, `HSP`), or the series' full name.
  ['PR-SV', 'SVP'],
  ['PR-ME', 'MEP'],
  ['PR-SWSH', 'SWSHP'],
  ['PR-BW', 'BWP'],
  ['PR-DP', 'PR-DPP'],
  ['DPP', 'PR-DPP'],
  ['PR-HGSS', 'PR-HS'],
  ['HSP', 'PR-HS'],
  ['HGSSP', 'PR-HS'],
  ['NP', 'PR-NP'],
  // TCGdex gives the Sword & Shield promos (set swshp) no abbreviation at all; the importer fills
  // SWSHP (MISSING_ABBREVIATIONS in src/importer/tcgdexCanonical.ts), the form the other promo sets follow.
  ['PR-SW', 'SWSHP'],
  ['PR-SM', 'SMP'],
  ['PR-XY', 'XYP'],
  ['PR-BLW', 'BWP'],
  // HeartGold SoulSilver and Black & White sets whose online code differs from the printed one.
  ['UD', 'UND'],
  ['TM', 'TRI'],
  ['CL', 'COL'],
  ['EPO', 'EP'],
]);

/** The catalog's abbreviation for a pasted set code: upper-cased, trimmed, alias applied. */
export function canonicalSetCode(code: string): string {
  const upper = code.trim().toUpperCase();
  return SET_CODE_ALIASES.get(upper) ?? upper;
}

/**
 * The Black Star Promo sets whose numbers carry their series' letters (`BW100`, `XY49`, `SM104`,
 * `SWSH179`, `DP01`, `HGSS01`), where lists write the number without them (`PR-BLW 100`), as the
 * clients and the older exports do: catalog abbreviation → number prefix. The other promo sets
 * (Wizards, Nintendo, Scarlet & Violet, Mega Evolution) number their cards in digits alone.
 */
const PROMO_NUMBER_PREFIXES: ReadonlyMap<string, string> = new Map([
  ['BWP', 'BW'],
  ['XYP', 'XY'],
  ['SMP', 'SM'],
  ['SWSHP', 'SWSH'],
  ['PR-DPP', 'DP'],
  ['PR-HS', 'HGSS'],
]);

/**
 * The number as the catalog writes it in the set of `code` (a pasted code or the catalog's): a
 * promo number in digits alone gets its series' letters (`PR-SW 179` is `SWSH179`); any other
 * number is as given.
 */
export function printedNumber(code: string, number: string): string {
  const prefix = PROMO_NUMBER_PREFIXES.get(canonicalSetCode(code));
  const given = number.trim();
  return prefix !== undefined && /^\d+$/u.test(given) ? `${prefix}${given}` : given;
}

/**
 * The sets whose gallery cards TCGdex keeps in a set of their own (`CRZ:GG`, `BRS:TG`, `SHF:SV`)
 * while lists write them under the main set with the gallery's prefix on the number
 * (`CRZ GG35`, `BRS TG05`, `SHF SV107`): main set → number prefix.
 */
const GALLERY_PREFIXES: ReadonlyMap<string, string> = new Map([
  ['SHF', 'SV'],
  // Hidden Fates' Shiny Vault (TCGdex set sma), whose HIF:SV the importer fills.
  ['HIF', 'SV'],
  ['BRS', 'TG'],
  ['ASR', 'TG'],
  ['LOR', 'TG'],
  ['SIT', 'TG'],
  ['CRZ', 'GG'],
]);

/**
 * The abbreviation of the gallery set a pasted card lives in (`CRZ:GG` for `CRZ GG35`), or null
 * when the number is not a gallery number of that set.
 */
export function gallerySetCode(code: string, number: string): string | null {
  const main = canonicalSetCode(code);
  const prefix = GALLERY_PREFIXES.get(main);
  if (prefix === undefined) return null;
  return new RegExp(`^${prefix}\\d+$`, 'i').test(number.trim()) ? `${main}:${prefix}` : null;
}
