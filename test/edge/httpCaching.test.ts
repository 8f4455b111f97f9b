import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import accepts from '@fastify/accepts';
import Fastify, { type FastifyInstance } from 'fastify';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { compress, negotiateCoding } from '../../src/edge/compression.js';
import { contentTag, entityTag, ifNoneMatchMatches } from '../../src/edge/httpCaching.js';
import { Answer } from '../../src/catalog/answers/answer.js';
import { listBody } from '../../src/catalog/rows/servedJson.js';

describe('contentTag', () => {
  it('tags a body by its bytes: the same answer of the same retrieval, the same tag', () => {
    const pagination = { limit: 50, offset: 0, total: 1, total_is_estimate: false, has_more: false };
    const body = (items: string[], at: string, paging = pagination) => Answer.ofJson(listBody(items, paging, at)).bytes;
    const first = contentTag(body(['{"name":"Évoli"}'], '2026-11-23T20:00:00.000Z'));
    assert.equal(contentTag(body(['{"name":"Évoli"}'], '2026-11-23T20:00:00.000Z')), first);
    assert.notEqual(contentTag(body(['{"name":"Évoli"}'], '2026-11-24T20:00:00.000Z')), first, 'another retrieval');
    assert.notEqual(contentTag(body(['{"name":"Eevee"}'], '2026-11-23T20:00:00.000Z')), first);
    assert.notEqual(contentTag(body(['{"name":"Évoli"}'], '2026-11-23T20:00:00.000Z', { ...pagination, offset: 1 })), first);
    assert.match(first, /^[A-Za-z0-9_-]{27}$/);
  });
});

describe('entityTag and ifNoneMatchMatches', () => {
  it('tags each coding apart and revalidates any of them', () => {
    assert.equal(entityTag('abc', 'identity'), '"abc"');
    assert.equal(entityTag('abc', 'br'), '"abc-br"');
    for (const header of ['"abc"', 'W/"abc"', '"abc-gzip"', 'W/"abc-br"', '"x", "abc"', '*', ' "x" ,*']) {
      assert.equal(ifNoneMatchMatches(header, 'abc'), true, header);
    }
    for (const header of [undefined, '', '"ab"', 'abc', '"abc-deflate"', 'W/abc', '"', '"x", "y"']) {
      assert.equal(ifNoneMatchMatches(header, 'abc'), false, String(header));
    }
  });
});

describe('negotiateCoding (@fastify/accepts)', () => {
  // The header, the coding among br and gzip, and the coding when gzip alone is offered (the bulk files).
  const cases: Array<[string | undefined, string, string]> = [
    [undefined, 'identity', 'identity'], ['', 'identity', 'identity'], ['identity', 'identity', 'identity'],
    ['deflate', 'identity', 'identity'], ['gzip', 'gzip', 'gzip'], ['br', 'br', 'identity'],
    ['gzip, deflate, br', 'gzip', 'gzip'], ['br, gzip', 'br', 'gzip'], ['GZIP, BR', 'gzip', 'gzip'],
    ['br;q=0.5, gzip;q=0.8', 'gzip', 'gzip'], ['br;q=0.8, gzip;q=0.8', 'br', 'gzip'], ['*', 'br', 'gzip'],
    ['*;q=0', 'identity', 'identity'], ['br;q=0, *', 'gzip', 'gzip'], ['gzip;q=0, br;q=0', 'identity', 'identity'],
    ['gzip; q=0.1', 'gzip', 'gzip'],
  ];
  let app: FastifyInstance;
  before(async () => {
    app = Fastify();
    await app.register(accepts);
    app.get('/', (request) => ({ coding: negotiateCoding(request), gzipOnly: negotiateCoding(request, ['gzip']) }));
  });
  after(() => app.close());
  for (const [header, coding, gzipOnly] of cases) {
    it(`${String(header)} → ${coding} (${gzipOnly} of gzip alone)`, async () => {
      const response = await app.inject({ url: '/', headers: header === undefined ? {} : { 'accept-encoding': header } });
      assert.deepEqual(response.json(), { coding, gzipOnly });
    });
  }
});


describe('compress', () => {
  const body = Buffer.from(JSON.stringify({ data: Array.from({ length: 200 }, (_, i) => ({ id: `en-base1-${i}`, name: `Pokémon ${i}` })) }));
  const decoders = { gzip: gunzipSync, br: brotliDecompressSync } as const;

  for (const coding of ['gzip', 'br'] as const) {
    it(`${coding}: decodes to the body, in well under a third of its size`, () => {
      const compressed = compress(body, coding);
      assert.ok(compressed.length < body.length / 3, `${compressed.length} bytes for ${body.length}`);
      assert.ok(decoders[coding](compressed).equals(body));
      assert.equal(decoders[coding](compress(Buffer.alloc(0), coding)).length, 0);
    });
  }
});
