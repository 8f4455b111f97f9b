/**
 * The first seconds after a start (BENCH_AGAINST's "first seconds after start"): each build started
 * afresh on its catalog, and the moment its /healthz first answers 200 (polled every 20 ms), the
 * repeated search loaded for FIRST_SECONDS, then for as long again, each window's p99 apart. A
 * deploy, a restart or a crash recovery sends its traffic then: what the first requests wait for
 * (an index built, code compiled) shows in the first window's tail and not in the second's. The
 * builds start in turn, the order swapped each turn, so the machine's drift weighs on both. A
 * failure (a request wrk gave up on after its 2 s, say) is counted in the table, not fatal: it is the tail measured.
 */
import { generateLoad, type Load } from './loadGenerator.js';
import { median } from './variantsInTurn.js';

/** A build's fresh instance, ready (its /healthz answered 200). */
export interface Started { label: string; baseUrl: string; stop(): Promise<void> }

export interface FirstSecondsOptions {
  connections: number;
  turns: number;
  /** The keys sent in turn, one a request, by build label. */
  keys: (label: string) => readonly string[];
}

/** The search: a common name in one language, the same request again and again. */
export const FIRST_SEARCH = '/v1/cards?q=pikachu&lang=en';
/** Each window's length. */
export const FIRST_SECONDS = 6;

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/** Two windows of the repeated search on a fresh instance of each build, `turns` times; a table of their p99s. */
export async function firstSeconds(store: string, builds: ReadonlyArray<() => Promise<Started>>, options: FirstSecondsOptions): Promise<void> {
  const windows: Array<Array<{ label: string; first: Load; next: Load }>> = builds.map(() => []);
  for (let turn = 0; turn < options.turns; turn++) {
    const order = builds.map((_, i) => i);
    if (turn % 2 === 1) order.reverse();
    for (const i of order) {
      const server = await builds[i]!();
      try {
        const load = () => generateLoad(server.baseUrl + FIRST_SEARCH, {}, FIRST_SECONDS, options.connections, undefined,
          { keys: options.keys(server.label) });
        const first = await load();
        const next = await load();
        windows[i]!.push({ label: server.label, first, next });
      } finally {
        await server.stop();
      }
    }
  }
  console.log(`\n${store}: the first seconds after start (${FIRST_SEARCH}, ${options.connections} connections, keys in turn; ` +
    `a fresh instance of each build per turn, loaded from its first healthy /healthz for ${FIRST_SECONDS} s, then ${FIRST_SECONDS} s more)\n`);
  console.log(`| build | first ${FIRST_SECONDS} s p99 ms (each turn) | next ${FIRST_SECONDS} s p99 ms (each turn) | first ${FIRST_SECONDS} s req/s (median) | non-2xx or failed (first, next; all turns) | first p99 ÷ the other build's (median of turns) |`);
  console.log('|---|---:|---:|---:|---:|---:|');
  windows.forEach((runs, i) => {
    const other = i === 0 ? windows[1] : undefined;
    const ratio = other ? median(runs.map((run, turn) => run.first.p99 / other[turn]!.first.p99)).toFixed(2) : '-';
    const each = (pick: (run: { first: Load; next: Load }) => number) => runs.map((run) => pick(run).toFixed(1)).join(', ');
    console.log(`| ${runs[0]!.label} | ${median(runs.map((run) => run.first.p99)).toFixed(1)} (${each((run) => run.first.p99)}) | ` +
      `${median(runs.map((run) => run.next.p99)).toFixed(1)} (${each((run) => run.next.p99)}) | ` +
      `${median(runs.map((run) => run.first.rps)).toFixed(0)} | ${sum(runs.map((run) => run.first.failures))}, ${sum(runs.map((run) => run.next.failures))} | ${ratio} |`);
  });
}
