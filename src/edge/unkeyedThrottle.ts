import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Allowance } from '../access/allowance.js';
import { normalizeAddress } from '../access/dailyKeyAllowance.js';
import type { PresentedKey } from '../access/presentedKey.js';
import { presentedKeyOf } from './presentedKey.js';

const WINDOW_MS = 60_000;
/** Addresses remembered at once; beyond that the least recently seen is forgotten (and starts afresh). */
const ADDRESSES_REMEMBERED = 10_000;

export interface UnkeyedThrottleOptions {
  /** Requests without a valid key one address may make per minute; 0 turns the throttle off. */
  perMinute: number;
  /** Whether the key a request presents is known and unrevoked, counting nothing. */
  isValidKey(presented: PresentedKey): Promise<boolean>;
}

/** A request refused for its address's flood of requests without a valid key. */
export interface ThrottleRefusal {
  allowance: Allowance;
  retryAfterSeconds: number;
  message: string;
}

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;
type LimiterState = Awaited<ReturnType<Limiter>>;

/**
 * The per-address limit on requests made without a valid key (docs/keys.md, "Floods"): what a
 * flood of 401s or key creations from one address may cost before it is answered 429 from memory.
 * A request that presents a well-formed key is not counted up front: it is counted only when its
 * key turns out unknown or revoked (`keyRefused`), so a valid key is held to its monthly quota
 * alone, even from an address that is being throttled. Preflights and /healthz never count.
 * The counts live in this process (per instance, as @fastify/rate-limit's local store keeps them).
 */
export class UnkeyedThrottle {
  private readonly counted = new WeakSet<FastifyRequest>();
  /**
   * The addresses whose count reached the limit, until their window ends. The counts change only
   * through this class, so while it is empty no address is at its limit and a request with a key
   * is let through without asking the limiter.
   */
  private readonly atLimit = new Map<string, number>();

  private constructor(private readonly limiter: Limiter | undefined, private readonly options: UnkeyedThrottleOptions) {}

  static async install(app: FastifyInstance, options: UnkeyedThrottleOptions): Promise<UnkeyedThrottle> {
    if (options.perMinute === 0) return new UnkeyedThrottle(undefined, options);
    await app.register(rateLimit, {
      global: false,
      max: options.perMinute,
      timeWindow: WINDOW_MS,
      cache: ADDRESSES_REMEMBERED,
      // The same client as the daily key allowance counts: IPv4, or an IPv6 /64.
      keyGenerator: (request) => normalizeAddress(request.ip),
    });
    return new UnkeyedThrottle(app.createRateLimit(), options);
  }

  /**
   * Counts the request if it is one that counts; a refusal when its address is past the limit.
   * Undefined at once (no promise) for what neither counts nor can be refused: most requests.
   */
  check(request: FastifyRequest): Promise<ThrottleRefusal | undefined> | undefined {
    if (!this.limiter || request.method === 'OPTIONS') return undefined;
    // Only an address already at its limit pays for checking the key here; elsewhere the key's
    // own check (REST's requireKey, an MCP tool call) reports a refused key through keyRefused.
    const keyed = presentsKey(request);
    if (keyed && !this.isAtLimit(request)) return undefined;
    if (request.routeOptions.url === '/healthz') return undefined;
    return this.count(request, this.limiter, keyed);
  }

  private async count(request: FastifyRequest, limiter: Limiter, keyed: boolean): Promise<ThrottleRefusal | undefined> {
    if (keyed) {
      const state = await limiter(request, { increment: false });
      if (state.isAllowed || state.remaining > 0) return undefined;
      if (await this.options.isValidKey(presentedKeyOf(request))) return undefined;
    }
    this.counted.add(request);
    const state = this.observe(request, await limiter(request));
    if (state.isAllowed || !state.isExceeded) return undefined;
    const retryAfterSeconds = Math.max(1, state.ttlInSeconds);
    return {
      allowance: { limit: state.max, used: state.max, reset: Math.ceil((Date.now() + state.ttl) / 1000) },
      retryAfterSeconds,
      message: `too many requests without a valid API key from this address (at most ${state.max} a minute); ` +
        `retry in ${retryAfterSeconds} s, or send a valid key (requests with one are held to its monthly quota only)`,
    };
  }

  /** The key a request presented is unknown or revoked: it counts after all (once per request). */
  async keyRefused(request: FastifyRequest): Promise<void> {
    if (!this.limiter || this.counted.has(request)) return;
    this.counted.add(request);
    this.observe(request, await this.limiter(request));
  }

  /** Notes an address whose count reached the limit, until its window ends. */
  private observe(request: FastifyRequest, state: LimiterState): LimiterState {
    if (state.isAllowed || state.remaining > 0) return state;
    // As many as the limiter remembers; past that the oldest goes (its key requests then meet only their key's check).
    if (this.atLimit.size >= ADDRESSES_REMEMBERED) this.atLimit.delete(this.atLimit.keys().next().value!);
    this.atLimit.set(normalizeAddress(request.ip), Date.now() + state.ttl);
    return state;
  }

  private isAtLimit(request: FastifyRequest): boolean {
    if (this.atLimit.size === 0) return false;
    const address = normalizeAddress(request.ip);
    const until = this.atLimit.get(address);
    if (until === undefined) return false;
    if (until > Date.now()) return true;
    this.atLimit.delete(address);
    return false;
  }
}

/** A well-formed key sent anywhere but to key creation, which counts whatever the request carries. */
function presentsKey(request: FastifyRequest): boolean {
  if (request.method === 'POST' && request.routeOptions.url === '/v1/keys') return false;
  const { kind } = presentedKeyOf(request);
  return kind === 'key' || kind === 'token';
}
