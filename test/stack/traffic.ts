/** One answer the proxy gave (or did not: status 0 is a connection error or a time-out at the client). */
export interface Answer {
  started: number;
  ended: number;
  method: 'GET' | 'POST';
  status: number;
  /** Which key sent it (its index in the keys given), and the X-RateLimit-Used it got (NaN without one). */
  key: number;
  used: number;
  error?: string;
}

interface Target {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
}

const toolCall = (name: string, args: Record<string, unknown>) =>
  JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } });

/** What clients of the demo catalog ask for: reads by id, lists, searches, and one MCP tool call in ten. */
const TARGETS: Target[] = [
  { method: 'GET', path: '/v1/cards?id=en-base1-4' },
  { method: 'GET', path: '/v1/cards?id=en-base1-58' },
  { method: 'GET', path: '/v1/sets?limit=10' },
  { method: 'GET', path: '/v1/sets?id=en-base1' },
  { method: 'GET', path: '/v1/cards?set=en-base1' },
  { method: 'GET', path: '/v1/cards?q=pikachu' },
  { method: 'GET', path: '/v1/cards?q=char&lang=en' },
  { method: 'GET', path: '/v1/cards?ids=en-base1-4,en-base1-2' },
  { method: 'GET', path: '/v1/cards/autocomplete?q=bla' },
  { method: 'POST', path: '/mcp', body: toolCall('get_card', { id: 'en-base1-4' }) },
];

const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' };

/**
 * Clients at a fixed rate: `clients` loops, each sending a request every `intervalMs` (or as soon as
 * the last one is answered, when it took longer), every answer recorded with its times.
 */
export class Traffic {
  readonly answers: Answer[] = [];
  private running = false;
  private loops: Promise<void>[] = [];

  constructor(private readonly baseUrl: string, private readonly keys: string[], private readonly options: { clients: number; intervalMs: number }) {}

  start(): void {
    this.running = true;
    this.loops = Array.from({ length: this.options.clients }, (_, client) => this.loop(client));
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.loops);
  }

  private async loop(client: number): Promise<void> {
    for (let turn = 0; this.running; turn++) {
      const target = TARGETS[(client + turn) % TARGETS.length]!;
      const key = (client + turn) % this.keys.length;
      const started = Date.now();
      this.answers.push(await this.send(target, key, started));
      const wait = this.options.intervalMs - (Date.now() - started);
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }

  private async send(target: Target, key: number, started: number): Promise<Answer> {
    const authorization = `Bearer ${this.keys[key]}`;
    try {
      const response = await fetch(`${this.baseUrl}${target.path}`, {
        method: target.method,
        headers: target.method === 'POST' ? { ...MCP_HEADERS, authorization } : { authorization },
        body: target.body,
        signal: AbortSignal.timeout(20_000),
      });
      await response.arrayBuffer();
      const used = Number(response.headers.get('x-ratelimit-used') ?? Number.NaN);
      return { started, ended: Date.now(), method: target.method, status: response.status, key, used };
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code;
      return { started, ended: Date.now(), method: target.method, status: 0, key, used: Number.NaN, error: cause ?? String(error) };
    }
  }
}

/** Answers by status, e.g. `{ "200": 4180, "503": 12 }`. */
export function countByStatus(answers: Answer[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const answer of answers) counts[answer.status] = (counts[answer.status] ?? 0) + 1;
  return counts;
}
