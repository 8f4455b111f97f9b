/**
 * A mix of queries measured kind by kind on one instance (the query-language rows of /v2 and /v1):
 * first every query of a kind's pool once on one connection (cold: each answer built), then turns
 * on one connection (warm), the saturated rate on `connections`, and the tail at half that rate.
 */
import type { Instance } from './behindHeavy.js';
import { generateLoad, type Load } from './loadGenerator.js';
import { median } from './variantsInTurn.js';

export interface QueryKind { kind: string; pool: string[] }

export async function queryMixRows(instance: Instance, kinds: readonly QueryKind[], keys: readonly string[],
  { connections, seconds, turns }: { connections: number; seconds: number; turns: number }): Promise<void> {
  const headers = { authorization: `Bearer ${keys[0]}` };
  const load = (pool: readonly string[], share: number, seed: number, rate?: number) =>
    generateLoad(instance.baseUrl, {}, seconds, share, undefined, { paths: { pool, seed }, keys, rate });
  const ok = (row: Load, what: string) => {
    if (row.failures > 0) throw new Error(`${what}: ${row.failures} non-2xx or failed`);
    return row;
  };
  console.log(`cold = each query's first answer, 1 conn.; warm = ${turns} turns of ${seconds} s on 1 conn.; saturated on ${connections}; ` +
    'tail at half the saturated rate\n');
  console.log('| kind | cold p50 ms | cold p99 ms | warm p50 ms (each turn) | warm p99 ms | saturated req/s | half-rate p50 ms | half-rate p99 ms |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const { kind, pool } of kinds) {
    const cold: number[] = [];
    for (const path of pool) {
      const started = performance.now();
      const response = await fetch(instance.baseUrl + path, { headers });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${path}: ${response.status}`);
      cold.push(performance.now() - started);
    }
    cold.sort((a, b) => a - b);
    const warm: Load[] = [];
    for (let turn = 0; turn < turns; turn += 1) warm.push(ok(await load(pool, 1, 20 + turn), kind));
    const saturated = ok(await load(pool, connections, 30), kind);
    const half = ok(await load(pool, connections, 31, saturated.rps / 2), kind);
    const at = (share: number) => cold[Math.min(cold.length - 1, Math.floor(share * cold.length))]!;
    console.log(`| ${kind} | ${at(0.5).toFixed(2)} | ${at(0.99).toFixed(2)} | ${median(warm.map((r) => r.p50)).toFixed(2)} ` +
      `(${warm.map((r) => r.p50.toFixed(2)).join(', ')}) | ${Math.max(...warm.map((r) => r.p99)).toFixed(2)} | ${saturated.rps.toFixed(0)} | ` +
      `${half.p50.toFixed(2)} | ${half.p99.toFixed(2)} |`);
  }
}
