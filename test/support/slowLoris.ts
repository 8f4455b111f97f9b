import { spawn } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';

/**
 * Slow clients in a process of their own, as an attacker's would be: `count` connections that
 * send `request` a byte at a time, one byte to each every `intervalMs`, until the server closes
 * them or `giveUpMs` passes. Run apart from the test so that their own work does not slow the
 * ordinary requests the test times.
 */
export interface SlowConnectionResult {
  /** How long the connection stayed open, or null when the server had not closed it at the end. */
  livedMs: number | null;
  /** Everything the server sent on it, as latin1 text. */
  received: string;
}

export interface SlowLoris {
  /** Resolves once every connection is open and dribbling. */
  connected: Promise<void>;
  /** Resolves when every connection is closed (or given up on). */
  results: Promise<SlowConnectionResult[]>;
  stop(): void;
}

export function startSlowLoris(options: { port: number; count: number; request: string; intervalMs: number; giveUpMs: number }): SlowLoris {
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url)], { stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
  child.send(options);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => { output += chunk.toString('utf8'); });
  const connected = new Promise<void>((resolve, reject) => {
    child.on('message', (message) => { if (message === 'connected') resolve(); });
    child.once('exit', () => reject(new Error('the slow clients exited before connecting')));
  });
  const results = new Promise<SlowConnectionResult[]>((resolve, reject) => {
    child.once('exit', () => {
      try {
        resolve(JSON.parse(output) as SlowConnectionResult[]);
      } catch {
        reject(new Error(`the slow clients reported no results: ${output.slice(0, 200)}`));
      }
    });
  });
  return { connected, results, stop: () => child.kill() };
}

async function runSlowClients(options: { port: number; count: number; request: string; intervalMs: number; giveUpMs: number }): Promise<void> {
  const bytes = Buffer.from(options.request, 'latin1');
  const connections = await Promise.all(Array.from({ length: options.count }, () => new Promise<{ socket: net.Socket; result: SlowConnectionResult; closed: Promise<void> }>((resolve) => {
    const opened = Date.now();
    const socket = net.connect({ host: '127.0.0.1', port: options.port });
    const result: SlowConnectionResult = { livedMs: null, received: '' };
    socket.on('data', (chunk: Buffer) => { result.received += chunk.toString('latin1'); });
    socket.on('error', () => undefined);
    const closed = new Promise<void>((done) => socket.on('close', () => { result.livedMs = Date.now() - opened; done(); }));
    socket.once('connect', () => resolve({ socket, result, closed }));
  })));
  let sent = 0;
  const dribble = setInterval(() => {
    for (const { socket } of connections) if (!socket.destroyed && sent < bytes.length) socket.write(bytes.subarray(sent, sent + 1));
    sent += 1;
  }, options.intervalMs);
  process.send!('connected');
  const giveUp = new Promise((resolve) => setTimeout(resolve, options.giveUpMs));
  await Promise.race([Promise.all(connections.map((c) => c.closed)), giveUp]);
  clearInterval(dribble);
  process.stdout.write(JSON.stringify(connections.map((c) => c.result)), () => process.exit(0));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.once('message', (options) => void runSlowClients(options as Parameters<typeof runSlowClients>[0]));
}
