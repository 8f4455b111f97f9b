import { validate } from '@readme/openapi-parser';
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { fetchJson, rateLimitOf } from '../support/http.js';
import { startServer, type TestServer } from '../support/server.js';

/** A parsed JSON document, walked freely by the assertions. */
type Json = Record<string, any>;
const RATE_LIMIT = ['X-RateLimit-Limit', 'X-RateLimit-Used', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'];
const CACHING = ['ETag', 'Cache-Control', 'Vary'];

describe('OpenAPI document: keys, security and rate-limit headers', () => {
  let server: TestServer;
  let doc: Json;

  before(async () => {
    server = await startServer();
    const { response, body } = await fetchJson(`${server.baseUrl}/openapi.json`);
    assert.equal(response.status, 200);
    assert.equal(rateLimitOf(response).limit, 1000);
    doc = body as Json;
  });
  after(async () => server.close());

  const operations = () => Object.entries(doc.paths as Json).flatMap(([path, item]) =>
    Object.entries(item as Json).map(([method, operation]) => ({ path, method, operation: operation as Json })));

  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await validate(structuredClone(doc) as never);
    assert.ok(result.valid, JSON.stringify('errors' in result ? result.errors : result));
  });

  it('declares the bearer scheme; every /v1 read operation requires it and createKey requires nothing', () => {
    assert.deepEqual(doc.components.securitySchemes.bearerAuth.type, 'http');
    assert.deepEqual(doc.components.securitySchemes.bearerAuth.scheme, 'bearer');
    const reads = operations().filter(({ path, method }) => path.startsWith('/v1/') && method === 'get');
    const statuses: Record<string, string[]> = {
      getCards: ['200', '400', '401', '404', '429'],
      listSets: ['200', '400', '401', '404', '429'],
      getNamedCard: ['200', '400', '401', '404', '429'],
      // Autocomplete finds nothing rather than not finding: an empty list, never a 404.
      autocompleteCardNames: ['200', '400', '401', '429'],
      listChanges: ['200', '400', '401', '410', '429'],
      listBulkFiles: ['200', '401', '429'],
      getBulkFile: ['200', '206', '400', '401', '404', '416', '429'],
    };
    assert.deepEqual(reads.map(({ operation }) => operation.operationId).sort(), Object.keys(statuses).sort());
    for (const { operation } of reads) {
      assert.deepEqual(operation.security, [{ bearerAuth: [] }], operation.operationId);
      for (const status of statuses[operation.operationId]!) assert.ok(operation.responses[status], `${operation.operationId} ${status}`);
    }
    const createKey = doc.paths['/v1/keys'].post;
    assert.equal(createKey.operationId, 'createKey');
    assert.deepEqual(createKey.security, []);
    assert.deepEqual(Object.keys(createKey.responses).sort(), ['201', '400', '409', '413', '429']);
    const body = createKey.requestBody.content['application/json'].schema;
    assert.deepEqual(body.required, ['email']);
    assert.equal(body.properties.email.format, 'email');
    assert.equal(body.properties.source.maxLength, 200);
    assert.deepEqual(createKey.responses['201'].content['application/json'].schema.required,
      ['key', 'tier', 'monthly_limit', 'try_it']);
  });

  it('documents the request id and the rate-limit headers on every response of every operation, Retry-After on every 429, '
    + 'and ETag, Cache-Control and Vary on the 200 and 304 of the catalog reads', () => {
    assert.deepEqual(operations().filter(({ operation }) => '304' in operation.responses).map(({ operation }) => operation.operationId).sort(),
      ['autocompleteCardNames', 'getBulkFile', 'getCards', 'getNamedCard', 'listBulkFiles', 'listChanges', 'listSets',
        'ptcgGetCard', 'ptcgGetSet', 'ptcgRarities', 'ptcgSearchCards', 'ptcgSearchSets', 'ptcgSubtypes', 'ptcgSupertypes', 'ptcgTypes']);
    for (const name of [...RATE_LIMIT, 'Retry-After']) {
      assert.equal(doc.components.headers[name].schema.type, 'integer', name);
    }
    assert.deepEqual(doc.components.headers['X-Request-Id'].schema, { type: 'string', minLength: 1, maxLength: 128 });
    let responses = 0;
    for (const { path, method, operation } of operations()) {
      for (const [status, response] of Object.entries(operation.responses as Json)) {
        responses += 1;
        const headers = Object.keys((response as Json).headers ?? {});
        const expected = ['X-Request-Id', ...RATE_LIMIT, ...(status === '429' ? ['Retry-After'] : [])];
        // The catalog reads' 200 and 304 also carry their caching headers.
        if ('304' in operation.responses && (status === '200' || status === '304')) expected.push(...CACHING);
        assert.deepEqual(headers.sort(), [...expected].sort(), `${method} ${path} ${status}`);
      }
    }
    assert.ok(responses >= 15);
  });
});
