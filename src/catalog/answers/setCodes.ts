import { boundedEditDistance } from '../names/editDistance.js';

/** How many of the nearest codes an unknown code's message names. */
const NEAREST = 5;

const codePoints = (text: string) => Array.from(text, (char) => char.codePointAt(0)!);

/** The known codes nearest `code` (upper case) by edit distance, then alphabetically; at most 5. */
export function nearestCodes(code: string, known: readonly string[]): string[] {
  const asked = codePoints(code);
  return known
    .map((candidate) => {
      const other = codePoints(candidate);
      // A bound no distance between the two can exceed: the full distance, never cut short.
      return { candidate, distance: boundedEditDistance(asked, other, Math.max(asked.length, other.length)) };
    })
    .sort((a, b) => a.distance - b.distance || (a.candidate < b.candidate ? -1 : 1))
    .slice(0, NEAREST)
    .map(({ candidate }) => candidate);
}
