import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { pathToFileURL } from 'node:url';
import { describe, it } from 'node:test';

const LOGGER_MODULE = pathToFileURL(new URL('../src/logger.js', import.meta.url).pathname).href;

/** Runs `body` in a process whose pino logger writes to standardOutput(); its standard output, as it came. */
async function loggingProcess(body: string): Promise<{ chunks: Array<{ text: string; at: number }>; code: number | null }> {
  const script = `import { pino } from 'pino'; import { standardOutput } from ${JSON.stringify(LOGGER_MODULE)};
    const log = pino({ base: null, timestamp: false }, standardOutput()); ${body}`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const started = performance.now();
  const chunks: Array<{ text: string; at: number }> = [];
  child.stdout.on('data', (chunk: Buffer) => chunks.push({ text: chunk.toString('utf8'), at: performance.now() - started }));
  const [code] = await once(child, 'exit') as [number | null];
  return { chunks, code };
}

const lines = (chunks: Array<{ text: string }>) => chunks.map((c) => c.text).join('').split('\n').filter(Boolean).map((l) => JSON.parse(l) as { msg: string });

describe('the log on standard output (standardOutput)', () => {
  it('writes every line, in order and intact, however long or wide, before the process exits', async () => {
    const { chunks, code } = await loggingProcess(`
      for (let i = 0; i < 2000; i++) log.info('line ' + i + ' Pokémon ポケモン');
      log.info('x'.repeat(100000));
      log.info('last');
      process.exit(3);`);
    assert.equal(code, 3);
    const msgs = lines(chunks).map((l) => l.msg);
    assert.equal(msgs.length, 2002);
    assert.deepEqual(msgs.slice(0, 3), ['line 0 Pokémon ポケモン', 'line 1 Pokémon ポケモン', 'line 2 Pokémon ポケモン']);
    assert.equal(msgs[1999], 'line 1999 Pokémon ポケモン');
    assert.equal(msgs[2000], 'x'.repeat(100000));
    assert.equal(msgs[2001], 'last');
    assert.ok(chunks.length < 200, `${chunks.length} writes for 2,002 lines: they go out in batches`);
  });

  it('writes a quiet process\'s line within its flush interval, not only on exit', async () => {
    const { chunks } = await loggingProcess(`log.info('alone'); setTimeout(() => process.exit(0), 1500);`);
    assert.deepEqual(lines(chunks).map((l) => l.msg), ['alone']);
    assert.ok(chunks[0]!.at < 1400, `written at ${Math.round(chunks[0]!.at)} ms, the process exits at 1,500`);
  });
});
