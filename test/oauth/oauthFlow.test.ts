import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { LogCapture } from '../support/childProcess.js';
import { pkcePair, TEST_REDIRECT_URI } from '../support/oauthClient.js';
import { startServer, type TestServer } from '../support/server.js';
import { issueKey } from '../support/keys.js';
import { onStore, STORE_KINDS } from '../support/stores.js';
import { scrape, valueOf } from '../support/prometheus.js';

interface Page {
  status: number;
  headers: Headers;
  html: string;
  cookie: string | undefined;
  /** The sealed request in the page's form. */
  sealed: string | undefined;
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

for (const store of STORE_KINDS) {
  describe(`OAuth 2.1 for MCP clients: metadata, registration, sign-in, tokens (${store})`, await onStore(store), () => {
    let server: TestServer;
    const logs = new LogCapture();
    let base: string;
    before(async () => {
      server = await startServer({ store, ownPublicBaseUrl: true, logs, metrics: true });
      base = server.baseUrl;
    });
    after(() => server.close());

    const json = async (path: string, init: RequestInit = {}) => {
      const response = await fetch(new URL(path, base), init);
      return { status: response.status, headers: response.headers, body: await response.json() as Record<string, unknown> };
    };
    const register = async (redirectUris = [TEST_REDIRECT_URI]) =>
      json('/oauth/register', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ redirect_uris: redirectUris, client_name: 'Test <client>' }) });
    const authorizePage = async (query: Record<string, string>): Promise<Page> => {
      const response = await fetch(new URL(`/oauth/authorize?${new URLSearchParams(query)}`, base), { redirect: 'manual' });
      const html = await response.text();
      return {
        status: response.status, headers: response.headers, html,
        cookie: response.headers.get('set-cookie')?.split(';')[0],
        sealed: /name="request" value="([^"]+)"/.exec(html)?.[1],
      };
    };
    const submit = (fields: Record<string, string>, cookie: string | undefined) => fetch(new URL('/oauth/authorize', base), {
      method: 'POST', redirect: 'manual', headers: { ...FORM, ...(cookie ? { cookie } : {}) }, body: form(fields),
    });
    const token = (fields: Record<string, string>) => json('/oauth/token', { method: 'POST', headers: FORM, body: form(fields) });

    /** A registered client signed in with `key`: the code's redirect and the PKCE verifier. */
    async function signIn(key: string, state = 'st-1') {
      const client = (await register()).body.client_id as string;
      const { verifier, challenge } = pkcePair();
      const page = await authorizePage({ response_type: 'code', client_id: client, redirect_uri: TEST_REDIRECT_URI,
        code_challenge: challenge, code_challenge_method: 'S256', state, resource: `${base}/mcp` });
      assert.equal(page.status, 200, page.html);
      const answer = await submit({ request: page.sealed!, key }, page.cookie);
      assert.equal(answer.status, 303);
      const back = new URL(answer.headers.get('location')!);
      return { client, verifier, back, code: back.searchParams.get('code')! };
    }
    const exchange = (client: string, code: string, verifier: string, redirectUri = TEST_REDIRECT_URI) =>
      token({ grant_type: 'authorization_code', client_id: client, code, code_verifier: verifier, redirect_uri: redirectUri });
    const listSets = (token: string) => fetch(new URL('/mcp', base), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${token}` },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'list_sets', arguments: { limit: 1 } } }),
    });

    test('the metadata documents hold what RFC 9728 and RFC 8414 require, PKCE S256 only', async () => {
      for (const path of ['/.well-known/oauth-protected-resource/mcp', '/.well-known/oauth-protected-resource']) {
        const { status, body } = await json(path);
        assert.equal(status, 200);
        assert.equal(body.resource, `${base}/mcp`);
        assert.deepEqual(body.authorization_servers, [base]);
        assert.deepEqual(body.bearer_methods_supported, ['header']);
      }
      const { status, body } = await json('/.well-known/oauth-authorization-server');
      assert.equal(status, 200);
      assert.equal(body.issuer, base);
      assert.equal(body.authorization_endpoint, `${base}/oauth/authorize`);
      assert.equal(body.token_endpoint, `${base}/oauth/token`);
      assert.equal(body.registration_endpoint, `${base}/oauth/register`);
      assert.deepEqual(body.response_types_supported, ['code']);
      assert.deepEqual(body.code_challenge_methods_supported, ['S256']);
      assert.deepEqual(body.grant_types_supported, ['authorization_code', 'refresh_token']);
      assert.deepEqual(body.token_endpoint_auth_methods_supported, ['none']);
    });

    test('the 401 challenge names the protected resource metadata that is served', async () => {
      const answer = await listSets('tcgo_' + 'A'.repeat(60));
      assert.equal(answer.status, 401);
      const challenge = answer.headers.get('www-authenticate') ?? '';
      const url = /resource_metadata="([^"]+)"/.exec(challenge)?.[1];
      assert.equal(url, `${base}/.well-known/oauth-protected-resource/mcp`);
      assert.equal((await fetch(url!)).status, 200);
    });

    test('registration takes https, http on the loopback address and reverse-domain private-use schemes (and Cursor\'s); a foreign scheme is refused', async () => {
      const ok = await register([TEST_REDIRECT_URI, 'http://[::1]:8080/cb', 'http://localhost:35535/oauth/callback', 'https://app.example/cb',
        'com.example.app:/oauth/callback', 'io.github.someone.tool://callback', 'cursor://anysphere.cursor-mcp/oauth/callback']);
      assert.equal(ok.status, 201);
      assert.equal(typeof ok.body.client_id, 'string');
      assert.equal(ok.body.token_endpoint_auth_method, 'none');
      const foreign = ['http://evil.example/cb', 'http://localhost.evil.example/cb', 'http://127.0.0.2/cb', 'https://app.example/cb#frag', 'https://user:pw@app.example/cb',
        'javascript:alert(1)', 'data:text/html,hi', 'file:///etc/passwd', 'vscode://cb', 'myapp:/cb', 'https://app.example/a b', 'not a uri'];
      for (const uri of foreign) {
        const refused = await register([uri]);
        assert.equal(refused.status, 400, uri);
        assert.equal(refused.body.error, 'invalid_redirect_uri', uri);
      }
      assert.equal((await json('/oauth/register', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).body.error, 'invalid_request');
    });

    test('a loopback redirect URI matches on any port (RFC 8252 section 7.3); the code goes to the port asked for and needs it back', async () => {
      const client = (await register(['http://127.0.0.1/callback'])).body.client_id as string;
      const key = await issueKey(server.accessStore);
      const { verifier, challenge } = pkcePair();
      const page = await authorizePage({ response_type: 'code', client_id: client, redirect_uri: 'http://127.0.0.1:53682/callback',
        code_challenge: challenge, code_challenge_method: 'S256' });
      assert.equal(page.status, 200, page.html);
      const back = new URL((await submit({ request: page.sealed!, key }, page.cookie)).headers.get('location')!);
      assert.equal(back.port, '53682');
      assert.equal((await exchange(client, back.searchParams.get('code')!, verifier, 'http://127.0.0.1:9/callback')).body.error, 'invalid_grant');
      assert.equal((await exchange(client, back.searchParams.get('code')!, verifier, 'http://127.0.0.1:53682/callback')).status, 200);
      const otherPath = await authorizePage({ response_type: 'code', client_id: client, redirect_uri: 'http://127.0.0.1:53682/other',
        code_challenge: challenge, code_challenge_method: 'S256' });
      assert.equal(otherPath.status, 400);
      // As Claude Code registers: localhost without a port, then an ephemeral one.
      const named = (await register(['http://localhost/callback'])).body.client_id as string;
      assert.equal((await authorizePage({ response_type: 'code', client_id: named, redirect_uri: 'http://localhost:55611/callback',
        code_challenge: challenge, code_challenge_method: 'S256' })).status, 200);
    });

    test('a long redirect URI: the longest allowed gets codes that are exchanged (and a client id that fits); a longer one is refused', async () => {
      const longest = `https://app.example/${'a'.repeat(1000 - 'https://app.example/'.length)}`;
      const others = Array.from({ length: 9 }, (_, i) => `https://app${i}.example/${'b'.repeat(979)}`);
      const registered = await json('/oauth/register', { method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ redirect_uris: [longest, ...others], client_name: '\u0001'.repeat(200) }) });
      assert.equal(registered.status, 201, JSON.stringify(registered.body));
      const client = registered.body.client_id as string;
      assert.ok(client.length <= 4000, `a client id of ${client.length} characters fits the requests' fields`);
      const key = await issueKey(server.accessStore);
      const { verifier, challenge } = pkcePair();
      const state = '\u0001'.repeat(1000);
      const page = await authorizePage({ response_type: 'code', client_id: client, redirect_uri: longest, code_challenge: challenge,
        code_challenge_method: 'S256', state, resource: `${base}/mcp` });
      assert.equal(page.status, 200, page.html.slice(0, 500));
      const answer = await submit({ request: page.sealed!, key }, page.cookie);
      assert.equal(answer.status, 303, 'the sealed request of the longest fields fits the form');
      const back = new URL(answer.headers.get('location')!);
      assert.equal(back.searchParams.get('state'), state);
      const tokens = await exchange(client, back.searchParams.get('code')!, verifier, longest);
      assert.equal(tokens.status, 200, JSON.stringify(tokens.body));
      const tooLong = await register([`${longest}a`]);
      assert.equal(tooLong.status, 400);
      assert.equal(tooLong.body.error, 'invalid_request');
    });

    test('a redirect URI the client did not register, or an unknown client, is shown on our page and never redirected to', async () => {
      const client = (await register()).body.client_id as string;
      const { challenge } = pkcePair();
      const query = { response_type: 'code', client_id: client, code_challenge: challenge, code_challenge_method: 'S256', state: 's' };
      for (const redirect of ['http://127.0.0.1:9/other', 'http://127.0.0.1:9/callback/', 'https://evil.example/callback']) {
        const page = await authorizePage({ ...query, redirect_uri: redirect });
        assert.equal(page.status, 400, redirect);
        assert.equal(page.headers.get('location'), null);
        assert.match(page.html, /redirect_uri is not one this application registered/);
      }
      assert.equal((await authorizePage({ ...query, client_id: 'forged', redirect_uri: TEST_REDIRECT_URI })).status, 400);
    });

    test('an open redirect is refused: a request that fails before the user acted is shown on our page, with a link, never a 302', async () => {
      // The attack: a stranger registers their own site, then sends victims to our authorization
      // endpoint with a request that fails at once, hoping our domain forwards them there.
      const evil = (await register(['https://evil.example/landing'])).body.client_id as string;
      const { challenge } = pkcePair();
      const query = { response_type: 'code', client_id: evil, redirect_uri: 'https://evil.example/landing', code_challenge: challenge,
        code_challenge_method: 'S256', state: 's' };
      const brokenFields: Array<Record<string, string>> = [{ response_type: 'token' }, { code_challenge_method: 'plain' }, { code_challenge: 'short' },
        { resource: 'https://other.example/mcp' }];
      for (const broken of brokenFields) {
        const page = await authorizePage({ ...query, ...broken });
        assert.equal(page.status, 400, JSON.stringify(broken));
        assert.equal(page.headers.get('location'), null, 'no redirect');
        assert.match(page.html, /id="client-name">Test &lt;client&gt;</, 'the client is named');
        const href = /id="back" href="([^"]+)"/.exec(page.html)?.[1]?.replaceAll('&amp;', '&');
        assert.ok(href, 'a link back, for the user to follow or not');
        const back = new URL(href);
        assert.equal(`${back.origin}${back.pathname}`, 'https://evil.example/landing');
        assert.ok(back.searchParams.get('error'));
        assert.equal(back.searchParams.get('state'), 's');
        assert.equal(back.searchParams.get('iss'), base);
      }
    });

    test('the sign-in page cannot be framed, is not cached, runs no script, and escapes what the client named', async () => {
      const client = (await register()).body.client_id as string;
      const page = await authorizePage({ response_type: 'code', client_id: client, redirect_uri: TEST_REDIRECT_URI,
        code_challenge: pkcePair().challenge, code_challenge_method: 'S256' });
      assert.equal(page.status, 200);
      assert.equal(page.headers.get('x-frame-options'), 'DENY');
      const csp = page.headers.get('content-security-policy') ?? '';
      assert.match(csp, /frame-ancestors 'none'/);
      assert.match(csp, /default-src 'none'/);
      assert.doesNotMatch(csp, /script-src/);
      assert.equal(page.headers.get('cache-control'), 'no-store');
      assert.doesNotMatch(page.html, /<script/);
      assert.match(page.html, /Test &lt;client&gt;/);
      assert.match(page.cookie ?? '', /^tcg_oauth_csrf=/);
      assert.match(page.headers.get('set-cookie') ?? '', /HttpOnly; SameSite=Strict/);
    });

    test('a form sent without its cookie, with another one, or with a forged request is refused (CSRF)', async () => {
      const key = await issueKey(server.accessStore);
      const client = (await register()).body.client_id as string;
      const page = await authorizePage({ response_type: 'code', client_id: client, redirect_uri: TEST_REDIRECT_URI,
        code_challenge: pkcePair().challenge, code_challenge_method: 'S256' });
      assert.equal((await submit({ request: page.sealed!, key }, undefined)).status, 403);
      assert.equal((await submit({ request: page.sealed!, key }, 'tcg_oauth_csrf=someone-else')).status, 403);
      assert.equal((await submit({ request: 'forged', key }, page.cookie)).status, 403);
      assert.equal((await submit({ request: page.sealed!, key }, `theme=dark; ${page.cookie!}; lang=en`)).status, 303,
        'the page\'s own form goes through, its cookie among others');
    });

    test('a key that is not valid is refused on the page; a pasted key gets a code, the state and our issuer back', async () => {
      const client = (await register()).body.client_id as string;
      const page = await authorizePage({ response_type: 'code', client_id: client, redirect_uri: TEST_REDIRECT_URI,
        code_challenge: pkcePair().challenge, code_challenge_method: 'S256' });
      const refused = await submit({ request: page.sealed!, key: `tcgk_${'A'.repeat(32)}` }, page.cookie);
      assert.equal(refused.status, 400);
      assert.match(await refused.text(), /this key is not valid/);
      const { back } = await signIn(await issueKey(server.accessStore), 'the-state');
      assert.equal(`${back.origin}${back.pathname}`, TEST_REDIRECT_URI);
      assert.equal(back.searchParams.get('state'), 'the-state');
      assert.equal(back.searchParams.get('iss'), base);
    });

    test('an email gets a free key under POST /v1/keys\'s rules: shown once, then the way back; a second one for the email is refused', async () => {
      const client = (await register()).body.client_id as string;
      const page = await authorizePage({ response_type: 'code', client_id: client, redirect_uri: TEST_REDIRECT_URI,
        code_challenge: pkcePair().challenge, code_challenge_method: 'S256' });
      const created = await submit({ request: page.sealed!, email: '  Misty@Example.com ' }, page.cookie);
      assert.equal(created.status, 200);
      const html = await created.text();
      const key = /id="new-key">(tcgk_[A-Za-z0-9_-]{32})</.exec(html)?.[1];
      assert.ok(key, 'the key is on the page');
      assert.match(html, /id="continue" href="http:\/\/127\.0\.0\.1:9\/callback\?code=/);
      assert.equal((await fetch(new URL('/v1/sets?limit=1', base), { headers: { authorization: `Bearer ${key}` } })).status, 200);
      const again = await submit({ request: page.sealed!, email: 'misty@example.com' }, page.cookie);
      assert.equal(again.status, 409);
      assert.match(await again.text(), /already has an active free key/);
      const bad = await submit({ request: page.sealed!, email: 'not an address' }, page.cookie);
      assert.equal(bad.status, 400);
      const samples = await scrape(server.metricsUrl!);
      const creations = (edge: string, outcome: string) => valueOf(samples, 'tcg_key_creations_total', { edge, outcome });
      assert.deepEqual(['created', 'email-taken', 'address-limit', 'invalid'].map((outcome) => creations('oauth', outcome)), [1, 1, 0, 1]);
      assert.equal(creations('rest', 'created'), 0, 'counted as the sign-in page\'s, not POST /v1/keys\'s');
    });

    test('the code is exchanged once, with its verifier and redirect URI; a replay, a wrong verifier or redirect is refused', async () => {
      const key = await issueKey(server.accessStore);
      const first = await signIn(key);
      assert.equal((await exchange(first.client, first.code, pkcePair().verifier)).body.error, 'invalid_grant', 'a wrong verifier');
      assert.equal((await exchange(first.client, first.code, first.verifier, 'https://app.example/cb')).body.error, 'invalid_grant', 'another redirect URI');
      const tokens = await exchange(first.client, first.code, first.verifier);
      assert.equal(tokens.status, 200);
      assert.equal(tokens.body.token_type, 'Bearer');
      assert.equal(tokens.body.expires_in, 3600);
      assert.equal(tokens.headers.get('cache-control'), 'no-store');
      const replay = await exchange(first.client, first.code, first.verifier);
      assert.equal(replay.status, 400);
      assert.equal(replay.body.error, 'invalid_grant');
      assert.equal((await token({ grant_type: 'password', username: 'a' })).body.error, 'unsupported_grant_type');
      const other = await signIn(key);
      const otherClient = (await register()).body.client_id as string;
      assert.equal((await exchange(otherClient, other.code, other.verifier)).body.error, 'invalid_grant', 'another client\'s code');
      assert.equal((await token({ grant_type: 'authorization_code', code: other.code, code_verifier: other.verifier, redirect_uri: TEST_REDIRECT_URI })).body.error,
        'invalid_grant', 'no client_id');
    });

    test('the access token counts on its key\'s monthly quota as the key does, and dies with the key; so does its refresh token', async () => {
      const key = await issueKey(server.accessStore);
      const { client, code, verifier } = await signIn(key);
      const tokens = (await exchange(client, code, verifier)).body;
      const first = await listSets(tokens.access_token as string);
      assert.equal(first.status, 200);
      assert.equal(first.headers.get('x-ratelimit-used'), '1');
      const rest = await fetch(new URL('/v1/sets?limit=1', base), { headers: { authorization: `Bearer ${key}` } });
      assert.equal(rest.headers.get('x-ratelimit-used'), '2', 'the key and its token share one month');
      assert.equal((await listSets(tokens.access_token as string)).headers.get('x-ratelimit-used'), '3');

      await server.accessStore.revokeKeys({ prefix: key.slice(0, 13) }, new Date().toISOString());
      const dead = await listSets(tokens.access_token as string);
      assert.equal(dead.status, 401);
      assert.match(dead.headers.get('www-authenticate') ?? '', /error="invalid_token"/);
      const refreshed = await token({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token as string, client_id: client });
      assert.equal(refreshed.body.error, 'invalid_grant');
    });

    test('a refresh token works once and comes back renewed (rotation)', async () => {
      const key = await issueKey(server.accessStore);
      const { client, code, verifier } = await signIn(key);
      const tokens = (await exchange(client, code, verifier)).body;
      const renewed = await token({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token as string, client_id: client });
      assert.equal(renewed.status, 200);
      assert.notEqual(renewed.body.refresh_token, tokens.refresh_token);
      assert.equal((await listSets(renewed.body.access_token as string)).status, 200);
      const again = await token({ grant_type: 'refresh_token', refresh_token: renewed.body.refresh_token as string, client_id: client });
      assert.equal(again.status, 200, 'the successor works, once');
    });

    test('a replayed code ends its grant: the tokens issued for it stop working, its refresh token too', async () => {
      const key = await issueKey(server.accessStore);
      const { client, code, verifier } = await signIn(key);
      const tokens = (await exchange(client, code, verifier)).body;
      assert.equal((await listSets(tokens.access_token as string)).status, 200);
      const replay = await exchange(client, code, verifier);
      assert.equal(replay.body.error, 'invalid_grant');
      assert.equal((await listSets(tokens.access_token as string)).status, 401, 'the access token issued for the code');
      const refreshed = await token({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token as string, client_id: client });
      assert.equal(refreshed.body.error, 'invalid_grant', 'the refresh token issued for the code');
      assert.equal((await fetch(new URL('/v1/sets?limit=1', base), { headers: { authorization: `Bearer ${key}` } })).status, 200, 'the key itself lives on');
    });

    test('a reused refresh token ends its grant: every token of the family stops working', async () => {
      const key = await issueKey(server.accessStore);
      const { client, code, verifier } = await signIn(key);
      const first = (await exchange(client, code, verifier)).body;
      const second = (await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token as string, client_id: client })).body;
      const third = (await token({ grant_type: 'refresh_token', refresh_token: second.refresh_token as string, client_id: client })).body;
      assert.equal((await listSets(third.access_token as string)).status, 200);
      // The attack: a stolen refresh token, already used by the client, comes back.
      const reused = await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token as string, client_id: client });
      assert.equal(reused.body.error, 'invalid_grant');
      for (const access of [first, second, third]) assert.equal((await listSets(access.access_token as string)).status, 401);
      const latest = await token({ grant_type: 'refresh_token', refresh_token: third.refresh_token as string, client_id: client });
      assert.equal(latest.body.error, 'invalid_grant', 'the newest refresh token of the family too');
      // Another sign-in of the same key is another grant, untouched.
      const other = await signIn(key);
      assert.equal((await listSets((await exchange(other.client, other.code, other.verifier)).body.access_token as string)).status, 200);
    });

    test('nothing of a key, a code or a token reaches the log', async () => {
      const key = await issueKey(server.accessStore);
      const { client, code, verifier } = await signIn(key);
      const tokens = (await exchange(client, code, verifier)).body;
      await listSets(tokens.access_token as string);
      await token({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token as string, client_id: client });
      for (const secret of [key, key.slice(5, 20), code, code.slice(0, 20), tokens.access_token as string, (tokens.access_token as string).slice(5, 25),
        tokens.refresh_token as string, (tokens.refresh_token as string).slice(0, 20), verifier]) {
        assert.equal(logs.text.includes(secret), false, `the log holds ${secret.slice(0, 8)}…`);
      }
      assert.match(logs.text, /\/oauth\/token/, 'the requests are logged');
    });
  });
}
