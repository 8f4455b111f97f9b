import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Answer, BUFFER_OVERHEAD } from '../../src/catalog/answer.js';

describe('Answer', () => {
  it('holds its JSON as UTF-8 bytes of their own, not a view of a shared slab', () => {
    const json = '{"data":{"name":"Évoli"},"retrieved_at":"2026-11-23T20:00:00.000Z"}';
    const answer = Answer.ofJson(json);
    assert.equal(answer.json, json);
    assert.equal(answer.bytes.length, Buffer.byteLength(json));
    assert.equal(answer.bytes.buffer.byteLength, answer.bytes.length);
  });

  it('joins a text given in parts, bytes spliced as they are, into bytes of its own', () => {
    const card = Buffer.from('{"name":"Énergie Psy","id":"fr-sve-005"}');
    const answer = Answer.ofParts(['{"data":[', card, ',', card, '],"note":"½ → ✓"}']);
    const json = `{"data":[${card.toString()},${card.toString()}],"note":"½ → ✓"}`;
    assert.equal(answer.json, json);
    assert.deepEqual(answer.bytes, Answer.ofJson(json).bytes);
    assert.equal(answer.bytes.buffer.byteLength, answer.bytes.length);
  });

  it('makes each form once, on first use, and tells what holds it what the form adds', () => {
    const answer = Answer.ofJson('{"data":[]}');
    const grew: number[] = [];
    answer.heldBy({ formMade: (made, key, more) => {
      assert.equal(made, answer);
      assert.equal(key, 'card en-base1-4');
      grew.push(more);
    } }, 'card en-base1-4');
    const before = answer.weight;
    let made = 0;
    const upper = () => {
      made += 1;
      return Buffer.from(answer.json.toUpperCase());
    };
    const form = answer.form('upper', upper);
    assert.equal(answer.form('upper', upper), form, 'the same buffer again');
    assert.equal(made, 1);
    assert.equal(form.toString(), '{"DATA":[]}');
    assert.equal(grew.length, 1);
    assert.ok(grew[0]! >= BUFFER_OVERHEAD + form.length, 'the form, and the list of forms it opened');
    assert.equal(answer.weight, before + grew[0]!);
    assert.equal(answer.form('tag', () => 'abc'), 'abc');
    assert.equal(grew.length, 2);
  });

  it('copies a form that is a view of a larger buffer, so keeping it keeps only its bytes', () => {
    const answer = Answer.ofJson('{}');
    answer.heldBy({ formMade: () => undefined }, 'card en-base1-4');
    const large = Buffer.alloc(16 * 1024, 1);
    const form = answer.form('slice', () => large.subarray(0, 10));
    assert.equal(form.length, 10);
    assert.equal(form.buffer.byteLength, 10);
    assert.ok(form.equals(large.subarray(0, 10)));
  });

  it('keeps no form while nothing holds it: an answer not kept is sent once', () => {
    const answer = Answer.ofJson('{"data":[]}');
    const before = answer.weight;
    let made = 0;
    const upper = () => {
      made += 1;
      return Buffer.from(answer.json.toUpperCase());
    };
    assert.equal(answer.form('upper', upper).toString(), '{"DATA":[]}');
    assert.equal(answer.form('upper', upper).toString(), '{"DATA":[]}');
    assert.deepEqual([made, answer.weight], [2, before], 'made for each use, nothing kept');
  });
});
