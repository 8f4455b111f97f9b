import { searchKey } from './searchKey.js';

/*
 * The words of a card name, as a typed name may start at one (`charizard x` in `Mega Charizard X
 * ex`, `poffin` in `Buddy-Buddy Poffin`) or be one (`Juniper` in `Professor Juniper`). Compared
 * folded, as every lookup compares names (searchKey), so the word starts are the places in the
 * folded name where each word's folded form begins.
 */

/** Where a name's words start in its folded form, the first (0) included. */
export function wordStarts(name: string): number[] {
  const starts: number[] = [];
  let at = 0;
  for (const word of name.split(/[\s\-\u2010-\u2015]+/u)) {
    const folded = searchKey(word);
    if (folded === '') continue;
    starts.push(at);
    at += [...folded].length;
  }
  return starts;
}

/** Whether the folded `key` is one or more whole words of `name`, not all of it (`juniper` in `Professor Juniper`). */
export function isWholeWordsOf(name: string, key: string): boolean {
  const folded = [...searchKey(name)];
  const wanted = [...key];
  const starts = wordStarts(name);
  const bounds = new Set([...starts, folded.length]);
  if (wanted.length === folded.length) return false;
  return starts.some((start) => bounds.has(start + wanted.length) && wanted.every((char, i) => folded[start + i] === char));
}
