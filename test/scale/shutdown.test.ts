import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { describe, it } from 'node:test';
import { LogCapture, startChildServer } from '../support/childProcess.js';
import { tempDir } from '../support/catalogServer.js';
import { createTestDatabase, type TestDatabase } from '../support/postgres.js';
import { onStore, STORE_KINDS } from '../support/stores.js';

/** A POST /v1/keys whose headers are sent now and whose body is sent by finish(): a request in flight. */
function slowKeyRequest(baseUrl: string, email: string, address: string) {
  const body = JSON.stringify({ email });
  const request = http.request(`${baseUrl}/v1/keys`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'x-forwarded-for': address },
  });
  const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.on('response', (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => { text += chunk.toString('utf8'); });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
    });
    request.on('error', reject);
  });
  request.flushHeaders();
  return { answered, finish: () => request.end(body) };
}

for (const store of STORE_KINDS) {
  describe(`SIGTERM (${store})`, await onStore(store), () => {
    it('stops accepting, answers the requests in flight, closes the database connections and exits 0 within 10 s', async () => {
      const dir = tempDir('tcg-shutdown-');
      const database: TestDatabase | undefined = store === 'postgres' ? await createTestDatabase('shutdown_test') : undefined;
      const logs = new LogCapture();
      try {
        const server = await startChildServer({
          DATABASE_URL: database?.url ?? `file:${path.join(dir, 'catalog.db')}`, TRUST_PROXY: 'true', LOG_LEVEL: 'info',
        }, logs);
        let exitCode: number | null = null;
        server.child.once('exit', (code) => { exitCode = code; });
        const created = await (await fetch(`${server.baseUrl}/v1/keys`, {
          method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'reader@example.test' }),
        })).json() as { key: string };

        const inFlight = Array.from({ length: 5 }, (_, i) => slowKeyRequest(server.baseUrl, `late-${i}@example.test`, `192.0.2.${i + 1}`));
        // A burst of reads under way at the signal: each one the server took is answered in full; the
        // ones it had not taken yet are refused, as the load balancer then sends them elsewhere.
        const burst = Array.from({ length: 200 }, async () => {
          const response = await fetch(`${server.baseUrl}/v1/cards?q=pikachu`, { headers: { authorization: `Bearer ${created.key}` } })
            .catch(() => null);
          if (response === null) return 'refused';
          try {
            await response.arrayBuffer();
            return response.status;
          } catch {
            return 'cut off';
          }
        });
        await new Promise((resolve) => setTimeout(resolve, 150));
        const signalledAt = Date.now();
        server.child.kill('SIGTERM');
        await new Promise((resolve) => setTimeout(resolve, 300));

        await assert.rejects(fetch(`${server.baseUrl}/healthz`), 'a new connection is refused once stopping');
        for (const request of inFlight) request.finish();
        const answers = await Promise.all(inFlight.map((r) => r.answered));
        assert.deepEqual(answers.map((a) => a.status), [201, 201, 201, 201, 201]);
        const statuses = await Promise.all(burst);
        assert.ok(statuses.every((s) => s === 200 || s === 'refused'), `reads under way: ${[...new Set(statuses)].join(', ')}`);
        assert.ok(statuses.includes(200));

        await server.exited;
        assert.ok(Date.now() - signalledAt < 10_000, 'exited within 10 s');
        assert.equal(exitCode, 0, logs.text.slice(-3000));
        assert.match(logs.text, /stopped: requests in flight answered, database connections closed/);
      } finally {
        await database?.drop();
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
}
