import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { CompressedHead, negotiateCoding } from '../../src/edge/compression.js';
import { entityTag, ifNoneMatchMatches } from '../../src/edge/httpCaching.js';
import { AnswerContent } from '../../src/catalog/answerContent.js';
import { listHead, quotedTail, retrievedAtMember, withRetrievedAt } from '../../src/catalog/servedJson.js';

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

  it('closes its bytes with each tail; the responses of one millisecond share one buffer; quoted, it is the body as a JSON string', () => {
    const content = new AnswerContent(listHead(['{"name":"Évoli \\"quoted\\""}'], { limit: 50, offset: 0, total: 1, total_is_estimate: false, has_more: false }));
    const [one, two] = [new Date(1000), new Date(1001)];
    const body = content.withTail(retrievedAtMember(one));
    assert.equal(body.toString('utf8'), withRetrievedAt(content.head, one));
    assert.equal(content.withTail(retrievedAtMember(one)), body, 'the same millisecond: the same buffer');
    assert.equal(content.withTail(retrievedAtMember(two)).toString('utf8'), withRetrievedAt(content.head, two));
    assert.equal(body.toString('utf8'), withRetrievedAt(content.head, one), 'a buffer handed out is never written again');
    assert.equal(content.quoted + quotedTail(retrievedAtMember(two)), JSON.stringify(withRetrievedAt(content.head, two)));
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

describe('CompressedHead: a head compressed once, each response\'s tail stored after it', () => {
  const head = Buffer.from(JSON.stringify({ data: Array.from({ length: 200 }, (_, i) => ({ id: `en-base1-${i}`, name: `Pokémon ${i}` })) }).slice(0, -1));
  const tails = [',"retrieved_at":"2026-11-23T20:00:00.000Z"}', ',"retrieved_at":"2026-11-23T20:00:00.001Z"}', '}', 'x'.repeat(65535)];
  const decoders = { gzip: gunzipSync, br: brotliDecompressSync } as const;

  for (const coding of ['gzip', 'br'] as const) {
    it(`${coding}: every tail, the shortest and the longest a stored block holds, decodes to head and tail`, () => {
      const compressed = CompressedHead.of(head, coding);
      assert.ok(compressed.length < head.length / 3, `${compressed.length} bytes for ${head.length}`);
      for (const tail of tails) {
        const body = compressed.withTail(tail);
        assert.equal(decoders[coding](body).toString('utf8'), head.toString('utf8') + tail, `a tail of ${tail.length}`);
        assert.ok(body.subarray(0, compressed.length).equals(compressed.withTail(tails[0]!).subarray(0, compressed.length)),
          'the compressed head is the same bytes in every body');
      }
    });

    it(`${coding}: an empty head, and a tail too long for one stored block is refused`, () => {
      assert.equal(decoders[coding](CompressedHead.of(Buffer.alloc(0), coding).withTail('{}')).toString(), '{}');
      assert.throws(() => CompressedHead.of(head, coding).withTail('x'.repeat(65536)), RangeError);
    });
  }
});
