import { foldLetters } from '../names/searchKey.js';
import type { FieldCatalog } from './fieldCatalog.js';
import type { QueryNode } from './queryNode.js';
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
 * A term of one such character is widened by widenSingleCharacters.
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

/**
 * A term of one spaceless character (`炎`, `森`) made to match it anywhere in a run, as a longer term
 * does: the pairs it starts or ends (`炎*` or `*炎`), or a run of it alone. Every other node is
 * kept; applied to a parsed tree, for an index of scriptAwareWords.
 */
export function widenSingleCharacters(node: QueryNode, fields: FieldCatalog): QueryNode {
  switch (node.kind) {
    case 'and':
    case 'or':
      return { kind: node.kind, children: node.children.map((child) => widenSingleCharacters(child, fields)) };
    case 'not':
      return { kind: 'not', child: widenSingleCharacters(node.child, fields) };
    case 'term': {
      if (node.field !== null && fields[node.field]?.kind !== 'text') return node;
      const words = scriptAwareWords.words(node.value);
      if (words.length !== 1 || Array.from(words[0]!).length !== 1 || !HOLDS_SPACELESS.test(words[0]!)) return node;
      const char = words[0]!;
      return {
        kind: 'or',
        children: [
          { kind: 'wildcard', field: node.field, pattern: `${char}*`, exact: false },
          { kind: 'wildcard', field: node.field, pattern: `*${char}`, exact: false },
        ],
      };
    }
    default:
      return node;
  }
}
