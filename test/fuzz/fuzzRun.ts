import fc from 'fast-check';
import type { TestContext } from 'node:test';

/**
 * The seed every fuzz property runs with, so `npm test` tries the same cases each time; another
 * seed explores further (FUZZ_SEED=123 node --test dist/test/fuzz/x.test.js). A failure prints the
 * seed and the counterexample's path, which FUZZ_SEED and FUZZ_PATH replay exactly.
 */
export const FUZZ_SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : 20_261_112;
const FUZZ_PATH = process.env.FUZZ_PATH || undefined;
/** FUZZ_RUNS_FACTOR scales every property's case count (e.g. 10 for a long hunt); 1 in `npm test`. */
const RUNS_FACTOR = process.env.FUZZ_RUNS_FACTOR ? Number(process.env.FUZZ_RUNS_FACTOR) : 1;

/** No case may take longer than this: a hang is a failure, not a stuck suite. */
const CASE_TIMEOUT_MS = 15_000;

/**
 * Runs `predicate` (which throws, through node:assert, on a broken property) on `numRuns` cases of
 * `arbitrary`, shrinks a failure to its smallest form, and reports how many cases ran.
 */
export async function fuzz<T>(t: TestContext, arbitrary: fc.Arbitrary<T>, predicate: (value: T) => Promise<void>, numRuns: number): Promise<void> {
  const runs = Math.max(1, Math.round(numRuns * RUNS_FACTOR));
  const details = await fc.check(fc.asyncProperty(arbitrary, async (value) => { await predicate(value); }), {
    seed: FUZZ_SEED, path: FUZZ_PATH, numRuns: runs, timeout: CASE_TIMEOUT_MS, endOnFailure: FUZZ_PATH !== undefined,
  });
  if (details.failed) {
    const cause = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
    throw new Error(`${fc.defaultReportMessage(details)}\nGot: ${cause}\nReplay: FUZZ_SEED=${details.seed} FUZZ_PATH=${details.counterexamplePath ?? ''} ` +
      `node --test --test-name-pattern='${t.name.replace(/[^\w ]/g, '.')}' dist/test/fuzz/<this file>.test.js`);
  }
  t.diagnostic(`${details.numRuns} cases passed (seed ${details.seed})`);
}
