import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { CompressedBodies, negotiateCoding } from '../../src/edge/compression.js';
import { entityTag, ifNoneMatchMatches } from '../../src/edge/httpCaching.js';
import { AnswerContent } from '../../src/catalog/answerContent.js';
import { listHead, withRetrievedAt } from '../../src/catalog/servedJson.js';

describe('AnswerContent', () => {
  it('is tagged by its content alone, whatever retrieved_at each response adds, and its bytes are its head in UTF-8', () => {
    const pagination = { limit: 50, offset: 0, total: 1, total_is_estimate: false, has_more: false };
    const first = new AnswerContent(listHead(['{"name":"Évoli"}'], pagination));
    const again = new AnswerContent(listHead(['{"name":"Évoli"}'], pagination));
    assert.equal(first.tag, again.tag);
    assert.notEqual(withRetrievedAt(first.head, new Date(0)), withRetrievedAt(again.head, new Date(9123)));
    assert.notEqual(new AnswerContent(listHead(['{"name":"Eevee"}'], pagination)).tag, first.tag);
    assert.notEqual(new AnswerContent(listHead(['{"name":"Évoli"}'], { ...pagination, offset: 1 })).tag, first.tag);
    assert.match(first.tag, /^[A-Za-z0-9_-]{27}$/);
    assert.equal(first.bytes.toString('utf8'), first.head);
    assert.equal(first.bytes.length, Buffer.byteLength(first.head));
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

describe('negotiateCoding', () => {
  const cases: Array<[string | undefined, string]> = [
    [undefined, 'identity'], ['', 'identity'], ['identity', 'identity'], ['deflate', 'identity'],
    ['gzip', 'gzip'], ['x-gzip', 'gzip'], ['br', 'br'], ['gzip, deflate, br', 'br'], ['GZIP, BR', 'br'],
    ['br;q=0.5, gzip;q=0.8', 'gzip'], ['br;q=0.8, gzip;q=0.8', 'br'], ['*', 'br'], ['*;q=0', 'identity'],
    ['br;q=0, *', 'gzip'], ['gzip;q=0, br;q=0', 'identity'], ['gzip; q=0.1', 'gzip'],
  ];
  for (const [header, coding] of cases) {
    it(`${String(header)} → ${coding}`, () => assert.equal(negotiateCoding(header), coding));
  }
});

describe('CompressedBodies', () => {
  const text = JSON.stringify({ data: Array.from({ length: 200 }, (_, i) => ({ id: `en-base1-${i}`, name: `Card ${i}` })) });

  it('round-trips both codings and hands back the same buffer for the same body', () => {
    const bodies = new CompressedBodies();
    const br = bodies.get('k', text, 'br');
    assert.equal(brotliDecompressSync(br).toString('utf8'), text);
    assert.equal(gunzipSync(bodies.get('k', text, 'gzip')).toString('utf8'), text);
    assert.equal(bodies.get('k', text, 'br'), br);
    assert.equal(bodies.size.entries, 2);
  });

  it('stays within its bytes, dropping the least recently used first', () => {
    const one = new CompressedBodies().get('probe', text, 'gzip').length;
    const bodies = new CompressedBodies(one * 8);
    for (let i = 0; i < 8; i += 1) bodies.get(`k${i}`, text, 'gzip');
    const kept = bodies.get('k0', text, 'gzip');
    for (let i = 8; i < 20; i += 1) bodies.get(`k${i}`, text, 'gzip');
    assert.ok(bodies.size.bytes <= one * 8);
    assert.ok(bodies.size.entries <= 8);
    assert.notEqual(bodies.get('k0', text, 'gzip'), kept, 'k0 was dropped and compressed again');
  });
});
