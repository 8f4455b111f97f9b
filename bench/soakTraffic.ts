/**
 * The soak's traffic (npm run soak): what each request is, and which statuses are right for it given
 * what the soak did to its key. Keys go through their whole life along the way: created by
 * POST /v1/keys, spent to their 1,000 requests (then 429), revoked by the keys CLI (then 401).
 */
import type autocannon from 'autocannon';
import { generateKey } from '../src/access/keyFormat.js';
import type { mixedPaths } from './mixedWorkload.js';

type Paths = Awaited<ReturnType<typeof mixedPaths>>;

/** A free key the soak created, and what it saw of it. */
export interface FreeKey {
  key: string;
  /** Answers 200: the requests the server counted (a free key's reads are all 200 until its month is spent). */
  counted: number;
  /** When its first 429 arrived (ms, performance.now()). */
  exhaustedAt?: number;
  /** When the CLI was started to revoke it, and when it had revoked it. */
  revokeStartedAt?: number;
  revokedAt?: number;
}

/** What one request was, for checking its answer. */
interface Sent {
  what: 'read' | 'not-found' | 'mcp' | 'free' | 'exhausted' | 'revoked' | 'unknown' | 'create';
  key?: FreeKey;
}

const FREE_LIMIT = 1000;
/** A revocation reaches every instance within 1 s (docs/keys.md); a request built after that must be 401. */
const REVOCATION_GRACE_MS = 1100;
/** Free keys in use at once: few, so each is spent within seconds. */
const LIVE_FREE_KEYS = 3;
const ABUSER = '192.0.2.66';
const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' };

/** Counts of one reporting period; `take()` hands them over and starts afresh. */
export class PeriodCounts {
  answers = 0;
  unexpected = 0;
  serverErrors = 0;
  connectionErrors = 0;
  created = 0;
  revoked = 0;
  exhausted = 0;
  abuserThrottled = 0;
  latencies: number[] = [];
  /** The first few unexpected answers, to show what went wrong. */
  samples: string[] = [];

  take(): PeriodCounts {
    const taken = Object.assign(new PeriodCounts(), this);
    Object.assign(this, new PeriodCounts());
    return taken;
  }
}

export class SoakTraffic {
  readonly period = new PeriodCounts();
  readonly total = new PeriodCounts();
  readonly freeKeys: FreeKey[] = [];
  private pendingCreations = 0;
  private created = 0;
  private clients = 0;
  private seed = 7;

  constructor(private readonly paths: Paths, private readonly unlimitedKeys: string[], private readonly runId: string) {}

