import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, describe, it } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { SEED_CATALOG_DIR } from '../support/seedCatalog.js';
import { readOwnExport } from '../../src/importer/sources/ownExport.js';
import { startCatalogServer, type RunningServer } from '../support/catalogServer.js';
import { McpHarness } from '../support/mcpHarness.js';
import { onStore, STORE_KINDS } from '../support/stores.js';

interface RawResponse { status: number; headers: http.IncomingHttpHeaders; bytes: Buffer }

/** A GET as sent, the body as received: fetch would ask for and undo compression by itself. */
function rawGet(baseUrl: string, pathAndQuery: string, headers: Record<string, string>): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    http.get(baseUrl + pathAndQuery, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, bytes: Buffer.concat(chunks) }));
      response.on('error', reject);
    }).on('error', reject);
  });
}

const withoutRetrievedAt = (text: string) => {
  const { retrieved_at: retrievedAt, ...rest } = JSON.parse(text) as Record<string, unknown>;
  assert.match(String(retrievedAt), /^\d{4}-\d\d-\d\dT/);
  return rest;
};

const SET_PAGE = '/v1/cards?set=en-base1';
const STRONG_TAG = /^"[A-Za-z0-9_-]{27}"$/;

for (const store of STORE_KINDS) {
  describe(`HTTP caching of catalog answers (${store})`, await onStore(store), () => {
    let server: RunningServer;
    before(async () => { server = await startCatalogServer({ store }); });
    after(async () => { await server.close(); });
    const get = (pathAndQuery: string, headers: Record<string, string> = {}) =>
      rawGet(server.baseUrl, pathAndQuery, { authorization: `Bearer ${server.key}`, ...headers });

    it('a 200 has a strong ETag, private Cache-Control and Vary: Authorization, Accept-Encoding', async () => {
      for (const path of ['/v1/sets', '/v1/sets?id=en-base1', SET_PAGE, '/v1/cards?q=pikachu', '/v1/cards?id=en-base1-4',
        '/v1/cards?ids=en-base1-4,en-none-1', '/v1/cards?type=Lightning']) {
        const response = await get(path);
        assert.equal(response.status, 200, path);
        assert.match(String(response.headers.etag), STRONG_TAG, path);
        assert.equal(response.headers['cache-control'], 'private, max-age=300', path);
        assert.equal(response.headers.vary, 'Authorization, Accept-Encoding', path);
      }
    });

    it('the same request gets the same bytes and ETag, retrieved_at the catalog\'s; another query another one', async () => {
      const first = await get(SET_PAGE);
      await new Promise((resolve) => setTimeout(resolve, 5));
      const second = await get(SET_PAGE);
      assert.equal(JSON.parse(first.bytes.toString()).retrieved_at, await server.catalogStore.importedAt());
      assert.ok(first.bytes.equals(second.bytes), 'the same bytes');
      assert.notEqual(first.headers.date, undefined);
      assert.equal(first.headers.etag, second.headers.etag);
      const tags = new Set<string>();
      for (const path of [SET_PAGE, `${SET_PAGE}&limit=2`, `${SET_PAGE}&offset=1`, '/v1/cards?set=en-base2', '/v1/sets', '/v1/sets?lang=fr']) {
        tags.add(String((await get(path)).headers.etag));
      }
      assert.equal(tags.size, 6);
    });

    it('If-None-Match naming the ETag gets a 304 without a body, with the headers, counted against the key', async () => {
      const { headers } = await get(SET_PAGE);
      const etag = String(headers.etag);
      const usedBefore = Number(headers['x-ratelimit-used']);
      const notModified = await get(SET_PAGE, { 'if-none-match': etag });
      assert.equal(notModified.status, 304);
      assert.equal(notModified.bytes.length, 0);
      assert.equal(notModified.headers.etag, etag);
      assert.equal(notModified.headers['cache-control'], 'private, max-age=300');
      assert.equal(notModified.headers.vary, 'Authorization, Accept-Encoding');
      assert.equal(Number(notModified.headers['x-ratelimit-used']), usedBefore + 1);
      for (const name of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset']) {
        assert.ok(notModified.headers[name] !== undefined, name);
      }
    });

    it('If-None-Match is compared weakly, as a list, and * matches; another tag gets the 200', async () => {
      const etag = String((await get(SET_PAGE)).headers.etag);
      for (const header of [`W/${etag}`, `"other", ${etag}`, `"a",W/${etag} , "b"`, '*']) {
        assert.equal((await get(SET_PAGE, { 'if-none-match': header })).status, 304, header);
      }
      for (const header of ['"other"', etag.slice(0, -2) + '"', 'garbage']) {
        assert.equal((await get(SET_PAGE, { 'if-none-match': header })).status, 200, header);
      }
      const otherQuery = await get('/v1/cards?set=en-base2', { 'if-none-match': etag });
      assert.equal(otherQuery.status, 200);
    });

    it('errors carry no ETag and Cache-Control: no-store, even with If-None-Match: *', async () => {
      for (const [path, status] of [['/v1/cards?set=en-none', 404], ['/v1/cards?limit=0&set=en-base1', 400], ['/v1/cards', 400]] as const) {
        const response = await get(path, { 'if-none-match': '*' });
        assert.equal(response.status, status, path);
        assert.equal(response.headers.etag, undefined, path);
        assert.equal(response.headers['cache-control'], 'no-store', path);
      }
      const unkeyed = await rawGet(server.baseUrl, SET_PAGE, { 'if-none-match': '*' });
      assert.equal(unkeyed.status, 401);
      assert.equal(unkeyed.headers.etag, undefined);
      assert.equal(unkeyed.headers['cache-control'], 'no-store');
    });

    it('gzip and brotli round-trip a body of 1 KiB or more; the highest q, the client\'s order on a tie; q=0 refuses; the ETag names the coding', async () => {
      const identity = await get(SET_PAGE);
      assert.ok(identity.bytes.length >= 1024, `the set page is ${identity.bytes.length} bytes`);
      assert.equal(identity.headers['content-encoding'], undefined);
      const expected = withoutRetrievedAt(identity.bytes.toString('utf8'));
      const tag = String(identity.headers.etag).slice(1, -1);
      const cases: Array<[string, string | undefined, (bytes: Buffer) => Buffer]> = [
        ['gzip', 'gzip', gunzipSync],
        ['br', 'br', brotliDecompressSync],
        ['gzip, deflate, br', 'gzip', gunzipSync],
        ['br, gzip', 'br', brotliDecompressSync],
        ['br;q=0.5, gzip', 'gzip', gunzipSync],
        ['*', 'br', brotliDecompressSync],
        ['br;q=0, *', 'gzip', gunzipSync],
        ['br;q=0, gzip;q=0', undefined, (bytes) => bytes],
        ['deflate', undefined, (bytes) => bytes],
      ];
      for (const [accept, coding, decode] of cases) {
        const response = await get(SET_PAGE, { 'accept-encoding': accept });
        assert.equal(response.status, 200, accept);
        assert.equal(response.headers['content-encoding'], coding, accept);
        assert.equal(Number(response.headers['content-length']), response.bytes.length, accept);
        assert.equal(response.headers.etag, coding ? `"${tag}-${coding}"` : `"${tag}"`, accept);
        assert.deepEqual(withoutRetrievedAt(decode(response.bytes).toString('utf8')), expected, accept);
        if (coding) assert.ok(response.bytes.length < identity.bytes.length / 2, `${accept}: ${response.bytes.length} bytes`);
      }
      // A tag sent back with or without its coding revalidates whatever coding is asked now.
      for (const [sent, accept] of [[`"${tag}-br"`, 'gzip'], [`"${tag}"`, 'br'], [`W/"${tag}-gzip"`, 'identity']]) {
        const response = await get(SET_PAGE, { 'if-none-match': sent!, 'accept-encoding': accept! });
        assert.equal(response.status, 304, `${sent} ${accept}`);
        assert.equal(response.bytes.length, 0);
      }
    });

    it('a compressed answer is the same bytes in every response of one catalog retrieval', async () => {
      const identity = await get(SET_PAGE);
      for (const [coding, decode] of [['gzip', gunzipSync], ['br', brotliDecompressSync]] as const) {
        const first = await get(SET_PAGE, { 'accept-encoding': coding });
        await new Promise((resolve) => setTimeout(resolve, 5));
        const second = await get(SET_PAGE, { 'accept-encoding': coding });
        assert.ok(first.bytes.equals(second.bytes), `${coding}: the same bytes`);
        assert.ok(decode(first.bytes).equals(identity.bytes), `${coding}: the identity body, compressed`);
      }
    });

    it('a body under 1 KiB, or an error, is not compressed', async () => {
      for (const path of ['/v1/cards?legal=standard', '/v1/cards?set=en-none', '/v1/cards?limit=0&set=en-base1']) {
        const response = await get(path, { 'accept-encoding': 'gzip, br' });
        assert.ok(response.bytes.length < 1024, path);
        assert.equal(response.headers['content-encoding'], undefined, path);
        JSON.parse(response.bytes.toString('utf8'));
      }
    });

    it('an import changes every ETag (a new retrieved_at): the old ones then get a 200', async () => {
      const before = await get(SET_PAGE);
      const untouched = await get('/v1/cards?set=en-base2');
      const { catalog } = await readOwnExport(SEED_CATALOG_DIR);
      const renamed = catalog.cards.map((card) => card.id === 'en-base1-4' ? { ...card, name: 'Charizard (reprinted)' } : card);
      try {
        await server.catalogStore.replaceCatalog({ sets: catalog.sets, cards: renamed });
        const after = await get(SET_PAGE, { 'if-none-match': String(before.headers.etag) });
        assert.equal(after.status, 200);
        assert.notEqual(after.headers.etag, before.headers.etag);
        assert.match(after.bytes.toString('utf8'), /Charizard \(reprinted\)/);
        assert.equal((await get(SET_PAGE, { 'if-none-match': String(after.headers.etag) })).status, 304);
        // An answer whose data the import left as it was is of another retrieval all the same.
        const again = await get('/v1/cards?set=en-base2', { 'if-none-match': String(untouched.headers.etag) });
        assert.equal(again.status, 200);
        assert.equal(JSON.parse(again.bytes.toString()).retrieved_at, await server.catalogStore.importedAt());
      } finally {
        await server.catalogStore.replaceCatalog(catalog);
      }
      assert.equal((await get(SET_PAGE, { 'if-none-match': String(before.headers.etag) })).status, 200);
    });

    it('browsers may read the ETag (CORS)', async () => {
      const response = await get(SET_PAGE, { origin: 'https://example.org' });
      assert.match(String(response.headers['access-control-expose-headers']), /\bETag\b/);
      const preflight = await fetch(`${server.baseUrl}${SET_PAGE}`, {
        method: 'OPTIONS',
        headers: { origin: 'https://example.org', 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization,if-none-match' },
      });
      assert.equal(preflight.status, 204);
      assert.match(preflight.headers.get('access-control-allow-headers') ?? '', /If-None-Match/);
    });
  });
}

describe('MCP answers are compressed but not cached', () => {
  let harness: McpHarness;
  before(async () => { harness = await McpHarness.start(); });
  after(async () => { await harness.close(); });

  it('an MCP answer carries no ETag or Cache-Control of the catalog; it is compressed (docs/mcp.md), which test/mcp/compression.test.ts pins', async () => {
    const response = await harness.post({
      jsonrpc: '2.0', id: 1, method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'test', version: '1' } },
    }, { 'accept-encoding': 'br, gzip', 'if-none-match': '*' });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('etag'), null);
    assert.equal(response.headers.get('content-encoding'), 'br');
    assert.notEqual(response.headers.get('cache-control'), 'private, max-age=300');
  });
});
