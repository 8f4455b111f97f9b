import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { CompressedBodies, negotiateCoding } from '../../src/edge/compression.js';
import { catalogTag, entityTag, ifNoneMatchMatches } from '../../src/edge/httpCaching.js';

const body = (data: string, at: string) => `{"data":${data},"pagination":{"limit":50},"retrieved_at":"${at}"}`;

describe('catalogTag', () => {
  it('is the same whatever retrieved_at holds, and differs with the content or the catalog version', () => {
    const first = catalogTag(body('[1]', '2026-01-01T00:00:00.000Z'));
    const later = catalogTag(body('[1]', '2026-01-01T00:00:09.123Z'));
    assert.equal(first.tag, later.tag);
    assert.notEqual(first.exactBody, later.exactBody);
    assert.notEqual(catalogTag(body('[2]', '2026-01-01T00:00:00.000Z')).tag, first.tag);
    assert.notEqual(catalogTag(body('[1]', '2026-01-01T00:00:00.000Z'), 'v2').tag, first.tag);
    assert.match(first.tag, /^[A-Za-z0-9_-]{27}$/);
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
