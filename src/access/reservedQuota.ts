import type { AccessStore, Admission, KeyUsage } from './accessStore.js';
import { AccessStoreDecorator } from './accessStoreDecorator.js';

/** The most requests of a key with a monthly limit that one instance reserves at a time. */
export const MAX_BLOCK = 20;
/** The block of a key without a monthly limit: nothing to share fairly, only counts to keep. */
export const UNLIMITED_BLOCK = 100;
/**
 * Blocks are MAX_BLOCK while at least this many requests of the month are left, and one request
 * after that. A block an instance reserved and could not use (its share of a burst ended first) is
 * counted and unanswered until it is given back, so a refused request elsewhere would leave the
 * month short of its limit; reserved one at a time, the month's last requests each go to a request
 * that is waiting. An instance can only run out of requests while holding a block of MAX_BLOCK if
 * this many were still left, so the bursts of the concurrency tests (1,500 or 1,800 requests at
 * once on a month of 1,000, over two or three instances) end with exactly the limit answered.
 */
export const ONE_AT_A_TIME_BELOW = 320;
/** Unused requests of a block untouched this long go back to the month. */
export const IDLE_RELEASE_MS = 5_000;
/** How long a spent month is believed before the store is asked again. */
const SPENT_RECHECK_MS = 1_000;

export interface ReservedQuotaOptions {
  idleReleaseMs?: number;
  /** A monotonic clock in ms (tests). */
  now?: () => number;
}

/** The requests numbered `next` to `last` of the key's `month`, reserved by this instance. */
interface Block {
  month: string;
  limit: number | null;
  next: number;
  last: number;
  touchedAt: number;
}

interface Spent {
  month: string;
  limit: number | null;
  at: number;
}

/** How many requests to reserve next, given the month's count the last reservation returned. */
export function blockSize(monthlyLimit: number | null, usedAfterLastBlock: number): number {
  if (monthlyLimit === null) return UNLIMITED_BLOCK;
  return monthlyLimit - usedAfterLastBlock >= ONE_AT_A_TIME_BELOW ? MAX_BLOCK : 1;
}

/**
 * An AccessStore that counts requests from blocks of quota reserved in the wrapped store, so a
 * keyed request costs a database write once per block instead of once per request. The store's
 * count is what was reserved: it never passes the limit, whatever the number of instances, and
 * each request still gets its own number (its `Used`). What a block holds and was not answered is
 * given back when the key is idle for IDLE_RELEASE_MS and when the store closes; a crash (kill -9)
 * leaves it counted, at most one block per key the instance was serving. docs/keys.md argues it.
 */
export class ReservedQuota extends AccessStoreDecorator {
  private readonly blocks = new Map<string, Block>();
  /** The id of each key hash admitted here, while the instance holds a block of the key or is reserving one. */
  private readonly keyIds = new Map<string, string>();
  private readonly reserving = new Map<string, Promise<unknown>>();
  private readonly spent = new Map<string, Spent>();
  private readonly now: () => number;
  private readonly idleReleaseMs: number;
  private readonly sweeper: NodeJS.Timeout;
  private readonly releases = new Set<Promise<void>>();

  constructor(inner: AccessStore, options: ReservedQuotaOptions = {}) {
    super(inner);
    this.now = options.now ?? (() => performance.now());
    this.idleReleaseMs = options.idleReleaseMs ?? IDLE_RELEASE_MS;
    this.sweeper = setInterval(() => this.releaseIdle(), Math.max(10, this.idleReleaseMs / 2));
    this.sweeper.unref();
  }

  override async countRequest(keyId: string, month: string, monthlyLimit: number | null): Promise<number | null> {
    for (;;) {
      const block = this.blocks.get(keyId);
      if (block && block.month === month && block.limit === monthlyLimit && block.next <= block.last) {
        block.touchedAt = this.now();
        return block.next++;
      }
      const spent = this.spent.get(keyId);
      if (spent && spent.month === month && spent.limit === monthlyLimit && this.now() - spent.at < SPENT_RECHECK_MS) return null;
      // One reservation per key at a time; the requests that arrive meanwhile wait for its block.
      const pending = this.reserving.get(keyId);
      if (pending) {
        await pending;
        continue;
      }
      const reservation = this.reserve(keyId, month, monthlyLimit, block);
      this.reserving.set(keyId, reservation);
      try {
        if (!(await reservation)) return null;
      } finally {
        this.reserving.delete(keyId);
      }
    }
  }

  /**
   * A key this instance holds nothing of, by its hash, is found and its first block reserved in one
   * step: the wrapped store's admitRequest, whose one request is this request's and tells how much
   * the month has left (as a first block of one would). A key it holds a block of, or is reserving
   * one for, is found, then counted from its blocks, so its requests are numbered in the order the
   * blocks were reserved.
   */
  override async admitRequest(keyHash: string, month: string): Promise<Admission | null> {
    if (this.keyIds.has(keyHash)) {
      const key = await this.inner.findKeyByHash(keyHash);
      if (!key) return null;
      return { key, used: key.revokedAt === null ? await this.countRequest(key.id, month, key.monthlyLimit) : null };
    }
    const admitted = await this.inner.admitRequest(keyHash, month);
    if (!admitted || admitted.key.revokedAt !== null) return admitted;
    const { key, used } = admitted;
    this.keyIds.set(keyHash, key.id);
    if (used !== null) return { key, used: await this.admittedNumber(key.id, month, key.monthlyLimit, used) };
    // The month is spent as the store counts it: what this instance still holds of it is answered first.
    if (!this.holds(key.id, month, key.monthlyLimit) && !this.reserving.has(key.id)) {
      this.spent.set(key.id, { month, limit: key.monthlyLimit, at: this.now() });
    }
    return { key, used: await this.countRequest(key.id, month, key.monthlyLimit) };
  }

