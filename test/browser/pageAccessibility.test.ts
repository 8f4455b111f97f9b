import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { needsChromium } from '../support/browser.js';
import { checkAccessible, openPagesInChromium, type PagesInChromium } from '../support/catalogPages.js';
import { startCatalogServer } from '../support/catalogServer.js';
import { needsSharedDump } from '../support/shared.js';
import { REAL_TCG_LIVE_LIST } from '../support/realDeckList.js';

/** The catalog's pages as axe-core and a phone see them, and their limit per address (catalogPages.test.ts: what they show). */
describe('the catalog\'s pages for everyone, on the full catalog', { skip: needsSharedDump().skip || needsChromium().skip }, () => {
  let pages: PagesInChromium;

  before(async () => {
    pages = await openPagesInChromium();
  });
  after(async () => {
    await pages?.close();
  });

  it('the card page passes axe-core at desktop and phone widths', async () => {
    await checkAccessible(pages, '/cards/en-base1-4', 'card');
    await checkAccessible(pages, '/cards/en-sv01-196', 'card-reprint');
  });

  it('the search page passes axe-core at desktop and phone widths', async () => {
    await checkAccessible(pages, '/search?q=pikachu&lang=en', 'search');
    await checkAccessible(pages, '/search?q=pikachuu', 'search-did-you-mean');
    await checkAccessible(pages, `/search?q=${encodeURIComponent('types:fire hp:[100 TO *]')}`, 'search-query');
    await checkAccessible(pages, `/search?q=${encodeURIComponent('types:fire hp:')}`, 'search-query-error');
  });

  it('the query syntax page passes axe-core at desktop and phone widths', async () => {
    await checkAccessible(pages, '/search/syntax', 'search-syntax');
  });

  it('the set page passes axe-core at desktop and phone widths', async () => {
    await checkAccessible(pages, '/sets/en-base1', 'set');
  });

  it('the deck page passes axe-core at desktop and phone widths', async () => {
    await checkAccessible(pages, `/decks?format=standard&list=${encodeURIComponent(`${REAL_TCG_LIVE_LIST}\n1 Pikachu XYZ 999`)}`, 'deck');
  });

  it('the pages are limited per address as requests without a key are; a key still reaches the API', async () => {
    const limited = await startCatalogServer({ catalogFile: pages.file, unkeyedRequestsPerMinute: 4 });
    try {
      const statuses: number[] = [];
      for (const url of ['/cards/en-base1-4', '/search?q=pikachu', '/sets/en-base1', '/decks', '/cards/en-base1-2']) {
        const response = await fetch(limited.baseUrl + url);
        statuses.push(response.status);
        if (response.status === 429) {
          assert.ok(Number(response.headers.get('retry-after')) >= 1);
          assert.equal(response.headers.get('content-type'), 'text/html; charset=utf-8', 'a person reads the refusal as a page');
          assert.match(await response.text(), /role="alert">too many requests without a valid API key from this address \(at most 4 a minute\)/);
        } else await response.arrayBuffer();
      }
      assert.deepEqual(statuses, [200, 200, 200, 200, 429]);
      // The API's refusal stays JSON; a key still reaches the API.
      const api = await fetch(`${limited.baseUrl}/v1/cards?id=en-base1-4`);
      assert.equal(api.status, 429);
      assert.match(((await api.json()) as { error: string }).error, /^too many requests without a valid API key/);
      assert.equal((await limited.get('/v1/cards?id=en-base1-4')).status, 200);
    } finally {
      await limited.close();
    }
  });

  it('no page threw', () => {
    assert.deepEqual(pages.pageErrors, []);
  });
});
