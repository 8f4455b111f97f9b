import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import type { AccessDecision, KeyCreation } from '../../src/access/accessControl.js';
import { AccessService } from '../../src/access/accessService.js';
import { hashKey } from '../../src/access/keyFormat.js';
import { readPresentedKey } from '../../src/access/presentedKey.js';
import { SqliteAccessStore } from '../../src/store/sqlite/sqliteAccessStore.js';
import { TestClock } from '../support/clock.js';
import { unixSeconds } from '../support/http.js';
import { issueKey } from '../support/keys.js';

describe('AccessService', () => {
  let dir: string;
  let store: SqliteAccessStore;
  let clock: TestClock;
  let access: AccessService;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'tcg-access-service-'));
    store = new SqliteAccessStore(path.join(dir, 'catalog.access.db'));
    clock = new TestClock('2026-01-15T12:00:00Z');
    access = new AccessService(store, { publicBaseUrl: 'https://tcg.example.test', now: clock.now });
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const refused = (decision: AccessDecision) => {
    assert.equal(decision.allowed, false);
    return decision as Extract<AccessDecision, { allowed: false }>;
  };
  const created = (creation: KeyCreation) => {
    assert.ok(creation.ok, JSON.stringify(creation));
    return creation as Extract<KeyCreation, { ok: true }>;
  };
  const failed = (creation: KeyCreation) => {
    assert.ok(!creation.ok, JSON.stringify(creation));
    return creation as Extract<KeyCreation, { ok: false }>;
  };

  describe('authorizeAndCount', () => {
    it('a missing, malformed or unknown key is 401 with the unkeyed allowance', async () => {
      for (const header of [undefined, 'Basic abc', 'Bearer tcgk_tooshort', 'Bearer tcgk_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA']) {
        const decision = refused(await access.authorizeAndCount(readPresentedKey(header)));
        assert.equal(decision.status, 401, String(header));
        assert.deepEqual(decision.allowance, { limit: 1000, used: 0, reset: unixSeconds('2026-02-01T00:00:00Z') });
        assert.equal(decision.retryAfterSeconds, undefined);
      }
    });

    it('a valid key is counted one by one and described by its month', async () => {
      const key = await issueKey(store);
      const first = await access.authorizeAndCount(readPresentedKey(`Bearer ${key}`));
      const second = await access.authorizeAndCount(readPresentedKey(`bearer ${key}`));
      assert.ok(first.allowed && second.allowed);
      assert.deepEqual(second.allowance, { limit: 1000, used: 2, reset: unixSeconds('2026-02-01T00:00:00Z') });
      assert.equal(first.keyId, (await store.findKeyByHash(hashKey(key)))!.id);
    });

    it('the request past the limit is 429 with Retry-After until the 1st, and is not counted', async () => {
      const key = await issueKey(store, { tier: 'paid', monthlyLimit: 2 });
      await access.authorizeAndCount(readPresentedKey(`Bearer ${key}`));
      await access.authorizeAndCount(readPresentedKey(`Bearer ${key}`));
      clock.set('2026-01-31T23:00:00Z');
      const decision = refused(await access.authorizeAndCount(readPresentedKey(`Bearer ${key}`)));
      assert.equal(decision.status, 429);
      assert.deepEqual(decision.allowance, { limit: 2, used: 2, reset: unixSeconds('2026-02-01T00:00:00Z') });
      assert.equal(decision.retryAfterSeconds, 3600);
      assert.match(decision.message, /resets at 2026-02-01T00:00:00Z/);
      clock.set('2026-02-01T00:00:00Z');
      const february = await access.authorizeAndCount(readPresentedKey(`Bearer ${key}`));
      assert.ok(february.allowed);
      assert.equal(february.allowance.used, 1);
    });

    it('a revoked key is 401 from the next request on', async () => {
      const key = await issueKey(store);
      assert.ok((await access.authorizeAndCount(readPresentedKey(`Bearer ${key}`))).allowed);
      await store.revokeKeys({ keyHash: hashKey(key) }, clock.now().toISOString());
      assert.equal(refused(await access.authorizeAndCount(readPresentedKey(`Bearer ${key}`))).status, 401);
    });

    it('an unlimited key is never refused and reports the sentinel limit', async () => {
      const key = await issueKey(store, { tier: 'internal', monthlyLimit: null });
      const decision = await access.authorizeAndCount(readPresentedKey(`Bearer ${key}`));
      assert.ok(decision.allowed);
      assert.deepEqual(decision.allowance, { limit: 2_147_483_647, used: 1, reset: unixSeconds('2026-02-01T00:00:00Z') });
    });
  });

  describe('authorize (the deck check\'s look before it counts)', () => {
    it('gives authorizeAndCount\'s verdict without counting: 401, the month as it stands, 429 once spent', async () => {
      assert.equal(refused(await access.authorize(readPresentedKey(undefined))).status, 401);
      assert.equal(refused(await access.authorize(readPresentedKey('Bearer tcgk_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'))).status, 401);
      const key = await issueKey(store, { monthlyLimit: 2, now: clock.now });
      const header = `Bearer ${key}`;
      for (let i = 0; i < 3; i++) {
        const look = await access.authorize(readPresentedKey(header));
        assert.ok(look.allowed);
        assert.equal(look.allowance.used, 0, 'nothing counted');
      }
      assert.ok((await access.authorizeAndCount(readPresentedKey(header))).allowed);
      assert.equal((await access.authorize(readPresentedKey(header))).allowance.used, 1);
      assert.ok((await access.authorizeAndCount(readPresentedKey(header))).allowed);
      const spent = refused(await access.authorize(readPresentedKey(header)));
      assert.equal(spent.status, 429);
      assert.equal(spent.allowance.used, 2);
      assert.ok(spent.retryAfterSeconds! > 0);
      await store.revokeKeys({ keyHash: hashKey(key) }, clock.now().toISOString());
      assert.equal(refused(await access.authorize(readPresentedKey(header))).status, 401);
    });
  });

  describe('createKey', () => {
    it('issues a free key with 1000 a month and a try_it command on the public base URL', async () => {
      const result = created(await access.createKey({ email: 'Ash@Example.com', source: 'a friend' }, '192.0.2.1'));
      const { key, tier, monthly_limit, try_it } = result.created;
      assert.equal(tier, 'free');
      assert.equal(monthly_limit, 1000);
      assert.equal(try_it, `curl -H "Authorization: Bearer ${key}" "https://tcg.example.test/v1/cards?q=pikachu&limit=5"`);
      assert.deepEqual(result.allowance, { limit: 3, used: 1, reset: unixSeconds('2026-01-16T00:00:00Z') });
      const stored = await store.findKeyByHash(hashKey(key));
      assert.equal(stored?.email, 'ash@example.com');
      assert.ok((await access.authorizeAndCount(readPresentedKey(`Bearer ${key}`))).allowed);
    });

    it('409 while the email, trimmed and in any case, has an active free key; revoking frees it', async () => {
      created(await access.createKey({ email: 'misty@example.com' }, '192.0.2.1'));
      const again = failed(await access.createKey({ email: '  MISTY@example.COM ' }, '192.0.2.2'));
      assert.equal(again.status, 409);
      assert.deepEqual(again.allowance, { limit: 3, used: 0, reset: unixSeconds('2026-01-16T00:00:00Z') });
      await store.revokeKeys({ email: 'misty@example.com' }, clock.now().toISOString());
      created(await access.createKey({ email: 'misty@example.com' }, '192.0.2.2'));
    });

    it('the 4th key from one address in a UTC day is 429 until the next midnight', async () => {
      for (let i = 0; i < 3; i++) created(await access.createKey({ email: `brock${i}@example.com` }, '::ffff:192.0.2.9'));
      clock.set('2026-01-15T23:59:30Z');
      const fourth = failed(await access.createKey({ email: 'brock3@example.com' }, '192.0.2.9'));
      assert.equal(fourth.status, 429);
      assert.equal(fourth.retryAfterSeconds, 30);
      assert.deepEqual(fourth.allowance, { limit: 3, used: 3, reset: unixSeconds('2026-01-16T00:00:00Z') });
      assert.deepEqual(await access.keyCreationAllowance('192.0.2.9'), fourth.allowance);
      created(await access.createKey({ email: 'brock3@example.com' }, '192.0.2.10'));
      clock.set('2026-01-16T00:00:00Z');
      created(await access.createKey({ email: 'brock4@example.com' }, '192.0.2.9'));
    });
  });
});
