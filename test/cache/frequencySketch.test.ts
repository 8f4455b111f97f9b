import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FrequencySketch } from '../../src/cache/frequencySketch.js';
import { seededRandom } from '../support/seededRandom.js';

describe('FrequencySketch', () => {
  it('counts how often each key was recorded, telling each time how often before', () => {
    const sketch = new FrequencySketch(4096, () => 1_000_000);
    assert.deepEqual([0, 1, 2].map(() => sketch.record('card en-base1-4')), [0, 1, 2]);
    sketch.record('card en-base1-5');
    assert.deepEqual([sketch.frequency('card en-base1-4'), sketch.frequency('card en-base1-5'), sketch.frequency('card en-base1-6')], [3, 1, 0]);
    assert.equal(sketch.bytes, 4096);
  });

  it('stops a count at 15, and halves every count after the period it is given', () => {
    let period = 100;
    const sketch = new FrequencySketch(4096, () => period);
    for (let i = 0; i < 40; i += 1) sketch.record('hot');
    assert.equal(sketch.frequency('hot'), 15);
    for (let i = 0; i < 20; i += 1) sketch.record('warm');
    for (let i = 0; i < 39; i += 1) sketch.record(`rare ${i}`);
    assert.deepEqual([sketch.frequency('hot'), sketch.frequency('warm'), sketch.frequency('rare 0')], [15, 15, 1], 'not yet: 99 recorded');
    sketch.record('rare 39');
    assert.deepEqual([sketch.frequency('hot'), sketch.frequency('warm'), sketch.frequency('rare 0')], [7, 7, 0], 'the 100th halved them');
    period = 10;
    for (let i = 0; i < 10; i += 1) sketch.record(`other ${i}`);
    assert.equal(sketch.frequency('hot'), 3, 'the period is read again at each halving');
  });

  it('estimates many keys in few counters without counting any low, rarely much high', () => {
    const sketch = new FrequencySketch(16_384, () => 1_000_000);
    const truth = new Map<string, number>();
    const random = seededRandom(27);
    for (let i = 0; i < 20_000; i += 1) {
      // Key k is recorded about 1/k² as often as key 1: a few hot keys, a long tail.
      const key = `card ${Math.floor(1 / (1 - random() * 0.9999))}`;
      sketch.record(key);
      truth.set(key, (truth.get(key) ?? 0) + 1);
    }
    let high = 0;
    for (const [key, count] of truth) {
      const estimate = sketch.frequency(key);
      assert.ok(estimate >= Math.min(15, count), `${key}: ${estimate} for ${count}`);
      if (estimate > Math.min(15, count) + 1) high += 1;
    }
    assert.ok(high < truth.size * 0.01, `${high} of ${truth.size} estimated more than 1 high`);
  });
});
