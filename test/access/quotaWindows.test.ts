import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { dailyKeyAllowance, dayOf, nextDayStart, normalizeAddress, oldestCountedDay } from '../../src/access/dailyKeyAllowance.js';
import { isEmailAddress, normalizeEmail } from '../../src/access/email.js';
import { monthlyAllowance, monthOf, secondsUntil, UNLIMITED_HEADER_LIMIT } from '../../src/access/monthlyQuota.js';
import { unixSeconds } from '../support/http.js';

describe('monthly quota window', () => {
  it('is the calendar month in UTC, resetting at 00:00 UTC on the 1st', () => {
    assert.equal(monthOf(new Date('2026-01-31T23:59:59.999Z')), '2026-01');
    assert.equal(monthOf(new Date('2026-02-01T00:00:00Z')), '2026-02');
    assert.deepEqual(monthlyAllowance(1000, 7, new Date('2026-01-31T23:59:59Z')),
      { limit: 1000, used: 7, reset: unixSeconds('2026-02-01T00:00:00Z') });
    assert.equal(monthlyAllowance(1000, 0, new Date('2026-12-15T12:00:00Z')).reset, unixSeconds('2027-01-01T00:00:00Z'));
  });

  it('a UTC offset in local time does not move it', () => {
    assert.equal(monthOf(new Date('2026-03-01T00:30:00+01:00')), '2026-02');
  });

  it('is right for moments asked in any order, across months and years (the last month asked is remembered)', () => {
    const moments = ['2026-01-31T23:59:59.999Z', '2026-02-01T00:00:00Z', '2026-01-01T00:00:00Z', '2025-12-31T23:59:59.999Z',
      '2026-02-28T23:59:59.999Z', '2026-03-01T00:00:00Z', '2026-02-01T00:00:00Z', '0999-10-05T00:00:00Z'];
    for (const moment of moments) {
      const now = new Date(moment);
      const firstOfNext = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
      assert.equal(monthOf(now), moment.slice(0, 7), moment);
      assert.equal(monthlyAllowance(1000, 0, now).reset, firstOfNext.getTime() / 1000, moment);
    }
  });

  it('an unlimited key reports the largest 32-bit integer as its limit', () => {
    assert.equal(monthlyAllowance(null, 5, new Date()).limit, UNLIMITED_HEADER_LIMIT);
    assert.equal(UNLIMITED_HEADER_LIMIT, 2 ** 31 - 1);
  });

  it('Retry-After is the whole seconds until the reset, at least 1', () => {
    const reset = unixSeconds('2026-02-01T00:00:00Z');
    assert.equal(secondsUntil(reset, new Date('2026-01-31T23:59:59Z')), 1);
    assert.equal(secondsUntil(reset, new Date('2026-01-31T23:59:59.500Z')), 1);
    assert.equal(secondsUntil(reset, new Date('2026-01-31T23:00:00Z')), 3600);
  });
});

describe('daily key allowance', () => {
  it('is 3 keys per UTC day, resetting at the next 00:00 UTC', () => {
    assert.equal(dayOf(new Date('2026-05-31T23:59:59Z')), '2026-05-31');
    assert.equal(nextDayStart(new Date('2026-05-31T23:59:59Z')), unixSeconds('2026-06-01T00:00:00Z'));
    assert.deepEqual(dailyKeyAllowance(2, new Date('2026-05-31T10:00:00Z')),
      { limit: 3, used: 2, reset: unixSeconds('2026-06-01T00:00:00Z') });
  });

  it('an IPv4 client seen over an IPv6 socket is the same address', () => {
    assert.equal(normalizeAddress('::ffff:192.0.2.7'), '192.0.2.7');
    assert.equal(normalizeAddress('::FFFF:c000:0207'), '192.0.2.7');
    assert.equal(normalizeAddress(' 192.0.2.7 '), '192.0.2.7');
  });

  it('an IPv6 client is counted by its /64, however the address is written', () => {
    assert.equal(normalizeAddress('2001:DB8::1'), '2001:db8::/64');
    assert.equal(normalizeAddress('2001:db8:0:0:ffff:ffff:ffff:ffff'), '2001:db8::/64');
    assert.equal(normalizeAddress('2001:db8:aa:bb:1:2:3:4'), '2001:db8:aa:bb::/64');
    assert.notEqual(normalizeAddress('2001:db8:aa:bc::1'), normalizeAddress('2001:db8:aa:bb::1'));
    assert.equal(normalizeAddress('fe80::1%eth0'), 'fe80::/64');
    assert.equal(normalizeAddress('::1'), '::/64');
  });

  it('keeps counters of today and yesterday; older ones have expired', () => {
    assert.equal(oldestCountedDay(new Date('2026-03-01T00:00:00Z')), '2026-02-28');
    assert.equal(oldestCountedDay(new Date('2026-01-01T23:59:59Z')), '2025-12-31');
  });
});

describe('email rules', () => {
  it('compares addresses trimmed and in lower case', () => {
    assert.equal(normalizeEmail('  Ash.Ketchum@Example.COM '), 'ash.ketchum@example.com');
  });

  it('accepts ordinary addresses and refuses what is not one', () => {
    for (const good of ['a@b.co', 'first.last+tag@sub.example.org']) assert.ok(isEmailAddress(good), good);
    for (const bad of ['', 'ash', 'ash@', '@example.com', 'ash@example', 'a b@example.com', `${'a'.repeat(250)}@b.co`]) {
      assert.ok(!isEmailAddress(bad), bad);
    }
  });
});
