/**
 * A stand-in for Math.random that gives the same numbers for the same seed (mulberry32), so a test
 * whose outcome depends on what it draws can be run again with the same draws. Each test names its
 * seed where a failure shows it.
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}
