import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { issueKey } from '../support/keys.js';
import { rawRequest, wtf8 } from '../support/rawHttp.js';
import { startServer, type TestServer } from '../support/server.js';
import { onStore, STORE_KINDS } from '../support/stores.js';
import { assertContractAnswer, isHttpLevel, usageOf } from './contract.js';
import { fuzz } from './fuzzRun.js';
import { hostileText } from './hostileInput.js';

/** Header bytes as sent, but CR and LF, which would end the header and start another (that is header injection, not this test). */
const headerBytes = (text: string) => Buffer.from([...wtf8(text)].filter((byte) => byte !== 0x0d && byte !== 0x0a));

for (const store of STORE_KINDS) {
  describe(`the Authorization header, fuzzed (${store})`, await onStore(store), () => {
    let server: TestServer;
    let port: number;
    let key: string;

    before(async () => {
      server = await startServer({ store });
      port = Number(new URL(server.baseUrl).port);
      key = await issueKey(server.accessStore, { tier: 'internal', monthlyLimit: null });
    });
    after(async () => { await server.close(); });

    it('any header answers 200 (counted) only for the key, else 401 or an HTTP-level 4xx, never counted', async (t) => {
      const before = await usageOf(server.accessStore, key);
      let counted = 0;
      // The key, as a careless client spells it (scheme case, spacing, a character changed, cut or extended)...
      const spelledKey = fc.record({
        scheme: fc.constantFrom('Bearer ', 'bearer ', 'BEARER ', 'Bearer  ', 'Bearer\t', 'Bearer', 'Basic ', 'Token ', ' Bearer ', ''),
        edit: fc.constantFrom('none', 'none', 'replace', 'cut', 'append', 'prepend'),
        at: fc.nat(40),
        odd: hostileText,
      }).map(({ scheme, edit, at, odd }) => {
        const i = at % key.length;
        const spelled = edit === 'replace' ? key.slice(0, i) + odd.slice(0, 1) + key.slice(i + 1)
          : edit === 'cut' ? key.slice(0, i)
          : edit === 'append' ? key + odd
          : edit === 'prepend' ? odd + key
          : key;
        return `${scheme}${spelled}`;
      });
      // ...anything else, a very long value, or no header at all.
      const value = fc.oneof(
        { weight: 4, arbitrary: spelledKey },
        { weight: 3, arbitrary: hostileText },
        { weight: 2, arbitrary: hostileText.map((text) => `Bearer ${text}`) },
        { weight: 1, arbitrary: fc.integer({ min: 100, max: 40_000 }).map((n) => `Bearer tcgk_${'A'.repeat(n)}`) },
      );
      const headerName = fc.constantFrom('Authorization', 'authorization', 'AUTHORIZATION', 'X-Authorization', 'Authorization ', 'Proxy-Authorization');
      const headers = fc.array(fc.tuple(headerName, value), { maxLength: 2 });

      await fuzz(t, headers, async (sent) => {
        const lines = sent.map(([name, text]) => Buffer.concat([Buffer.from(`${name}: `), headerBytes(text), Buffer.from('\r\n')]));
        const response = await rawRequest(port, Buffer.concat([
          Buffer.from('GET /v1/sets?limit=1 HTTP/1.1\r\nHost: 127.0.0.1\r\n'), ...lines, Buffer.from('Connection: close\r\n\r\n')]));
        const what = JSON.stringify(sent).slice(0, 300);
        assertContractAnswer(response, what);
        if (isHttpLevel(response)) return;
        if (response.status === 200) {
          counted += 1;
          assert.ok(sent.some(([, text]) => text.includes(key)), `${what}: 200 without the key`);
          return;
        }
        assert.equal(response.status, 401, what);
        assert.equal(response.headers.get('www-authenticate'), 'Bearer realm="tcg-catalog"', what);
        assert.deepEqual(['limit', 'used', 'remaining'].map((h) => response.headers.get(`x-ratelimit-${h}`)), ['1000', '0', '1000'], what);
      }, 250);

      const afterwards = await usageOf(server.accessStore, key);
      assert.equal(afterwards.used - before.used, counted, 'the 200s were counted, and nothing else');
      assert.equal(afterwards.keys, before.keys, 'no key appeared');
    });
  });
}
