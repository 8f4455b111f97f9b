import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CatalogChanged, CatalogViews } from '../../src/catalog/catalogViews.js';

/** A view's read of the catalog at the version the test sets, counted. */
function catalog() {
  const state = { version: 'v1', reads: 0 };
  return { state, read: async () => ({ version: state.version, read: ++state.reads }) };
}

describe('CatalogViews, the one place that empties what a process keeps of the catalog', () => {
  it('empties every view at once on a version never reported, and nothing on the same or a replaced one', () => {
    const views = new CatalogViews();
    const emptied: string[] = [];
    views.onDrop(() => emptied.push('index'));
    views.onDrop(() => emptied.push('answers'), true);
    assert.equal(views.saw('v1'), true, 'the first version is the catalog');
    assert.deepEqual(emptied, [], 'and replaces nothing');
    assert.equal(views.saw('v1'), true);
    assert.equal(views.saw('v2'), true);
    assert.deepEqual(emptied, ['index', 'answers']);
    assert.equal(views.saw('v1'), false, 'a replaced version is never the catalog again (a read begun before the import)');
    assert.deepEqual(emptied, ['index', 'answers'], 'and empties nothing');
  });

  it('a new retrieval of the same version empties only what carries the retrieval time', () => {
    const views = new CatalogViews();
    const emptied: string[] = [];
    views.onDrop(() => emptied.push('index'));
    views.onDrop(() => emptied.push('pages'), true);
    const [epoch, generation] = [views.epoch, views.generation];
    views.retrieved();
    assert.deepEqual(emptied, ['pages']);
    assert.deepEqual([views.epoch - epoch, views.generation - generation], [1, 0]);
  });

  it('builds a kept view once for concurrent callers and keeps it until a drop', async () => {
    const views = new CatalogViews();
    const { state, read } = catalog();
    const view = views.kept(read);
    const [a, b] = await Promise.all([view.get(), view.get()]);
    assert.equal(a, b);
    assert.equal(await view.get(), a);
    assert.equal(state.reads, 1);
    state.version = 'v2';
    assert.equal(await view.get(), a, 'no version check of its own');
    views.drop();
    assert.deepEqual(await view.get(), { version: 'v2', read: 2 });
  });

  it('gives a read that a drop came during to its callers, but does not keep it', async () => {
    const views = new CatalogViews();
    const { state, read } = catalog();
    const view = views.kept(read);
    const during = view.get();
    views.drop();
    assert.equal((await during).read, 1);
    assert.equal((await view.get()).read, 2);
    assert.equal((await view.get()).read, 2);
    assert.equal(state.reads, 2);
  });

  it('a view read at a new version empties the others, built from the catalog it replaced', async () => {
    const views = new CatalogViews();
    const { state, read } = catalog();
    const first = views.kept(read);
    const second = views.kept(read);
    await first.get();
    state.version = 'v2';
    assert.equal((await second.get()).version, 'v2');
    assert.equal((await first.get()).version, 'v2', 'read again');
    assert.equal((await second.get()).read, 2, 'the view that saw v2 keeps what it read');
  });

  it('reads once more, every view emptied, when a read found the catalog changed under it; a second change fails it', async () => {
    const views = new CatalogViews();
    views.saw('v1');
    let emptied = 0;
    views.onDrop(() => { emptied += 1; });
    let attempts = 0;
    const answer = await views.afresh(async () => {
      attempts += 1;
      if (attempts === 1) throw new CatalogChanged('v2');
      return 'of v2';
    });
    assert.deepEqual([answer, attempts, emptied], ['of v2', 2, 1]);
    await assert.rejects(views.afresh(async () => { throw new CatalogChanged(); }), CatalogChanged);
    await assert.rejects(views.afresh(async () => { throw new Error('the database does not answer'); }), /does not answer/);
    assert.equal(emptied, 2, 'only a changed catalog empties the views');
  });
});
