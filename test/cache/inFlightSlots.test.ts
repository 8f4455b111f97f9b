import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { InFlightSlots } from '../../src/cache/inFlightSlots.js';

describe('InFlightSlots', () => {
  it('finds a build under way by its request and epoch, until it is let go', () => {
    const slots = new InFlightSlots<string>(64);
    const result = Promise.resolve('answer');
    slots.add('card en-base1-4', 1, result);
    assert.equal(slots.get('card en-base1-4', 1), result);
    assert.equal(slots.get('card en-base1-4', 2), undefined, 'a build for an earlier epoch is not joined');
    assert.equal(slots.get('card en-base1-5', 1), undefined);
    slots.remove('card en-base1-4', result);
    assert.equal(slots.get('card en-base1-4', 1), undefined);
  });

  it('keeps the first of two requests in one slot, and lets go only of the build it is told', () => {
    // One slot: every request hashes to it.
    const slots = new InFlightSlots<string>(1);
    const first = Promise.resolve('first');
    const second = Promise.resolve('second');
    slots.add('card a', 1, first);
    slots.add('card b', 1, second);
    assert.equal(slots.get('card a', 1), first);
    assert.equal(slots.get('card b', 1), undefined, 'the second builds on its own');
    slots.remove('card b', second);
    assert.equal(slots.get('card a', 1), first, 'removing a build that was not registered leaves the slot alone');
    slots.remove('card a', Promise.resolve('another build of a'));
    assert.equal(slots.get('card a', 1), first);
    slots.remove('card a', first);
    slots.add('card b', 1, second);
    assert.equal(slots.get('card b', 1), second, 'the slot is free again');
  });

  it('holds as many builds as it has slots when their hashes differ', () => {
    const slots = new InFlightSlots<number>(1000);
    const keys = Array.from({ length: 200 }, (_, i) => `search ["pika",null,${i}]`);
    const results = keys.map((_, i) => Promise.resolve(i));
    keys.forEach((key, i) => slots.add(key, 7, results[i]!));
    const found = keys.filter((key, i) => slots.get(key, 7) === results[i]).length;
    // 200 keys in 1,024 slots: some share one (about 18 by the birthday bound), most do not.
    assert.ok(found >= 160 && found < 200, `${found} of 200 found`);
  });
});
