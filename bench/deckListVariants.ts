import { seededRandom } from '../test/support/seededRandom.js';

/**
 * `count` different texts of one deck list, as many players paste variants of the decks that win:
 * its card lines in another order and one copy moved from a line to another (still 60 cards), the
 * headings and the trailer kept. Each text is a check of its own (the answer cache cannot answer
 * it), while the cards they name are the list's.
 */
export function deckListVariants(list: string, count: number, seed: number): string[] {
  const random = seededRandom(seed);
  const lines = list.split('\n');
  const cardLines = lines.map((text, at) => ({ text, at })).filter(({ text }) => /^\d+ /.test(text));
  const variants = new Set<string>();
  for (let tries = 0; variants.size < count && tries < count * 20; tries++) {
    const parts = cardLines.map(({ text }) => {
      const [, n, rest] = /^(\d+) (.*)$/.exec(text)!;
      return { count: Number(n), rest: rest! };
    });
    const from = parts[Math.floor(random() * parts.length)]!;
    const to = parts[Math.floor(random() * parts.length)]!;
    if (from !== to && from.count > 1) {
      from.count -= 1;
      to.count += 1;
    }
    for (let i = parts.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [parts[i], parts[j]] = [parts[j]!, parts[i]!];
    }
    const text = [...lines];
    cardLines.forEach(({ at }, i) => { text[at] = `${parts[i]!.count} ${parts[i]!.rest}`; });
    variants.add(text.join('\n'));
  }
  return [...variants];
}