  /**
   * The number of a request the wrapped store admitted as `used`. The admission becomes the key's
   * block, spent at once, so the next request reserves a block sized by that count. When the
   * instance already holds requests of the key's month, or is reserving some (the key was counted by
   * its id, its record read elsewhere), those come first: the admission's request extends the block
   * when it is the next number, and is given back otherwise, so this instance's numbers of the key
   * stay in order and its count from memory (usage) stays what was answered.
   */
  private async admittedNumber(keyId: string, month: string, monthlyLimit: number | null, used: number): Promise<number> {
    const pending = this.reserving.get(keyId);
    if (pending) await pending.catch(() => undefined);
    const block = this.blocks.get(keyId);
    if (block && this.holds(keyId, month, monthlyLimit)) {
      if (used === block.last + 1) block.last = used;
      else this.giveBack(keyId, month, 1);
      block.touchedAt = this.now();
      return block.next++;
    }
    if (block && block.month === month && block.limit === monthlyLimit && block.last > used) return used;
    // Another month's block (or another limit's) goes back to the store, as reserve() gives it back.
    this.release(keyId);
    this.spent.delete(keyId);
    this.blocks.set(keyId, { month, limit: monthlyLimit, next: used + 1, last: used, touchedAt: this.now() });
    return used;
  }

  /** Whether the instance holds requests of the key's month not yet answered. */
  private holds(keyId: string, month: string, monthlyLimit: number | null): boolean {
    const block = this.blocks.get(keyId);
    return block !== undefined && block.month === month && block.limit === monthlyLimit && block.next <= block.last;
  }

  /**
   * The month's count less what this instance holds unanswered: exact with one instance. While this
   * instance holds requests of the key's month, the count is its block's next number less one, read
   * from memory (as a counted request's own number is): a check that does not count (the deck
   * check's key hook) then costs no read. With several instances that is what this one has seen.
   */
  override async usage(keyId: string, month: string): Promise<number> {
    const block = this.blocks.get(keyId);
    if (block && block.month === month && block.next <= block.last) return block.next - 1;
    await this.released();
    return (await this.inner.usage(keyId, month)) - this.unanswered(keyId, month);
  }

  override async listKeys(month: string): Promise<KeyUsage[]> {
    await this.released();
    return (await this.inner.listKeys(month)).map((key) => ({ ...key, used: key.used - this.unanswered(key.id, month) }));
  }

  override async close(): Promise<void> {
    clearInterval(this.sweeper);
    for (const keyId of [...this.blocks.keys()]) this.release(keyId);
    await this.released();
    await this.inner.close();
  }

  /** Reserves the key's next block; false when the month is spent. */
  private async reserve(keyId: string, month: string, monthlyLimit: number | null, previous: Block | undefined): Promise<boolean> {
    if (previous) this.release(keyId);
    // A key this instance has not seen this month starts with one request, which tells how much
    // the month has left, so a key near its limit is never reserved a block it cannot use.
    const wanted = previous && previous.month === month && previous.limit === monthlyLimit ? blockSize(monthlyLimit, previous.last) : 1;
    const reserved = await this.inner.reserveRequests(keyId, month, monthlyLimit, wanted);
    if (reserved === null) {
      this.spent.set(keyId, { month, limit: monthlyLimit, at: this.now() });
      return false;
    }
    this.spent.delete(keyId);
    this.blocks.set(keyId, {
      month, limit: monthlyLimit, next: reserved.used - reserved.granted + 1, last: reserved.used, touchedAt: this.now(),
    });
    return true;
  }

  /** Waits for the blocks given back so far: a block forgotten here is still counted in the store until its release lands. */
  private async released(): Promise<void> {
    if (this.releases.size > 0) await Promise.allSettled(this.releases);
  }

  private unanswered(keyId: string, month: string): number {
    const block = this.blocks.get(keyId);
    return block && block.month === month ? block.last - block.next + 1 : 0;
  }

  private releaseIdle(): void {
    const idleSince = this.now() - this.idleReleaseMs;
    for (const [keyId, block] of this.blocks) if (block.touchedAt <= idleSince && !this.reserving.has(keyId)) this.release(keyId);
    for (const [keyId, spent] of this.spent) if (this.now() - spent.at >= SPENT_RECHECK_MS) this.spent.delete(keyId);
    for (const [keyHash, keyId] of this.keyIds) if (!this.blocks.has(keyId) && !this.reserving.has(keyId)) this.keyIds.delete(keyHash);
  }

  /** Forgets the key's block at once and gives its unanswered requests back to the store. */
  private release(keyId: string): void {
    const block = this.blocks.get(keyId);
    if (!block) return;
    this.blocks.delete(keyId);
    const unanswered = block.last - block.next + 1;
    if (unanswered > 0) this.giveBack(keyId, block.month, unanswered);
  }

  /** Gives `count` requests of the key's month back to the store; usage and listKeys wait for it. */
  private giveBack(keyId: string, month: string, count: number): void {
    // A failed release leaves the requests counted: the safe side of the limit.
    const release = this.inner.releaseRequests(keyId, month, count).catch(() => undefined);
    this.releases.add(release);
    void release.finally(() => this.releases.delete(release));
  }
}
