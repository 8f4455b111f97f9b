/**
 * Folds a name (or a query) into the key that search compares: letter width (NFKC),
 * case, Latin/Greek/Cyrillic accents and Japanese hiragana/katakana fold together,
 * so `pokemon` finds `Pokémon` and `ぴかちゅう` finds `ピカチュウ`.
 * Only the general combining diacritics (U+0300–U+036F) are removed: kana voicing marks,
 * Hangul jamo and Thai vowels survive decomposition and are recomposed by NFC.
 */
export function searchKey(text: string): string {
  const decomposed = text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  return hiraganaToKatakana(decomposed.normalize('NFC').toLowerCase()).trim();
}

function hiraganaToKatakana(text: string): string {
  return text.replace(/[\u3041-\u3096\u309d\u309e]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) + 0x60));
}

/** Length in Unicode code points, as docs/reference.md ("Search") counts `q`. */
export function codePointLength(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}