  /** autocannon's setupRequest: the next request of a connection, remembered in its context. */
  next(request: autocannon.Request, context: Record<string, unknown>): autocannon.Request {
    const sent = this.choose();
    context.sent = sent;
    // Every client its own address (the server trusts 127.0.0.1's X-Forwarded-For), as on the internet.
    const from = sent.what === 'unknown' ? ABUSER : sent.what === 'create' ? this.creatorAddress() : `203.0.113.${(this.clients++) % 250}`;
    const headers: Record<string, string> = { 'x-forwarded-for': from };
    const keyOf = (key: string) => ({ authorization: `Bearer ${key}` });
    const unlimited = this.unlimitedKeys[Math.floor(this.random() * this.unlimitedKeys.length)]!;
    switch (sent.what) {
      case 'create':
        return { ...request, method: 'POST', path: '/v1/keys', headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({ email: `soak-${this.runId}-${this.created}@example.test`, source: 'soak' }) };
      case 'mcp':
        return { ...request, method: 'POST', path: '/mcp', headers: { ...headers, ...MCP_HEADERS, ...keyOf(unlimited) },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call',
            params: { name: 'get_card', arguments: { id: decodeURIComponent(this.pick(this.paths.cards).split('=')[1]!) } } }) };
      case 'not-found':
        return { ...request, method: 'GET', path: `/v1/cards?id=en-no-such-set-${this.clients}`, headers: { ...headers, ...keyOf(unlimited) }, body: '' };
      case 'unknown':
        return { ...request, method: 'GET', path: '/v1/sets?limit=1', headers: { ...headers, ...keyOf(generateKey()) }, body: '' };
      default:
        return { ...request, method: 'GET', path: this.readPath(), headers: { ...headers, ...keyOf(sent.key?.key ?? unlimited) }, body: '' };
    }
  }

  /** autocannon's onResponse: checks the status against what the request was. */
  answered(status: number, body: string, context: Record<string, unknown>): void {
    const sent = context.sent as Sent;
    const ok = this.check(sent, status, body);
    for (const counts of [this.period, this.total]) {
      counts.answers += 1;
      if (status >= 500) counts.serverErrors += 1;
      if (!ok) {
        counts.unexpected += 1;
        if (counts.samples.length < 5) counts.samples.push(`${sent.what} → ${status} ${body.slice(0, 160)}`);
      }
    }
  }

  latency(ms: number): void {
    this.period.latencies.push(ms);
  }

  connectionError(): void {
    this.period.connectionErrors += 1;
    this.total.connectionErrors += 1;
  }

  /** The live free key to revoke next: the newest, so it is revoked before its month is spent. */
  toRevoke(): FreeKey | undefined {
    return this.live().at(-1);
  }

  revoking(key: FreeKey): void {
    key.revokeStartedAt = performance.now();
  }

  revokedNow(key: FreeKey): void {
    key.revokedAt = performance.now();
    this.period.revoked += 1;
    this.total.revoked += 1;
  }

  private check(sent: Sent, status: number, body: string): boolean {
    const key = sent.key;
    switch (sent.what) {
      case 'read':
        return status === 200;
      case 'not-found':
        return status === 404;
      case 'mcp':
        return status === 200 && !body.includes('"isError":true');
      case 'unknown':
        if (status === 429) {
          this.period.abuserThrottled += 1;
          this.total.abuserThrottled += 1;
        }
        return status === 401 || status === 429;
      case 'exhausted':
        return status === 429;
      case 'revoked':
        return status === 401;
      case 'create':
        this.pendingCreations -= 1;
        if (status !== 201) return false;
        this.freeKeys.push({ key: (JSON.parse(body) as { key: string }).key, counted: 0 });
        this.period.created += 1;
        this.total.created += 1;
        return true;
      case 'free': {
        if (status === 200) key!.counted += 1;
        if (status === 429 && key!.exhaustedAt === undefined) {
          key!.exhaustedAt = performance.now();
          this.period.exhausted += 1;
          this.total.exhausted += 1;
        }
        // A revocation under way may answer 401 already; never more than the month's 1,000.
        const allowed = status === 200 || status === 429 || (status === 401 && key!.revokeStartedAt !== undefined);
        return allowed && key!.counted <= FREE_LIMIT;
      }
    }
  }

  private choose(): Sent {
    const live = this.live();
    if (live.length + this.pendingCreations < LIVE_FREE_KEYS + 1 && this.random() < 0.2) {
      this.pendingCreations += 1;
      this.created += 1;
      return { what: 'create' };
    }
    const r = this.random();
    if (r < 0.25 && live.length > 0) return { what: 'free', key: live[Math.floor(this.random() * Math.min(LIVE_FREE_KEYS, live.length))]! };
    const now = performance.now();
    if (r < 0.27) {
      const spent = this.freeKeys.filter((k) => k.exhaustedAt !== undefined && k.revokeStartedAt === undefined);
      if (spent.length > 0) return { what: 'exhausted', key: spent[Math.floor(this.random() * spent.length)]! };
    } else if (r < 0.29) {
      const revoked = this.freeKeys.filter((k) => k.revokedAt !== undefined && now - k.revokedAt > REVOCATION_GRACE_MS);
      if (revoked.length > 0) return { what: 'revoked', key: revoked[Math.floor(this.random() * revoked.length)]! };
    } else if (r < 0.30) {
      return { what: 'unknown' };
    } else if (r < 0.31) {
      return { what: 'not-found' };
    } else if (r < 0.33) {
      return { what: 'mcp' };
    }
    return { what: 'read' };
  }

  /** Free keys neither spent nor being revoked, oldest first. */
  private live(): FreeKey[] {
    return this.freeKeys.filter((k) => k.exhaustedAt === undefined && k.revokeStartedAt === undefined);
  }

  /** A new address for each key creation (3 keys a day each), so none is refused for its address. */
  private creatorAddress(): string {
    const n = this.created;
    return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  }

  /** The issue-10 mix: 80 % cards by id, 10 % set pages, 10 % searches. */
  private readPath(): string {
    const r = this.random();
    return this.pick(r < 0.8 ? this.paths.cards : r < 0.9 ? this.paths.setPages : this.paths.searches);
  }

  private pick(list: string[]): string {
    return list[Math.floor(this.random() * list.length)]!;
  }

  private random(): number {
    this.seed = (this.seed * 1103515245 + 12345) % 2 ** 31;
    return this.seed / 2 ** 31;
  }
}
