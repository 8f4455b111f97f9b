/**
 * What the rules of printingMatches.ts cannot settle, settled by hand: an Asian card's catalog id
 * and the English cards it is (an empty list: none). Each entry was checked against both cards'
 * images and texts; the rules' links of that card are replaced, never added to.
 */
export const PRINTING_OVERRIDES: Readonly<Record<string, readonly string[]>> = {
};
