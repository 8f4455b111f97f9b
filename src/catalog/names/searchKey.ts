/**
 * What a name is typed without, folded away from the name and the query alike, so `Shaymin EX`
 * finds `Shaymin-EX`, `farfetchd` and `Farfetch’d` find `Farfetch'd`, `mr mime` finds `Mr. Mime`.
 * Applied after NFKD, which has already turned the full- and half-width forms (＇ － ． ･ ｡, the
 * ideographic space) into the characters below.
 * - white space, every Unicode kind, and invisible format characters (soft hyphen, zero-width
 *   space and joiners: some Indonesian and Chinese names end in a zero-width non-joiner);
 * - apostrophes: ' ‘ ’ ‛ ʼ ʻ ` ′;
 * - hyphens and dashes: - ‐ ‑ ‒ – — ― − (not the katakana prolonged sound mark ー, a letter of
 *   many Japanese names, nor the wave dash 〜);
 * - dots: . and the middle dots · ・ ‧ that separate the words of a name (カプ・コケコ): typed
 *   without them as often as with them, and hidden on a phone's kana keyboard; and 。.
 */
const TYPED_WITHOUT = /[\p{White_Space}\p{Cf}'\u2018\u2019\u201b\u02bc\u02bb`\u2032\-\u2010-\u2015\u2212.\u00b7\u30fb\u2027\u3002]/gu;

/**
 * Folds a name (or a query) into the key that search compares: letter width (NFKC),
 * case, Latin/Greek/Cyrillic accents and Japanese hiragana/katakana fold together,
 * so `pokemon` finds `Pokémon` and `ぴかちゅう` finds `ピカチュウ`; white space, apostrophes,
 * hyphens and dots are dropped (TYPED_WITHOUT).
 * Only the general combining diacritics (U+0300–U+036F) are removed: kana voicing marks,
 * Hangul jamo and Thai vowels survive decomposition and are recomposed by NFC.
 */
export function searchKey(text: string): string {
  const decomposed = text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(TYPED_WITHOUT, '');
  return hiraganaToKatakana(decomposed.normalize('NFC').toLowerCase());
}

/**
 * searchKey's folding without dropping anything: width, case, Latin/Greek/Cyrillic accents and
 * hiragana/katakana fold together, spaces and punctuation stay (an id or a code such as `xy7-54`
 * must not meet `xy75-4`).
 */
export function foldLetters(text: string): string {
  // Most of an English catalog's text is printable ASCII, which normalization and kana folding leave as it is.
  if (ASCII.test(text)) return text.toLowerCase();
  const decomposed = text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  return hiraganaToKatakana(decomposed.normalize('NFC').toLowerCase());
}

const ASCII = /^[ -~\t\n\r]*$/;

function hiraganaToKatakana(text: string): string {
  return text.replace(/[\u3041-\u3096\u309d\u309e]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) + 0x60));
}

/** Length in Unicode code points, as docs/reference.md ("Search") counts `q`. */
export function codePointLength(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}
