import { setFlagsFromString } from 'node:v8';

/**
 * How far V8 lets the old generation grow past what the last full collection found live, in %.
 * V8's own factor (up to 4 when collections are cheap against the work between them) let a
 * service with 25 MB live under cold searches hold 100-116 MB of heap, most of it garbage promoted
 * between full collections; at 50 % the same load peaked 43 MB lower for the same req/s
 * (docs/performance.md, issue 27).
 */
export const HEAP_GROWING_PERCENT = 50;

/** Sets V8's heap growth (a flag for the whole process, its worker threads included) unless the command line set it. */
export function boundHeapGrowth(execArgv: readonly string[] = process.execArgv): void {
  if (execArgv.some((arg) => arg.replaceAll('_', '-').startsWith('--heap-growing-percent'))) return;
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
