import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ByteRing, type RingOwners, type RingSlice } from '../../src/cache/byteRing.js';
import { seededRandom } from '../support/seededRandom.js';

/** An owner as a cache keeps one: its name, whether it was used lately, whether it still holds its slices. */
interface Owner { name: string; used: boolean; live: boolean; slices: Array<RingSlice<Owner>>; bytes: Buffer[] }

/** Owners that record what the ring evicted. */
function owners(): RingOwners<Owner> & { evicted: string[] } {
  const evicted: string[] = [];
  return {
    evicted,
    holds: (owner) => owner.live,
    secondChance: (owner) => {
      const used = owner.used;
      owner.used = false;
      return used;
    },
    evict: (owner) => {
      owner.live = false;
      evicted.push(owner.name);
    },
  };
}

const owner = (name: string): Owner => ({ name, used: false, live: true, slices: [], bytes: [] });

/** Writes `bytes` to the ring for `who`, and remembers where. */
function put(ring: ByteRing<Owner>, who: Owner, bytes: Buffer): RingSlice<Owner> | null {
  const slice = ring.write(who, bytes);
  if (slice !== null) {
    who.slices.push(slice);
    who.bytes.push(bytes);
  }
  return slice;
}

describe('ByteRing', () => {
  it('reads back what was written as a copy of its own, never a view of the ring', () => {
    const ring = new ByteRing<Owner>(1024, owners());
    const a = owner('a');
    const slice = put(ring, a, Buffer.from('{"name":"Évoli"}'))!;
    const read = ring.read(slice);
    assert.equal(read.toString(), '{"name":"Évoli"}');
    read.fill(0);
    assert.equal(ring.read(slice).toString(), '{"name":"Évoli"}', 'writing to a copy leaves the ring alone');
    assert.equal(ring.used, slice.length);
  });

  it('writes over the oldest slice whose owner was not used since, and moves one used lately down, intact', () => {
    const tracked = owners();
    const ring = new ByteRing<Owner>(400, tracked);
    const [a, b, c, d, e] = ['a', 'b', 'c', 'd', 'e'].map(owner);
    for (const [who, fill] of [[a, 1], [b, 2], [c, 3], [d, 4]] as const) put(ring, who!, Buffer.alloc(100, fill));
    assert.equal(ring.fits(1), false, 'full');
    b!.used = true;
    assert.equal(ring.next(), a, 'the oldest not used lately');
    put(ring, e!, Buffer.alloc(150, 5));
    // a went; b, used, was moved down and stays; c went to make room for e's 150 bytes.
    assert.deepEqual(tracked.evicted, ['a', 'c']);
    assert.equal(b!.slices[0]!.offset, 0, 'b moved to where a was');
    assert.ok(ring.read(b!.slices[0]!).equals(Buffer.alloc(100, 2)), 'its bytes moved with it');
    assert.ok(ring.read(d!.slices[0]!).equals(Buffer.alloc(100, 4)));
    assert.ok(ring.read(e!.slices[0]!).equals(Buffer.alloc(150, 5)));
    assert.ok(ring.used <= 400);
  });

  it('keeps an owner\'s own slices while it adds one, and says when there is no room beside them', () => {
    const tracked = owners();
    const ring = new ByteRing<Owner>(1000, tracked);
    const big = owner('big');
    assert.ok(put(ring, big, Buffer.alloc(400, 1)));
    assert.ok(put(ring, big, Buffer.alloc(400, 2)));
    assert.equal(put(ring, big, Buffer.alloc(400, 3)), null, 'no room beside its own');
    assert.deepEqual(tracked.evicted, []);
    assert.ok(ring.read(big.slices[1]!).equals(Buffer.alloc(400, 2)));
    assert.equal(ring.write(owner('huge'), Buffer.alloc(501)), null, 'more than half the ring');
    const empty = new ByteRing<Owner>(1000, tracked);
    const failure = owner('failure');
    assert.ok(put(empty, failure, Buffer.alloc(0)));
    assert.ok(put(empty, failure, Buffer.alloc(0)));
    assert.equal(put(empty, failure, Buffer.alloc(10)), null, 'its own slices of no bytes in the way: no room found, and the search ends');
  });

  it('never holds more than its capacity, and every owner still held reads back its bytes, over many rounds', () => {
    const random = seededRandom(27);
    const tracked = owners();
    const capacity = 64 * 1024;
    const ring = new ByteRing<Owner>(capacity, tracked);
    const all: Owner[] = [];
    for (let i = 0; i < 20_000; i += 1) {
      // Some owners used again, some given a second slice (a form), some dropped by the cache itself.
      const roll = random();
      const held = all.filter((who) => who.live);
      if (roll < 0.3 && held.length > 0) held[Math.floor(random() * held.length)]!.used = true;
      else if (roll < 0.4 && held.length > 0) {
        const who = held[Math.floor(random() * held.length)]!;
        put(ring, who, Buffer.alloc(1 + Math.floor(random() * 2000), i % 251));
      } else if (roll < 0.45 && held.length > 0) held[Math.floor(random() * held.length)]!.live = false;
      else {
        const who = owner(`o${i}`);
        all.push(who);
        // Some hold no bytes at all (a failure, whose heap the cache counts apart), some many.
        const bytes = Buffer.alloc(random() < 0.2 ? 0 : 1 + Math.floor(random() * 6000), i % 251);
        if (put(ring, who, bytes) === null) who.live = false;
      }
      assert.ok(ring.used <= capacity, `${ring.used} bytes used of ${capacity}`);
    }
    const held = all.filter((who) => who.live);
    assert.ok(held.length > 10, `${held.length} owners held`);
    for (const who of held) {
      who.slices.forEach((slice, i) => assert.ok(ring.read(slice).equals(who.bytes[i]!), `${who.name}'s slice ${i}`));
    }
  });

  it('starts again from nothing after clear, its memory kept', () => {
    const ring = new ByteRing<Owner>(1000, owners());
    put(ring, owner('a'), Buffer.alloc(400, 1));
    ring.clear();
    assert.equal(ring.used, 0);
    assert.equal(ring.next(), undefined);
    assert.ok(ring.fits(500));
    const b = owner('b');
    assert.ok(ring.read(put(ring, b, Buffer.alloc(500, 2))!).equals(Buffer.alloc(500, 2)));
  });
});
