import cliProgress from 'cli-progress';
import type { ImportProgress } from '../catalog/importProgress.js';

export interface ProgressDisplay {
  update: ImportProgress;
  /** Ends the current phase's bar or line. */
  stop(): void;
}

const QUARTERS = [0.25, 0.5, 0.75];

/**
 * Progress of a long CLI job on stderr, one phase at a time: a bar on a terminal, a few plain
 * lines (start, quarters, end) when stderr is a file or a pipe, so logs stay readable.
 */
export function createProgressDisplay(stream: NodeJS.WriteStream = process.stderr): ProgressDisplay {
  let phase: string | null = null;
  let started = 0;

  if (stream.isTTY) {
    const bar = new cliProgress.SingleBar({
      stream,
      format: '{phase} [{bar}] {percentage}% | {value}/{total} | {duration_formatted}',
      hideCursor: true,
      fps: 10,
    }, cliProgress.Presets.shades_classic);
    return {
      update(name, done, total) {
        if (name !== phase) {
          if (phase !== null) bar.stop();
          phase = name;
          bar.start(Math.max(total, 1), done, { phase: name.padEnd(16) });
          return;
        }
        bar.setTotal(Math.max(total, 1));
        bar.update(done);
      },
      stop() {
        if (phase !== null) bar.stop();
        phase = null;
      },
    };
  }

  let nextQuarter = 0;
  let last = { done: 0, total: 0 };
  const line = (text: string) => stream.write(`${text}\n`);
  const seconds = () => ((Date.now() - started) / 1000).toFixed(1);
  const finish = () => {
    if (phase !== null) line(`${phase}: done ${last.done}/${last.total} in ${seconds()} s`);
    phase = null;
  };
  return {
    update(name, done, total) {
      if (name !== phase) {
        finish();
        phase = name;
        started = Date.now();
        nextQuarter = 0;
        line(`${name}: started (${total} to do)`);
      }
      last = { done, total };
      while (nextQuarter < QUARTERS.length && total > 0 && done / total >= QUARTERS[nextQuarter]! && done < total) {
        line(`${name}: ${Math.round(QUARTERS[nextQuarter]! * 100)}% (${done}/${total})`);
        nextQuarter += 1;
      }
    },
    stop: finish,
  };
}
