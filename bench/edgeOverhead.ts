/**
 * What the front door's request log line costs: one card by id on this build with it and without it
 * (bench/frontDoorServer.ts), every answer's headers sent in both (they are not optional),
 * in rounds of fresh servers loaded in turn (variantsInTurn.ts). Run by `npm run bench` (BENCH_ONLY=front), or alone:
 *
 *   node dist/bench/edgeOverhead.js [rounds, default 5] [seconds per turn, default 2]
 */
import { fileURLToPath } from 'node:url';
import { variantsInTurn, type Variant } from './variantsInTurn.js';

const script = 'dist/bench/frontDoorServer.js';
const variants: Variant[] = [
  { name: 'LOG_LEVEL=warn: no request line', script, env: {} },
  { name: 'LOG_LEVEL=info (the default: a line per request)', script, env: { LOG_LEVEL: 'info' } },
];

export function edgeOverhead(rounds: number, seconds: number, connections: number): Promise<void> {
  return variantsInTurn('the request line\'s cost, one card by id', variants, rounds, seconds, connections);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await edgeOverhead(Number(process.argv[2] ?? 5), Number(process.argv[3] ?? 2), Number(process.env.BENCH_CONNECTIONS ?? 50));
}
