/**
 * The answer cache's admission, simulated without answers (src/catalog/answerCache.ts cites these
 * figures): a ClockCache of C slots (10,000 unless BENCH_SLOTS) before 100,000 keys, a million
 * requests, uniform and by Zipf's law; the hit ratio and the answers admitted per miss over the
 * second half, for several halving periods of the FrequencySketch (times the slots), with the
 * request itself counted or not, and with every answer kept.
 *
 *   node dist/bench/admissionSimulation.js
 */
import { ClockCache } from '../src/cache/clockCache.js';
import { FrequencySketch } from '../src/cache/frequencySketch.js';
import { seededRandom } from '../test/support/seededRandom.js';

const KEYS = 100_000;
const SLOTS = Number(process.env.BENCH_SLOTS ?? 10_000);
const REQUESTS = 1_000_000;

function zipf(exponent: number, random: () => number): () => number {
  const cumulative = new Float64Array(KEYS);
  let sum = 0;
  for (let i = 0; i < KEYS; i++) cumulative[i] = sum += 1 / (i + 1) ** exponent;
  return () => {
    const target = random() * sum;
    let low = 0;
    let high = KEYS - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (cumulative[middle]! < target) low = middle + 1;
      else high = middle;
    }
    return low;
  };
}

interface Policy { name: string; periodPerSlot?: number; countThisRequest?: boolean }

function simulate(policy: Policy, pick: () => number): { hitRatio: number; admittedPerMiss: number } {
  const cache = new ClockCache<true>(SLOTS);
  const sketch = new FrequencySketch(SLOTS * 12, () => Math.max(1024, (policy.periodPerSlot ?? 1) * cache.size));
  let hits = 0;
  let misses = 0;
  let admitted = 0;
  for (let request = 0; request < REQUESTS; request++) {
    const counted = request >= REQUESTS / 2;
    const key = `card ${pick()}`;
    const before = sketch.record(key);
    if (cache.get(key) !== undefined) {
      if (counted) hits++;
      continue;
    }
    if (counted) misses++;
    const victim = cache.size < SLOTS ? undefined : cache.victim();
    const candidate = policy.countThisRequest ? before + 1 : before;
    if (policy.periodPerSlot === undefined || victim === undefined || candidate > sketch.frequency(victim)) {
      cache.set(key, true, 1);
      if (counted && victim !== undefined) admitted++;
    }
  }
  return { hitRatio: hits / (hits + misses), admittedPerMiss: admitted / misses };
}

const workloads: Array<[string, () => () => number]> = [
  ['uniform', () => {
    const random = seededRandom(1);
    return () => Math.floor(random() * KEYS);
  }],
  ['Zipf 0.7', () => zipf(0.7, seededRandom(3))],
  ['Zipf 0.9', () => zipf(0.9, seededRandom(2))],
  ['Zipf 1.1', () => zipf(1.1, seededRandom(4))],
];
const policies: Policy[] = [
  ...[1, 2, 4, 10].map((periodPerSlot) => ({ name: `halved every ${periodPerSlot} × slots`, periodPerSlot })),
  { name: 'halved every 10 × slots, this request counted', periodPerSlot: 10, countThisRequest: true },
  { name: 'every answer kept' },
];
console.log(`| workload | admission | hit ratio | admitted per miss |\n|---|---|---:|---:|`);
for (const [name, picker] of workloads) {
  for (const policy of policies) {
    const { hitRatio, admittedPerMiss } = simulate(policy, picker());
    console.log(`| ${name} | ${policy.name} | ${hitRatio.toFixed(3)} | ${admittedPerMiss.toFixed(3)} |`);
  }
}
