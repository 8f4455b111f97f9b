import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Answer } from '../../../src/catalog/answers/answer.js';

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

  it('keeps each form once kept by the cache, and tells the cache of each form it keeps', () => {
    const answer = Answer.ofJson('{"data":[]}');
    const told: number[] = [];
    answer.keptBy((form) => told.push(form.length));
    let made = 0;
    const upper = () => {
      made += 1;
      return Buffer.from(answer.json.toUpperCase());
    };
    const form = answer.form('upper', upper);
    assert.equal(answer.form('upper', upper), form, 'the form kept');
    assert.equal(form.toString(), '{"DATA":[]}');
    assert.equal(answer.form('tag', () => Buffer.from('abc')).toString(), 'abc');
    assert.deepEqual([made, told, answer.formBytes], [1, [11, 3], 14]);
  });

  it('makes a form each time while nothing holds it: an answer not kept is sent once', () => {
    const answer = Answer.ofJson('{"data":[]}');
    let made = 0;
    const upper = () => {
      made += 1;
      return Buffer.from(answer.json.toUpperCase());
    };
    assert.equal(answer.form('upper', upper).toString(), '{"DATA":[]}');
    assert.equal(answer.form('upper', upper).toString(), '{"DATA":[]}');
    assert.equal(made, 2, 'made for each use');
  });
});
