import assert from 'node:assert/strict';
import { after, afterEach, beforeEach, describe, it } from 'node:test';
import type { AccessStore, NewKey } from '../../src/access/accessStore.js';
import { displayPrefix, generateKey, hashKey } from '../../src/access/keyFormat.js';

export interface StoreUnderTest {
  store: AccessStore;
  dispose(): Promise<void>;
}

let made = 0;

/** A new key record; returns it with its clear key. */
export function newKey(fields: Partial<NewKey> = {}): NewKey & { key: string } {
  made += 1;
  const key = generateKey();
  return {
    key, keyHash: hashKey(key), prefix: displayPrefix(key), email: `user${made}@example.test`, source: null,
    tier: 'free', monthlyLimit: 1000, createdAt: '2026-01-15T10:00:00.000Z', ...fields,
  };
}

const dayBefore = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
const dayLimit = (address: string, day = '2026-01-15') => ({ address, day, limit: 3, keepFrom: dayBefore(day) });

/** The behaviour every AccessStore implementation (SQLite, PostgreSQL) must show. */
export function accessStoreContract(name: string, open: () => Promise<StoreUnderTest>,
  options: { skip: string | false; done?: () => Promise<void> } = { skip: false }): void {
  describe(`AccessStore contract: ${name}`, { skip: options.skip }, () => {
    let subject: StoreUnderTest;
    let store: AccessStore;
    beforeEach(async () => {
      subject = await open();
      store = subject.store;
    });
    afterEach(async () => subject.dispose());
    // What the stores of every test shared (testSchemas' database).
    after(async () => options.done?.());

    async function insert(fields: Partial<NewKey> = {}) {
      const record = newKey(fields);
      const result = await store.insertKey(record);
      assert.equal(result.outcome, 'created');
      return { ...record, id: (result as { id: string }).id };
    }

    it('finds a key by its hash, and nothing by an unknown hash', async () => {
      const { keyHash, id, prefix, email } = await insert({ tier: 'paid', monthlyLimit: 50_000 });
      assert.deepEqual(await store.findKeyByHash(keyHash), {
        id, prefix, email, tier: 'paid', monthlyLimit: 50_000, createdAt: '2026-01-15T10:00:00.000Z', revokedAt: null,
      });
      assert.equal(await store.findKeyByHash(hashKey(generateKey())), null);
    });

    it('counts requests from 1 and refuses, without counting, once the month holds the limit', async () => {
      const { id } = await insert({ monthlyLimit: 3 });
      assert.deepEqual([
        await store.countRequest(id, '2026-01', 3), await store.countRequest(id, '2026-01', 3),
        await store.countRequest(id, '2026-01', 3), await store.countRequest(id, '2026-01', 3),
      ], [1, 2, 3, null]);
      assert.equal(await store.usage(id, '2026-01'), 3);
    });

    it('each month is counted on its own', async () => {
      const { id } = await insert({ monthlyLimit: 1 });
      assert.equal(await store.countRequest(id, '2026-01', 1), 1);
      assert.equal(await store.countRequest(id, '2026-01', 1), null);
      assert.equal(await store.countRequest(id, '2026-02', 1), 1);
      assert.equal(await store.usage(id, '2026-03'), 0);
    });

    it('an unlimited key is counted without a ceiling, and a zero limit refuses the first request', async () => {
      const { id } = await insert({ tier: 'internal', monthlyLimit: null });
      for (let i = 1; i <= 5; i++) assert.equal(await store.countRequest(id, '2026-01', null), i);
      const zero = await insert({ tier: 'paid', monthlyLimit: 0 });
      assert.equal(await store.countRequest(zero.id, '2026-01', 0), null);
      assert.equal(await store.usage(zero.id, '2026-01'), 0);
    });

    it('admits a request in one step: the key found and counted; revoked, spent and unknown keys are not counted', async () => {
      const { keyHash, id, email } = await insert({ monthlyLimit: 2 });
      assert.equal(await store.admitRequest(hashKey(generateKey()), '2026-01'), null);
      const first = await store.admitRequest(keyHash, '2026-01');
      assert.deepEqual([first?.key.id, first?.key.email, first?.used], [id, email, 1]);
      assert.equal((await store.admitRequest(keyHash, '2026-01'))?.used, 2);
      assert.equal((await store.admitRequest(keyHash, '2026-01'))?.used, null);
      assert.equal(await store.usage(id, '2026-01'), 2);
      await store.revokeKeys({ keyHash }, '2026-01-20T00:00:00.000Z');
      const revoked = await store.admitRequest(keyHash, '2026-02');
      assert.deepEqual([revoked?.key.revokedAt, revoked?.used], ['2026-01-20T00:00:00.000Z', null]);
      assert.equal(await store.usage(id, '2026-02'), 0);
    });

    it('reserves blocks that never pass the limit, the last one cut to what is left, and takes back what was not used', async () => {
      const { id } = await insert({ monthlyLimit: 30 });
      assert.deepEqual(await store.reserveRequests(id, '2026-01', 30, 20), { used: 20, granted: 20 });
      assert.deepEqual(await store.reserveRequests(id, '2026-01', 30, 20), { used: 30, granted: 10 });
      assert.equal(await store.reserveRequests(id, '2026-01', 30, 1), null);
      await store.releaseRequests(id, '2026-01', 4);
      assert.deepEqual(await store.reserveRequests(id, '2026-01', 30, 20), { used: 30, granted: 4 });
      await store.releaseRequests(id, '2026-01', 1000);
      assert.equal(await store.usage(id, '2026-01'), 0);
      const unlimited = await insert({ tier: 'internal', monthlyLimit: null });
      assert.deepEqual(await store.reserveRequests(unlimited.id, '2026-01', null, 100), { used: 100, granted: 100 });
      assert.equal(await store.reserveRequests(unlimited.id, '2026-01', 0, 5), null);
    });

    it('a limit lowered below the month\'s count refuses and leaves the count alone', async () => {
      const { id } = await insert();
      for (let i = 0; i < 5; i++) await store.countRequest(id, '2026-01', 1000);
      assert.equal(await store.countRequest(id, '2026-01', 2), null);
      assert.equal(await store.usage(id, '2026-01'), 5);
    });

    it('one active free key per email; other tiers and revoked keys do not count', async () => {
      await insert({ email: 'ash@example.test' });
      const again = await store.insertKey(newKey({ email: 'ash@example.test' }), dayLimit('192.0.2.1'));
      assert.deepEqual(again, { outcome: 'email-taken', createdToday: 0 });
      await insert({ email: 'ash@example.test', tier: 'paid', monthlyLimit: 10 });
      assert.equal((await store.revokeKeys({ email: 'ash@example.test' }, '2026-01-16T00:00:00Z')).length, 2);
      await insert({ email: 'ash@example.test' });
    });

    it('an address creates at most its daily limit of keys; refusals count for nothing', async () => {
      const outcomes = [];
      for (let i = 0; i < 4; i++) outcomes.push(await store.insertKey(newKey(), dayLimit('192.0.2.1')));
      assert.deepEqual(outcomes.map((o) => [o.outcome, o.createdToday]),
        [['created', 1], ['created', 2], ['created', 3], ['address-limit', 3]]);
      assert.equal(await store.keysCreatedBy('192.0.2.1', '2026-01-15'), 3);
      assert.equal((await store.insertKey(newKey(), dayLimit('192.0.2.1', '2026-01-16'))).outcome, 'created');
      assert.equal((await store.insertKey(newKey(), dayLimit('192.0.2.2'))).outcome, 'created');
      assert.equal((await store.listKeys('2026-01')).length, 5);

      await insert({ email: 'taken@example.test' });
      const taken = await store.insertKey(newKey({ email: 'taken@example.test' }), dayLimit('192.0.2.3'));
      assert.deepEqual(taken, { outcome: 'email-taken', createdToday: 0 });
      assert.equal(await store.keysCreatedBy('192.0.2.3', '2026-01-15'), 0);
    });

    it('expired per-address counters are deleted: a key inserted on a day leaves only that day\'s and the day before\'s', async () => {
      const createOn = async (address: string, day: string) =>
        assert.equal((await store.insertKey(newKey(), dayLimit(address, day))).outcome, 'created');
      await createOn('192.0.2.1', '2026-01-13');
      await createOn('2001:db8::/64', '2026-01-14');
      assert.equal(await store.keysCreatedBy('192.0.2.1', '2026-01-13'), 1, 'the day before stays');
      await createOn('192.0.2.3', '2026-01-15');
      assert.equal(await store.keysCreatedBy('192.0.2.1', '2026-01-13'), 0);
      assert.equal(await store.keysCreatedBy('2001:db8::/64', '2026-01-14'), 1);
      assert.equal(await store.keysCreatedBy('192.0.2.3', '2026-01-15'), 1);
      // A refused creation purges too: the first request of a day need not succeed.
      await insert({ email: 'kept@example.test' });
      const refused = await store.insertKey(newKey({ email: 'kept@example.test' }), dayLimit('192.0.2.4', '2026-01-17'));
      assert.equal(refused.outcome, 'email-taken');
      assert.equal(await store.keysCreatedBy('2001:db8::/64', '2026-01-14'), 0);
      assert.equal(await store.keysCreatedBy('192.0.2.3', '2026-01-15'), 0);
      assert.equal((await store.listKeys('2026-01')).length, 4, 'keys themselves are never purged');
    });

    it('revokes by email, by displayed prefix or by hash, once', async () => {
      const a = await insert();
      const b = await insert();
      const c = await insert();
      const at = '2026-01-20T08:00:00.000Z';
      assert.deepEqual((await store.revokeKeys({ email: a.email }, at)).map((k) => k.id), [a.id]);
      assert.deepEqual((await store.revokeKeys({ prefix: b.prefix }, at)).map((k) => k.id), [b.id]);
      assert.deepEqual((await store.revokeKeys({ keyHash: c.keyHash }, at)).map((k) => k.id), [c.id]);
      assert.deepEqual(await store.revokeKeys({ keyHash: c.keyHash }, at), []);
      assert.equal((await store.findKeyByHash(a.keyHash))?.revokedAt, at);
    });

    it('lists every key, oldest first, with its count for the month asked', async () => {
      const a = await insert();
      const b = await insert({ tier: 'internal', monthlyLimit: null });
      await store.countRequest(a.id, '2026-01', 1000);
      await store.countRequest(a.id, '2026-01', 1000);
      await store.countRequest(a.id, '2026-02', 1000);
      const listed = await store.listKeys('2026-01');
      assert.deepEqual(listed.map((k) => [k.id, k.used, k.monthlyLimit]), [[a.id, 2, 1000], [b.id, 0, null]]);
      assert.ok(listed.every((k) => !('keyHash' in k) && !('key_hash' in k)));
    });

    it('the keys version changes with every key created or revoked, and with nothing else', async () => {
      const before = await store.keysVersion();
      const { id, keyHash } = await insert();
      const created = await store.keysVersion();
      assert.notEqual(created, before);
      await store.countRequest(id, '2026-01', 1000);
      await store.insertKey(newKey({ email: (await store.findKeyByHash(keyHash))!.email }));
      await store.revokeKeys({ keyHash: hashKey(generateKey()) }, '2026-01-20T08:00:00.000Z');
      assert.equal(await store.keysVersion(), created, 'a count, a refused key and a revocation of nothing change nothing');
      await store.revokeKeys({ keyHash }, '2026-01-20T08:00:00.000Z');
      assert.notEqual(await store.keysVersion(), created);
    });

    it('a single-use grant is spent once, even when spent twice at once; an expired one is forgotten', async () => {
      const now = 1_800_000_000;
      const [first, second] = await Promise.all([store.spendGrant('code:a', now + 120, now), store.spendGrant('code:a', now + 120, now)]);
      assert.deepEqual([first, second].sort(), [false, true]);
      assert.equal(await store.spendGrant('code:a', now + 120, now + 60), false, 'a replay');
      assert.equal(await store.spendGrant('refresh:a', now + 120, now), true, 'another grant');
      assert.equal(await store.spendGrant('code:a', now + 300, now + 121), true, 'its id is forgotten once it expired');
    });

    it('an ended OAuth grant is known as ended, raises the keys\' version, and is forgotten once expired', async () => {
      const now = 1_800_000_000;
      assert.equal(await store.isGrantRevoked('g1'), false);
      const before = await store.keysVersion();
      await store.revokeGrant('g1', now + 100, now);
      assert.notEqual(await store.keysVersion(), before, 'caches of the answer drop it');
      assert.equal(await store.isGrantRevoked('g1'), true);
      assert.equal(await store.isGrantRevoked('g2'), false);
      await store.revokeGrant('g1', now + 100, now);
      await store.revokeGrant('g2', now + 300, now + 101);
      assert.equal(await store.isGrantRevoked('g1'), false, 'purged once past its expiry');
      assert.equal(await store.isGrantRevoked('g2'), true);
    });

    it('keeps the first OAuth secret stored under a name, even when two are offered at once', async () => {
      const [a, b] = await Promise.all([store.oauthSecret('generated', 'first'), store.oauthSecret('generated', 'second')]);
      assert.equal(a, b);
      assert.equal(await store.oauthSecret('generated', 'third'), a);
      assert.equal(await store.oauthSecret('other', 'fourth'), 'fourth');
    });

    it('answers a ping', async () => {
      assert.equal(await store.ping(), true);
    });
  });
}
