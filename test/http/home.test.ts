import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { CatalogStore } from '../../src/catalog/catalogStore.js';
import { StoreUnavailableError } from '../../src/storeUnavailable.js';
import { startServer, TEST_PUBLIC_BASE_URL, type TestServer } from '../support/server.js';

const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';
const html = { accept: BROWSER_ACCEPT };

describe('GET / and GET /docs: the home page', () => {
  let server: TestServer;
  before(async () => { server = await startServer(); });
  after(async () => { await server.close(); });

  it('a browser gets the HTML page, the same at / and /docs, with the store\'s figures and rate-limit headers', async () => {
    const home = await fetch(`${server.baseUrl}/`, { headers: html });
    const docs = await fetch(`${server.baseUrl}/docs`, { headers: html });
    assert.equal(home.status, 200);
    assert.equal(home.headers.get('content-type'), 'text/html; charset=utf-8');
    assert.equal(home.headers.get('vary'), 'Accept');
    assert.equal(home.headers.get('x-ratelimit-limit'), '1000');
    const page = await home.text();
    assert.equal(await docs.text(), page);
    const summary = await server.catalogStore.summary();
    assert.ok(page.includes(`<dd id="count-cards">${summary.cards.toLocaleString('en-US')}</dd>`));
    assert.ok(page.includes(`<dd id="count-sets">${summary.sets}</dd>`));
    assert.ok(page.includes(`<dd id="count-languages">${summary.languages.length}</dd>`));
    assert.ok(page.includes(`<code id="catalog-version">${summary.version}</code>`));
    assert.ok(page.includes(`datetime="${summary.importedAt}"`));
    assert.ok(page.includes('1,000 requests per calendar month'));
    assert.ok(page.includes(`${TEST_PUBLIC_BASE_URL}/mcp`));
    assert.match(page, /TCGdex<\/a>, under the MIT licence/);
  });

  it('every script and stylesheet of the page is served by the service itself, and none is inline', async () => {
    const page = await (await fetch(`${server.baseUrl}/`, { headers: html })).text();
    const assets = [...page.matchAll(/<(?:script src|link rel="(?:stylesheet|icon)" href)="([^"]+)"/g)].map((m) => m[1]!);
    assert.equal(assets.length, 5);
    for (const asset of assets) {
      assert.match(asset, /^\/docs\//, 'a path on this server');
      const response = await fetch(server.baseUrl + asset);
      assert.equal(response.status, 200, asset);
      assert.match(response.headers.get('content-type') ?? '', /^(application\/javascript|text\/css|image\/svg\+xml)/, asset);
      assert.equal(response.headers.get('x-content-type-options'), 'nosniff', asset);
      // Read to the end: a body left unread holds its connection, and closing the server waited for it (20 s).
      assert.ok((await response.arrayBuffer()).byteLength > 0, asset);
    }
    assert.doesNotMatch(page, /<script>|<script [^>]*>[^<]|<style|style="| on[a-z]+="/);
  });

  for (const accept of ['application/json', '*/*', 'text/plain', undefined]) {
    it(`a client asking for ${accept ?? 'nothing in particular'} gets the JSON index`, async () => {
      const response = await fetch(`${server.baseUrl}/`, { headers: accept === undefined ? {} : { accept } });
      assert.equal(response.status, 200);
      assert.equal(response.headers.get('content-type'), 'application/json; charset=utf-8');
      assert.equal(response.headers.get('access-control-allow-origin'), '*');
      const index = await response.json() as { links: Record<string, string> };
      assert.deepEqual(index.links, {
        docs: `${TEST_PUBLIC_BASE_URL}/docs`, openapi: `${TEST_PUBLIC_BASE_URL}/openapi.json`,
        sets: `${TEST_PUBLIC_BASE_URL}/v1/sets`, cards: `${TEST_PUBLIC_BASE_URL}/v1/cards`,
        keys: `${TEST_PUBLIC_BASE_URL}/v1/keys`, mcp: `${TEST_PUBLIC_BASE_URL}/mcp`, health: `${TEST_PUBLIC_BASE_URL}/healthz`,
        search: `${TEST_PUBLIC_BASE_URL}/search`, decks: `${TEST_PUBLIC_BASE_URL}/decks`,
      });
    });
  }

  it('GET /docs answers JSON too when JSON is asked for; other methods are 405; other paths still 404', async () => {
    const docs = await fetch(`${server.baseUrl}/docs`, { headers: { accept: 'application/json' } });
    assert.equal(docs.headers.get('content-type'), 'application/json; charset=utf-8');
    await docs.arrayBuffer();
    const post = await fetch(`${server.baseUrl}/`, { method: 'POST' });
    assert.equal(post.status, 405);
    await post.arrayBuffer();
    assert.equal(post.headers.get('allow'), 'GET, HEAD, OPTIONS');
    const missing = await fetch(`${server.baseUrl}/docs/nope`);
    assert.equal(missing.status, 404);
    assert.deepEqual(await missing.json(), { error: 'no such path: GET /docs/nope; see /openapi.json', code: 'unknown_path' });
  });

  it('Swagger UI\'s own page sends browsers to the one reference page, /docs', async () => {
    for (const path of ['/docs/reference', '/docs/reference/', '/docs/reference/static/index.html']) {
      const response = await fetch(server.baseUrl + path, { headers: html });
      assert.equal(response.status, 200, path);
      assert.equal(response.url, `${server.baseUrl}/docs`, path);
      await response.arrayBuffer();
    }
  });

  it('the page and its paths stay out of the OpenAPI document', async () => {
    const document = await (await fetch(`${server.baseUrl}/openapi.json`)).json() as { paths: Record<string, unknown> };
    assert.deepEqual(Object.keys(document.paths).filter((path) => path === '/' || path.startsWith('/docs')), []);
  });
});

describe('the home page while the store does not answer', () => {
  let server: TestServer;
  before(async () => {
    const unavailable = (store: CatalogStore): CatalogStore => Object.assign(Object.create(store) as CatalogStore, {
      summary: async () => { throw new StoreUnavailableError(new Error('connection refused')); },
    });
    server = await startServer({ wrapCatalog: unavailable });
  });
  after(async () => { await server.close(); });

  it('still serves the page, with the sign-up and the reference, and says the figures cannot be read', async () => {
    const response = await fetch(`${server.baseUrl}/`, { headers: html });
    assert.equal(response.status, 200);
    const page = await response.text();
    assert.match(page, /figures cannot be read right now/);
    assert.match(page, /<form id="key-form"/);
    assert.match(page, /<div id="swagger-ui"><\/div>/);
  });
});
