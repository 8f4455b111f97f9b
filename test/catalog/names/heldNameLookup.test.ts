import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CatalogViews } from '../../../src/catalog/catalogViews.js';
import { HeldNameLookup } from '../../../src/catalog/names/heldNameLookup.js';
import type { NameSpellings } from '../../../src/catalog/names/nameLookup.js';

/** A backend whose catalog version the test sets, counting the reads of its names. */
function backend() {
  const state = { version: 'v1', reads: 0, versionReads: 0, failNext: false };
  return {
    state,
    catalogVersion: async () => {
      state.versionReads += 1;
      return state.version;
    },
    nameSpellings: async (): Promise<NameSpellings> => {
      state.reads += 1;
      if (state.failNext) {
        state.failNext = false;
        throw new Error('the database does not answer');
      }
      return { version: state.version, rows: [['en', `name${state.version}`, `Name ${state.version}`, 1, `en-a-${state.version}`]] };
    },
  };
}

describe('HeldNameLookup', () => {
  it('reads the names once per catalog version, shared by concurrent callers, and again once the views are emptied', async () => {
    const fake = backend();
    const views = new CatalogViews();
    const held = new HeldNameLookup(fake, views);
    const [a, b] = await Promise.all([held.current(), held.current()]);
    assert.equal(a, b);
    assert.equal(fake.state.reads, 1);
    assert.equal(await held.current(), a, 'kept while the version is the same');
    fake.state.version = 'v2';
    assert.equal(await held.current(), a, 'kept until the watcher or a read says the catalog changed');
    views.drop();
    const after = await held.current();
    assert.deepEqual([after.version, after.names[0], fake.state.reads, fake.state.versionReads], ['v2', 'Name v2', 2, 0]);
  });

  it('a lookup read while the catalog changed is given but not kept, and a replaced version changes nothing', async () => {
    const fake = backend();
    const views = new CatalogViews();
    const held = new HeldNameLookup(fake, views);
    const reading = held.current();
    views.drop();
    assert.equal((await reading).version, 'v1');
    const kept = await held.current();
    assert.equal(fake.state.reads, 2, 'read again after the drop');
    fake.state.version = 'v2';
    assert.equal((await held.current('v2')).version, 'v2', 'a newer version drops it');
    assert.equal(views.saw('v1'), false, 'v1 is replaced');
    assert.notEqual(await held.current('v1'), kept);
    assert.equal(fake.state.reads, 3, 'an answer built for a replaced version gets the lookup held');
  });

  it('a use naming the version it builds for gets the lookup held for it without reading the version', async () => {
    const fake = backend();
    const held = new HeldNameLookup(fake, new CatalogViews());
    const first = await held.current('v1');
    assert.equal(await held.current('v1'), first);
    assert.deepEqual([fake.state.reads, fake.state.versionReads], [1, 0]);
    // Another instance imported: answers still built for v1 (kept under v1, dropped with it) use v1's
    // lookup; those built for v2 read the names again.
    fake.state.version = 'v2';
    assert.equal(await held.current('v1'), first);
    assert.equal((await held.current('v2')).version, 'v2');
    assert.equal(fake.state.reads, 2);
  });

  it('does not keep a read that failed: the next lookup reads again', async () => {
    const fake = backend();
    const held = new HeldNameLookup(fake, new CatalogViews());
    fake.state.failNext = true;
    await assert.rejects(held.current(), /does not answer/);
    assert.equal((await held.current()).version, 'v1');
    assert.equal(fake.state.reads, 2);
  });
});
