import { LRUCache } from 'lru-cache';

/**
 * `read` of a text, kept for the next call with the same text: for what lists and cards write again
 * and again (a line, a name), read once. Bounded by `maxBytes`, each text charged about what it and
 * its reading hold (`bytesPerCharacter` of its length, plus `overhead`), least recently used first out.
 */
export function memoized<T>(read: (text: string) => T, maxBytes: number, bytesPerCharacter: number, overhead: number): (text: string) => T {
  const kept = new LRUCache<string, { value: T }>({ maxSize: maxBytes, sizeCalculation: (_, text) => bytesPerCharacter * text.length + overhead });
  return (text) => {
    const hit = kept.get(text);
    if (hit !== undefined) return hit.value;
    const value = read(text);
    kept.set(text, { value });
    return value;
  };
}
