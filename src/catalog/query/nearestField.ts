import { boundedEditDistance } from '../names/editDistance.js';

const codePoints = (text: string) => Array.from(text.toLowerCase(), (char) => char.codePointAt(0)!);

/**
 * The field of `fields` nearest to a misspelled `name` by edit distance (ties: the first listed),
 * or null when none is within a third of the name's length (at least one edit).
 */
export function nearestField(name: string, fields: readonly string[]): string | null {
  const typed = codePoints(name);
  const bound = Math.max(1, Math.floor(typed.length / 3));
  let nearest: string | null = null;
  let least = bound + 1;
  for (const field of fields) {
    const distance = boundedEditDistance(typed, codePoints(field), Math.min(bound, least - 1));
    if (distance < least) {
      least = distance;
      nearest = field;
    }
  }
  return nearest;
}
