/**
 * Every card's folded name, search order and language, of the catalog `version`: the distinct
 * names and languages once each, and for each card its name's and language's place in them.
 * Typed arrays, so a read worker hands them over as a few copies of memory, not 130,000 strings.
 */
export interface CardNames {
  version: string;
  names: string[];
  languages: string[];
  nameOf: Int32Array;
  searchOrders: Int32Array;
  languageOf: Uint8Array;
}

/** CardNames from rows of (folded name, search order, language), any order; at most 256 languages. */
export function cardNamesOf(version: string, count: number, rows: Iterable<readonly [string, number, string]>): CardNames {
  const names = new Map<string, number>();
  const languages = new Map<string, number>();
  const nameOf = new Int32Array(count);
  const searchOrders = new Int32Array(count);
  const languageOf = new Uint8Array(count);
  let card = 0;
  for (const [nameKey, searchOrder, lang] of rows) {
    if (card === count) throw new Error(`more than the ${count} cards counted`);
    if (!names.has(nameKey)) names.set(nameKey, names.size);
    if (!languages.has(lang)) languages.set(lang, languages.size);
    nameOf[card] = names.get(nameKey)!;
    searchOrders[card] = searchOrder;
    languageOf[card++] = languages.get(lang)!;
  }
  return {
    version, names: [...names.keys()], languages: [...languages.keys()],
    nameOf: nameOf.subarray(0, card), searchOrders: searchOrders.subarray(0, card), languageOf: languageOf.subarray(0, card),
  };
}
