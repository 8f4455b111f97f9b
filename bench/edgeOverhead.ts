/**
 * What the front door's per-request work costs (request ids, the request log line, the security
 * headers): one card by id on this build with them and without them (bench/frontDoorServer.ts),
 * in rounds of fresh servers loaded in turn (variantsInTurn.ts). Run by `npm run bench` (BENCH_ONLY=front), or alone:
 *
 *   node dist/bench/edgeOverhead.js [rounds, default 5] [seconds per turn, default 2]
 */
import { fileURLToPath } from 'node:url';
import { variantsInTurn, type Variant } from './variantsInTurn.js';

const script = 'dist/bench/frontDoorServer.js';
const variants: Variant[] = [
  { name: 'without: no request ids, no security headers, LOG_LEVEL=warn', script, env: { FRONT_DOOR_HEADERS: 'off' } },
  { name: 'with them, LOG_LEVEL=warn', script, env: {} },
  { name: 'with them, LOG_LEVEL=info (the default: a line per request)', script, env: { LOG_LEVEL: 'info' } },
];

export function edgeOverhead(rounds: number, seconds: number, connections: number): Promise<void> {
  return variantsInTurn('the front door\'s cost, one card by id', variants, rounds, seconds, connections);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await edgeOverhead(Number(process.argv[2] ?? 5), Number(process.argv[3] ?? 2), Number(process.env.BENCH_CONNECTIONS ?? 50));
}
