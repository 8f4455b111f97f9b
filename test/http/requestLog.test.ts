import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { LogCapture, startChildServer, type ChildServer } from '../support/childProcess.js';
import { rawRequest } from '../support/rawHttp.js';

const EMAIL = 'secret-person@request-log.example';

interface RequestLine {
  level: number;
  reqId: string;
  method: string;
  route: string;
  status: number;
  ms: number;
  keyPrefix?: string;
  msg: string;
}

describe('LOG_LEVEL=info: one line per request, and nothing a client sent in it', { timeout: 60_000 }, () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tcg-request-log-'));
  const logs = new LogCapture();
  let server: ChildServer;
  let key: string;
  /**
   * What each request was answered, in order: its id as the response gave it and what its log line
   * must say (one the server could not read as HTTP has no method or route to say).
   */
  const sent: Array<{ id: string; method?: string; route?: string; status: number; keyed: boolean }> = [];

  const send = async (route: string, pathAndQuery: string, init: RequestInit & { keyed?: boolean } = {}) => {
    const headers = new Headers(init.headers);
    if (init.keyed) headers.set('authorization', `Bearer ${key}`);
    const response = await fetch(server.baseUrl + pathAndQuery, { ...init, headers });
    const text = await response.text();
    sent.push({ id: response.headers.get('x-request-id')!, method: init.method ?? 'GET', route, status: response.status, keyed: init.keyed ?? false });
    return text;
  };
  const keyBody = JSON.stringify({ email: EMAIL, source: 'a secret source text' });

  before(async () => {
    server = await startChildServer({ DATABASE_URL: `file:${path.join(dir, 'catalog.db')}`, LOG_LEVEL: 'info' }, logs);
    key = (JSON.parse(await send('/v1/keys', '/v1/keys', { method: 'POST', headers: { 'content-type': 'application/json' }, body: keyBody })) as { key: string }).key;
    await send('/v1/cards', '/v1/cards?q=secretterm', { keyed: true });
    await send('/v1/cards', '/v1/cards?id=en-base1-4', { keyed: true, headers: { 'x-request-id': 'given-id-1' } });
    await send('/v1/cards', '/v1/cards?id=en-base1-4');
    await send('(unmatched)', '/nowhere/secretpath?q=secretterm');
    await send('/v1/keys', '/v1/keys', { method: 'POST', headers: { 'content-type': 'application/json' }, body: keyBody });
    await send('/mcp', '/mcp', {
      method: 'POST', keyed: true,
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': LATEST_PROTOCOL_VERSION },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search_cards', arguments: { q: 'secretterm' } } }),
    });
    const unread = await rawRequest(Number(new URL(server.baseUrl).port),
      'GET /v1/cards?q=secretterm HTTP/1.1\r\nHost: 127.0.0.1\r\nBad Header: secretterm\r\n\r\n');
    sent.push({ id: unread.headers.get('x-request-id')!, status: unread.status, keyed: false });
    server.child.kill('SIGTERM');
    await server.exited;
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('the requests got the answers the lines below describe', () => {
    assert.deepEqual(sent.map((r) => r.status), [201, 200, 200, 401, 404, 409, 200, 400]);
    assert.equal(sent[2]!.id, 'given-id-1');
    assert.match(sent[7]!.id, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/, 'a request not read as HTTP gets an id too');
  });

  it('logs exactly one line per request, with its id, method, route pattern, status, duration and key prefix', () => {
    const lines = logs.text.trim().split('\n').map((line) => JSON.parse(line) as RequestLine);
    const requestLines = lines.filter((line) => line.reqId !== undefined);
    assert.equal(requestLines.length, sent.length, 'no other line carries a request id: these requests logged nothing else');
    for (const [i, request] of sent.entries()) {
      const line = requestLines[i]!;
      assert.deepEqual(
        { level: line.level, msg: line.msg, reqId: line.reqId, method: line.method, route: line.route, status: line.status, keyPrefix: line.keyPrefix },
        { level: 30, msg: request.method ? 'request' : 'request not read: answered 400', reqId: request.id, method: request.method,
          route: request.route, status: request.status, keyPrefix: request.keyed ? key.slice(0, 13) : undefined },
      );
      if (request.method) assert.ok(typeof line.ms === 'number' && line.ms >= 0 && line.ms < 10_000, `a duration in ms: ${line.ms}`);
    }
  });

  it('a request line is a line of the service\'s log like any other: the same time, pid and hostname fields', () => {
    const lines = logs.text.trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    const other = lines.find((line) => line.reqId === undefined)!;
    const request = lines.find((line) => line.msg === 'request')!;
    for (const field of ['time', 'pid', 'hostname']) assert.equal(typeof request[field], typeof other[field], field);
    assert.equal(request.pid, other.pid);
    assert.equal(request.hostname, other.hostname);
    assert.ok(Math.abs((request.time as number) - (other.time as number)) < 60_000, 'epoch milliseconds, as pino writes them');
  });

  it('no line holds the key beyond its prefix, the email, the source, a query value or a path no route has', () => {
    assert.match(key, /^tcgk_/);
    assert.ok(!logs.text.includes(key), 'the key');
    assert.ok(!logs.text.includes(key.slice(13)), 'the key\'s part beyond its display prefix');
    assert.doesNotMatch(logs.text, /tcgk_[A-Za-z0-9_-]{9}/, 'no key, nor more of one than its display prefix');
    for (const secret of [EMAIL, 'request-log.example', 'a secret source text', 'secretterm', 'secretpath']) {
      assert.ok(!logs.text.includes(secret), secret);
    }
  });
});
