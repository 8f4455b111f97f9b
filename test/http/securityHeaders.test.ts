import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { startCatalogServer, type RunningServer } from '../support/catalogServer.js';

const API_POLICY = "default-src 'none';frame-ancestors 'none'";

/** What every answer carries, whatever it is (and two it leaves out: see src/edge/securityHeaders.ts). */
function assertSecurityHeaders(headers: Headers, what: string): void {
  assert.equal(headers.get('x-content-type-options'), 'nosniff', what);
  assert.equal(headers.get('referrer-policy'), 'no-referrer', what);
  assert.match(headers.get('content-security-policy') ?? '', /frame-ancestors 'none'/, what);
  assert.equal(headers.get('cross-origin-resource-policy'), null, `${what}: cross-origin, by its absence`);
  assert.equal(headers.get('x-powered-by'), null, what);
}

describe('security headers on every answer', () => {
  let server: RunningServer;
  before(async () => { server = await startCatalogServer(); });
  after(async () => { await server.close(); });

  it('a JSON answer: nosniff, no referrer, no framing, a policy that loads nothing; CORS and rate limits kept', async () => {
    const response = await fetch(`${server.baseUrl}/v1/cards?id=en-base1-4`, {
      headers: { authorization: `Bearer ${server.key}`, origin: 'https://example.org' },
    });
    assert.equal(response.status, 200);
    assertSecurityHeaders(response.headers, 'GET /v1/cards');
    assert.equal(response.headers.get('content-security-policy'), API_POLICY);
    assert.equal(response.headers.get('x-frame-options'), null, 'frame-ancestors says it');
    assert.equal(response.headers.get('access-control-allow-origin'), '*');
    assert.ok(response.headers.get('x-ratelimit-limit'));
  });

  it('error answers: 401 without a key, 404 for an unknown path, 400 for a malformed path, 405', async () => {
    const answers: Array<[string, RequestInit, number]> = [
      ['/v1/sets', {}, 401], ['/nope', {}, 404], ['/healthz%', {}, 400], ['/v1/sets', { method: 'DELETE' }, 405],
    ];
    for (const [path, init, status] of answers) {
      const response = await fetch(server.baseUrl + path, init);
      assert.equal(response.status, status, path);
      assertSecurityHeaders(response.headers, `${status} ${path}`);
      assert.equal(response.headers.get('content-security-policy'), API_POLICY, path);
      assert.equal(response.headers.get('access-control-allow-origin'), '*', path);
      assert.equal(response.headers.get('x-ratelimit-limit'), '1000', path);
      assert.equal(typeof ((await response.json()) as { error: unknown }).error, 'string', path);
    }
  });

  it('the malformed path answers in the API\'s error shape, not the framework\'s', async () => {
    const response = await fetch(`${server.baseUrl}/v1/cards%zz`);
    assert.deepEqual(await response.json(), { error: 'the path /v1/cards%zz is not valid percent-encoding', code: 'malformed_path' });
  });

  it('the home page: a strict policy (own scripts and styles only, no inline, no other host, no framing)', async () => {
    const response = await fetch(`${server.baseUrl}/`, { headers: { accept: 'text/html' } });
    assertSecurityHeaders(response.headers, 'the page');
    assert.equal(response.headers.get('x-frame-options'), 'DENY', 'the page, for browsers older than frame-ancestors');
    const policy = Object.fromEntries((response.headers.get('content-security-policy') ?? '').split(';')
      .map((directive) => directive.trim().split(/\s+/)).map(([name, ...values]) => [name, values.join(' ')]));
    assert.deepEqual(policy, {
      'default-src': "'none'", 'script-src': "'self'", 'style-src': "'self'", 'img-src': "'self' data:",
      'font-src': "'self'", 'connect-src': "'self'", 'form-action': "'self'", 'base-uri': "'none'",
      'object-src': "'none'", 'frame-ancestors': "'none'",
    });
    const initializer = await fetch(`${server.baseUrl}/docs/reference/static/swagger-initializer.js`);
    assert.equal(initializer.headers.get('content-security-policy'), response.headers.get('content-security-policy'));
  });

  it('a CORS preflight is still answered by CORS, with the security headers', async () => {
    const preflight = await fetch(`${server.baseUrl}/v1/cards`, {
      method: 'OPTIONS',
      headers: { origin: 'https://example.org', 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
    });
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers.get('access-control-allow-origin'), '*');
    assert.match(preflight.headers.get('access-control-allow-headers') ?? '', /Authorization/);
    assertSecurityHeaders(preflight.headers, 'preflight');
  });

  it('the MCP endpoint, which writes its own answer, carries them too and still answers', async () => {
    const response = await fetch(`${server.baseUrl}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', origin: 'https://agent.example' },
      body: JSON.stringify({
        jsonrpc: '2.0', id: 1, method: 'initialize',
        params: { protocolVersion: LATEST_PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
      }),
    });
    assert.equal(response.status, 200);
    assertSecurityHeaders(response.headers, 'POST /mcp');
    assert.equal(response.headers.get('access-control-allow-origin'), '*');
    assert.equal(((await response.json()) as { result: { protocolVersion: string } }).result.protocolVersion, LATEST_PROTOCOL_VERSION);
  });
});
