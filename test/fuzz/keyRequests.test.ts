import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { dayOf, normalizeAddress } from '../../src/access/dailyKeyAllowance.js';
import { NOT_JSON } from '../../src/routes/keys.js';
import { rawRequest, wtf8 } from '../support/rawHttp.js';
import { startServer, type TestServer } from '../support/server.js';
import { onStore, STORE_KINDS } from '../support/stores.js';
import { assertContractAnswer, errorMessage, isHttpLevel, namesParameter } from './contract.js';
import { fuzz } from './fuzzRun.js';
import { hostileJson, hostileText } from './hostileInput.js';

/** The sentences of a body refused as a whole rather than for one field. */
const BODY_SENTENCES = [NOT_JSON, 'the request body must be valid JSON', 'the request body must be a JSON object'];

/** A key request's body, as bytes: JSON of any shape, not JSON, huge, deeply nested. */
const body: fc.Arbitrary<Buffer> = fc.oneof(
  // The request's own shape, its fields hostile or right (so that some keys are created).
  { weight: 5, arbitrary: fc.record({
    email: fc.oneof(fc.emailAddress(), fc.emailAddress().map((e) => ` ${e.toUpperCase()} `), hostileText, hostileJson,
      fc.tuple(fc.emailAddress(), hostileText).map(([e, odd]) => e.replace('@', `${odd}@`))),
    source: fc.oneof(hostileText, hostileJson),
    extra: hostileJson,
  }, { requiredKeys: [] }).map((fields) => wtf8(JSON.stringify(fields))) },
  { weight: 2, arbitrary: hostileJson.map((value) => wtf8(JSON.stringify(value) ?? 'undefined')) },
  { weight: 2, arbitrary: fc.oneof(fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)),
    fc.constantFrom('', '{', '{"email":', '{"email":"a@example.com",}', '\ufeff{"email":"bom@example.com"}', 'NaN', 'null',
      '{"email":"dup@example.com","email":"dup2@example.com"}', '{"__proto__":{"email":"proto@example.com"}}', "{'email':'a@b.co'}")
      .map((text) => wtf8(text))) },
  { weight: 1, arbitrary: fc.tuple(fc.integer({ min: 100, max: 9_000 }), fc.boolean()).map(([depth, arrays]) =>
    Buffer.from(arrays ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"email":'.repeat(depth)}"x@example.com"${'}'.repeat(depth)}`)) },
  { weight: 1, arbitrary: fc.integer({ min: 16 * 1024 - 40, max: 200_000 }).map((size) =>
    Buffer.from(JSON.stringify({ email: 'big@example.com', source: 'x'.repeat(size) }))) },
);

const contentType = fc.constantFrom('application/json', 'application/json', 'application/json; charset=utf-8', 'APPLICATION/JSON',
  'application/json;charset=latin1', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x',
  'application/vnd.api+json', '*/*', '', 'application/json\u0000', null);

for (const store of STORE_KINDS) {
  describe(`POST /v1/keys bodies, fuzzed (${store})`, await onStore(store), () => {
    let server: TestServer;
    let port: number;

    before(async () => {
      // Each request names its client address in X-Forwarded-For: most are new addresses, so keys
      // can be created throughout; three shared ones reach their daily limit of 3.
      server = await startServer({ store, trustProxy: true });
      port = Number(new URL(server.baseUrl).port);
    });
    after(async () => { await server.close(); });

    it('any body, any content type: a 201 with a key, or the contract error; nothing stored for a refusal', async (t) => {
      const keysBefore = (await server.accessStore.listKeys('2000-01')).length;
      const createdBy = new Map<string, number>();
      const request = fc.record({
        body,
        contentType,
        address: fc.oneof(fc.constantFrom('10.9.0.1', '10.9.0.2', '10.9.0.3'), fc.nat(2 ** 24 - 1).map((n) => `10.${n >> 16}.${(n >> 8) & 255}.${n & 255}`)),
        shortLength: fc.nat(15).map((n) => n === 0),
      });

      await fuzz(t, request, async ({ body: sent, contentType: type, address, shortLength }) => {
        const length = shortLength ? Math.floor(sent.length / 2) : sent.length;
        const head = `POST /v1/keys HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-For: ${address}\r\n` +
          `${type === null ? '' : `Content-Type: ${type}\r\n`}Content-Length: ${length}\r\nConnection: close\r\n\r\n`;
        const response = await rawRequest(port, Buffer.concat([Buffer.from(head, 'latin1'), sent]));
        createdBy.set(address, createdBy.get(address) ?? 0);
        const what = `${type} ${sent.subarray(0, 200).toString('utf8')}`;
        assertContractAnswer(response, what);
        if (isHttpLevel(response)) return;
        assert.equal(response.headers.get('x-ratelimit-limit'), '3', `${what}: the daily key allowance's headers`);
        if (response.status === 201) {
          const created = JSON.parse(response.body) as Record<string, unknown>;
          assert.deepEqual(Object.keys(created).sort(), ['key', 'monthly_limit', 'tier', 'try_it']);
          createdBy.set(address, (createdBy.get(address) ?? 0) + 1);
          return;
        }
        assert.ok([400, 409, 413, 429].includes(response.status), `${what}: ${response.status} ${response.body}`);
        if (response.status === 400) {
          const message = errorMessage(response);
          assert.ok(namesParameter(message, ['email', 'source'], BODY_SENTENCES), `${what}: "${message}" names neither a field nor the body`);
        }
      }, 200);

      const created = [...createdBy.values()].reduce((a, b) => a + b, 0);
      assert.equal((await server.accessStore.listKeys('2000-01')).length - keysBefore, created, 'a key stored for every 201, and only for those');
      const today = dayOf(new Date());
      for (const [address, count] of createdBy) {
        assert.equal(await server.accessStore.keysCreatedBy(normalizeAddress(address), today), count, `the daily count of ${address}, refusals not counted`);
      }
      t.diagnostic(`${created} keys created`);
    });
  });
}
