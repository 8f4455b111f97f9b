import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { hashKey } from '../../src/access/keyFormat.js';
import { UNLIMITED_BLOCK } from '../../src/access/reservedQuota.js';
import { LogCapture, runKeysCli, startChildServer, type ChildServer } from '../support/childProcess.js';
import { rateLimitOf } from '../support/http.js';
import { bearer } from '../support/keys.js';

/** Every email in this file ends so, so that a log line holding one is easy to find. */
const EMAIL_DOMAIN = '@keys-process.example';

describe('keys across processes: restart, kill -9, the CLI, and the logs', { timeout: 120_000 }, () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tcg-keys-process-'));
  const env = { DATABASE_URL: `file:${path.join(dir, 'catalog.db')}`, TRUST_PROXY: 'true', LOG_LEVEL: 'trace' };
  const logs = new LogCapture();
  const issued = new Map<string, string>(); // key → email
  let server: ChildServer;
  let addresses = 0;

  const createKey = async (base: string, email: string) => {
    addresses += 1;
    const response = await fetch(`${base}/v1/keys`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.9.${addresses >> 8}.${addresses & 255}` },
      body: JSON.stringify({ email, source: 'process test' }),
    });
    if (response.status !== 201) {
      await response.arrayBuffer();
      return { status: response.status };
    }
    const { key } = await response.json() as { key: string };
    issued.set(key, email);
    return { status: 201, key };
  };
  const statusOf = async (base: string, key: string) => {
    const response = await fetch(`${base}/v1/sets?limit=1`, { headers: bearer(key) });
    await response.arrayBuffer();
    return response;
  };

  before(async () => {
    server = await startChildServer(env, logs);
  });
  after(async () => {
    if (server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it('keys and their usage survive a restart', async () => {
    const { key } = await createKey(server.baseUrl, `restart${EMAIL_DOMAIN}`);
    assert.equal(rateLimitOf(await statusOf(server.baseUrl, key!)).used, 1);
    server.child.kill('SIGTERM');
    await server.exited;
    server = await startChildServer(env, logs);
    const response = await statusOf(server.baseUrl, key!);
    assert.equal(response.status, 200);
    assert.equal(rateLimitOf(response).used, 2);
  });

  it('every key that got a 201 still authenticates after a kill -9 in the middle of a burst of creations', async () => {
    const before = issued.size;
    const confirmed: string[] = [];
    const killAfter = 40;
    let next = 0;
    let killed = false;
    const running = server;
    const worker = async () => {
      while (!killed && running.child.exitCode === null && running.child.signalCode === null) {
        next += 1;
        try {
          const result = await createKey(server.baseUrl, `burst${next}${EMAIL_DOMAIN}`);
          if (result.key) confirmed.push(result.key);
          if (confirmed.length >= killAfter && !killed) {
            killed = true;
            server.child.kill('SIGKILL');
          }
        } catch {
          // The server died under this request: it got no 201, so it proves nothing either way.
        }
      }
    };
    await Promise.all(Array.from({ length: 12 }, worker));
    await server.exited;
    assert.equal(server.child.signalCode, 'SIGKILL');
    assert.ok(confirmed.length >= killAfter);
    assert.equal(issued.size - before, confirmed.length);

    server = await startChildServer(env, logs);
    const statuses = await Promise.all(confirmed.map(async (key) => (await statusOf(server.baseUrl, key)).status));
    assert.deepEqual(statuses, confirmed.map(() => 200));
  });

  it('a key revoked with the CLI gets 401 at once, and its email may create a new free key', async () => {
    const [key, email] = [...issued].at(-1)!;
    assert.equal((await statusOf(server.baseUrl, key)).status, 200);
    const revoked = await runKeysCli(['revoke', '--email', email.toUpperCase()], env);
    assert.equal(revoked.code, 0, revoked.stderr);
    assert.match(revoked.stdout, new RegExp(`revoked ${key.slice(0, 13)}`));
    assert.equal((await statusOf(server.baseUrl, key)).status, 401);
    assert.equal((await createKey(server.baseUrl, email)).status, 201);

    const [other] = [...issued].at(0)!;
    const byPrefix = await runKeysCli(['revoke', '--prefix', other.slice(0, 13)], env);
    assert.equal(byPrefix.code, 0, byPrefix.stderr);
    assert.equal((await statusOf(server.baseUrl, other)).status, 401);
  });

  it('the CLI creates an unlimited key, shown once, and lists this month\'s usage without hashes', async () => {
    const created = await runKeysCli(['create', '--email', `bench${EMAIL_DOMAIN}`, '--tier', 'bench', '--unlimited'], env);
    assert.equal(created.code, 0, created.stderr);
    const key = created.stdout.trim();
    assert.match(key, /^tcgk_[A-Za-z0-9_-]{32}$/);
    for (let i = 0; i < 3; i++) await statusOf(server.baseUrl, key);
    const response = await statusOf(server.baseUrl, key);
    assert.deepEqual([response.status, rateLimitOf(response).limit, rateLimitOf(response).used], [200, 2_147_483_647, 4]);

    const paid = await runKeysCli(['create', '--email', `paid${EMAIL_DOMAIN}`, '--tier', 'paid', '--limit', '50000'], env);
    assert.equal(paid.code, 0, paid.stderr);
    assert.equal(rateLimitOf(await statusOf(server.baseUrl, paid.stdout.trim())).limit, 50_000);

    const listed = await runKeysCli(['list'], env);
    assert.equal(listed.code, 0, listed.stderr);
    const line = listed.stdout.split('\n').find((l) => l.startsWith(key.slice(0, 13)));
    // The CLI, another process, lists what the database holds: the 4 answered requests and what the
    // server reserved with them and holds unanswered, at most one block (docs/keys.md).
    const listedUsed = Number(/bench\s+unlimited\s+(\d+)\s+active/.exec(line ?? '')?.[1]);
    assert.ok(listedUsed >= 4 && listedUsed <= 4 + UNLIMITED_BLOCK, `listed: ${line}`);
    for (const shown of [key, paid.stdout.trim(), ...issued.keys()]) {
      assert.ok(!listed.stdout.includes(shown), 'no whole key is listed');
      assert.ok(!listed.stdout.includes(hashKey(shown)), 'no hash is listed');
    }

    const refused = await runKeysCli(['create', '--email', `x${EMAIL_DOMAIN}`, '--tier', 'paid'], env);
    assert.equal(refused.code, 2);
    assert.match(refused.stderr, /needs --limit <n> or --unlimited/);
  });

  it('no log line of the service holds a key beyond its display prefix, or an email', async () => {
    server.child.kill('SIGTERM');
    await server.exited;
    assert.match(logs.text, /"route":"\/v1\/keys"/, 'the request log was captured');
    assert.ok(issued.size > 40);
    // A request line names the key by its display prefix (tcgk_ and 8 characters), as the keys CLI does.
    assert.doesNotMatch(logs.text, /tcgk_[A-Za-z0-9_-]{9}/, 'no key, nor more of one than its display prefix');
    assert.ok(!logs.text.includes(EMAIL_DOMAIN), 'no email');
    for (const key of issued.keys()) assert.ok(!logs.text.includes(key.slice(13)));
  });
});
