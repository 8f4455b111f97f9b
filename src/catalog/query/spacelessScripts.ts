import { foldLetters } from '../names/searchKey.js';
import { spacedWords, type TextAnalyzer } from './textAnalyzer.js';

/**
 * Letters of the scripts written without spaces between words: Han (Chinese, Japanese kanji),
 * kana with the prolonged sound mark and the iteration marks, and Thai.
 */
const SPACELESS_LETTERS = '[\\p{sc=Han}\\p{sc=Hiragana}\\p{sc=Katakana}\\p{sc=Thai}\\u30fc\\u3005\\u309d\\u309e\\u30fd\\u30fe]';
const SPACELESS_RUNS = new RegExp(`${SPACELESS_LETTERS}+`, 'gu');
const HOLDS_SPACELESS = new RegExp(SPACELESS_LETTERS, 'u');

/**
 * A spaced word cut where it runs into or out of a spaceless script (`リザードンex` is `リザードン`
 * and `ex`), each spaceless run into its overlapping pairs of characters (`リザ ザー ード ドン`), a
 * run of one character kept whole. A term of several pairs is then a phrase of them, so it matches
 * anywhere in a run, as a word of a spaced script matches a word.
 */
function cutWord(word: string, into: string[]): void {
  if (!HOLDS_SPACELESS.test(word)) {
    into.push(word);
    return;
  }
  let at = 0;
  for (const match of word.matchAll(SPACELESS_RUNS)) {
    if (match.index > at) into.push(word.slice(at, match.index));
    const chars = Array.from(match[0]);
    if (chars.length === 1) into.push(chars[0]!);
    for (let i = 0; i + 1 < chars.length; i++) into.push(chars[i]! + chars[i + 1]!);
    at = match.index + match[0].length;
  }
  if (at < word.length) into.push(word.slice(at));
}

/**
 * spacedWords for every script, but Japanese, Chinese and Thai, where a term matches anywhere in
 * the text: their runs are cut into overlapping character pairs (cutWord). Folding is spacedWords'.
 * A one-character term matches only a one-character run.
 */
export const scriptAwareWords: TextAnalyzer = {
  words(text) {
    const words: string[] = [];
    for (const word of spacedWords.words(text)) cutWord(word, words);
    return words;
  },
  wholePiece: (text) => spacedWords.wholePiece(text).split(' ').map((piece) => {
    const cut: string[] = [];
    if (piece !== '') cutWord(piece, cut);
    return cut.join(' ');
  }).join(' '),
  keyword: (value) => foldLetters(value),
};
