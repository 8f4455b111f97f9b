/**
 * The deck check (issue 23): POST /v1/decks/check of a real 60-card list of 20 lines, resolved and
 * checked against Standard, on fresh instances of the full catalog. Two loads: the one list again and
 * again, and 10,000 variants of it picked at random (its lines in other orders, a copy moved: each
 * text a check of its own, as players paste variants of the decks that win), each on a fresh
 * instance with the server's catalog cache (deck answers are not kept in it: every request resolves
 * its list, its cards from DeckCards once read). Several keys
 * take turns (each request counts against its own key's month, as many clients' would), so the
 * figures include the key check without counting and the counting once the body proved valid. The
 * issue's targets: p50 at most 5 ms on one connection, p99 under 25 ms at 50 connections.
 */
import type { Instance } from './behindHeavy.js';
import { generateLoad, loadGeneratorName } from './loadGenerator.js';
import { median } from './variantsInTurn.js';
import { cpuSeconds } from './processes.js';
import { REAL_TCG_LIVE_LIST } from '../test/support/realDeckList.js';
import { deckListVariants } from './deckListVariants.js';

/** How many keys take turns. */
const KEYS = 8;
/** How many variants of the list the varied load picks from. */
const VARIANTS = 10_000;
const WARM_UP_SECONDS = 2;

export interface DeckCheckOptions {
  connections: number;
  seconds: number;
  turns: number;
  /** The instances' catalog cache (CATALOG_CACHE_MB, or the default). */
  cacheMb: string;
}

/** `makeKey` creates a key on the instances' database (the keys CLI), returning it. */
export async function deckCheck(start: (env: NodeJS.ProcessEnv) => Promise<Instance & { pid: number }>, makeKey: (n: number) => Promise<string>,
  { connections, seconds, turns, cacheMb }: DeckCheckOptions): Promise<void> {
  const keys: string[] = [];
  for (let n = 0; n < KEYS; n++) keys.push(await makeKey(n));
  const body = JSON.stringify({ list: REAL_TCG_LIVE_LIST, format: 'standard' });
  const variants = deckListVariants(REAL_TCG_LIVE_LIST, VARIANTS, 23).map((list) => JSON.stringify({ list, format: 'standard' }));
  const headers = { 'content-type': 'application/json' };
  const loads = [
    { name: 'one list', request: { method: 'POST' as const, body, keys } },
    { name: `${variants.length} variants`, request: { method: 'POST' as const, body, keys, bodies: { pool: variants, seed: 23 } } },
  ];
  const turnSeconds = Math.max(1, Math.round(seconds / turns));
  console.log(`\ndeck check: a 60-card list of 20 lines (POST /v1/decks/check, Standard), ${KEYS} keys in turn, ` +
    `${loadGeneratorName()}, a fresh instance per load; ${turns} turns of ${turnSeconds} s per row ` +
    '(req/s, p50 and the server\'s CPU time per request, all its threads: the median turn; p99: the worst)\n');
  console.log('| lists | catalog cache | connections | req/s | p50 ms | p99 ms (each turn) | CPU ms per request |');
  console.log('|---|---|---:|---:|---:|---:|---:|');
  for (const { name, request } of loads) {
    const instance = await start({ CATALOG_CACHE_MB: cacheMb });
    try {
      const url = `${instance.baseUrl}/v1/decks/check`;
      const probe = await fetch(url, { method: 'POST', headers: { ...headers, authorization: `Bearer ${keys[0]}` }, body });
      const answer = await probe.json() as { data?: { cards: unknown[]; unresolved: unknown[] } };
      // A list that resolves partly would measure less work than its name says.
      if (probe.status !== 200 || answer.data?.cards.length !== 20 || answer.data.unresolved.length !== 0) {
        throw new Error(`deck check: ${probe.status} ${JSON.stringify(answer).slice(0, 2000)}`);
      }
      for (const share of [1, connections]) {
        await generateLoad(url, headers, WARM_UP_SECONDS, share, undefined, request);
        const runs = [];
        for (let turn = 0; turn < turns; turn++) {
          const cpuBefore = cpuSeconds(instance.pid);
          const result = await generateLoad(url, headers, turnSeconds, share, undefined, request);
          if (result.failures > 0) throw new Error(`deck check: ${result.failures} non-2xx or failed`);
          runs.push({ ...result, cpuMs: ((cpuSeconds(instance.pid) - cpuBefore) * 1000) / result.requests });
        }
        const p99s = runs.map((run) => run.p99);
        console.log(`| ${name} | ${cacheMb === '0' ? 'off' : `${cacheMb} MB`} | ${share} | ${median(runs.map((run) => run.rps)).toFixed(0)} | ` +
          `${median(runs.map((run) => run.p50)).toFixed(2)} | ${Math.max(...p99s).toFixed(2)} (${p99s.map((p99) => p99.toFixed(2)).join(', ')}) | ` +
          `${median(runs.map((run) => run.cpuMs)).toFixed(2)} |`);
      }
    } finally {
      await instance.stop();
    }
  }
}
