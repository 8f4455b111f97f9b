import assert from 'node:assert/strict';
import { pkcePair, TEST_REDIRECT_URI } from './oauthClient.js';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

export interface JsonAnswer {
  status: number;
  headers: Headers;
  body: Record<string, unknown>;
}

/** OAuth's endpoints of one instance driven by hand, as a client and a person on the sign-in page would. */
export class OAuthDriver {
  constructor(readonly base: string) {}

  async json(path: string, init: RequestInit = {}): Promise<JsonAnswer> {
    const response = await fetch(new URL(path, this.base), init);
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text === '' ? {} : JSON.parse(text) as Record<string, unknown> };
  }

  form(path: string, fields: Record<string, string>): Promise<JsonAnswer> {
    return this.json(path, { method: 'POST', headers: FORM, body: new URLSearchParams(fields).toString() });
  }

  async register(redirectUris = [TEST_REDIRECT_URI]): Promise<string> {
    const answer = await this.json('/oauth/register', { method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ redirect_uris: redirectUris, client_name: 'Test client' }) });
    assert.equal(answer.status, 201, JSON.stringify(answer.body));
    return answer.body.client_id as string;
  }

  /** GET /oauth/authorize for this client and redirect URI (a PKCE challenge made up): its status, Location and page. */
  async authorizePage(clientId: string, redirectUri = TEST_REDIRECT_URI): Promise<{ status: number; location: string | null; html: string }> {
    const query = new URLSearchParams({ response_type: 'code', client_id: clientId, redirect_uri: redirectUri, code_challenge: pkcePair().challenge,
      code_challenge_method: 'S256', state: 's' });
    const page = await fetch(new URL(`/oauth/authorize?${query}`, this.base), { redirect: 'manual' });
    return { status: page.status, location: page.headers.get('location'), html: await page.text() };
  }

  /** The sign-in page for `clientId`, the form sent with `key`: the code (and what the exchange needs). */
  async signIn(key: string, clientId?: string, redirectUri = TEST_REDIRECT_URI): Promise<{ client: string; code: string; verifier: string; redirectUri: string }> {
    const client = clientId ?? await this.register([redirectUri]);
    const { verifier, challenge } = pkcePair();
    const query = new URLSearchParams({ response_type: 'code', client_id: client, redirect_uri: redirectUri, code_challenge: challenge,
      code_challenge_method: 'S256', state: 's' });
    const page = await fetch(new URL(`/oauth/authorize?${query}`, this.base), { redirect: 'manual' });
    const html = await page.text();
    assert.equal(page.status, 200, html);
    const sealed = /name="request" value="([^"]+)"/.exec(html)![1]!;
    const answer = await fetch(new URL('/oauth/authorize', this.base), {
      method: 'POST', redirect: 'manual', headers: { ...FORM, cookie: page.headers.get('set-cookie')!.split(';')[0]! },
      body: new URLSearchParams({ request: sealed, key }).toString(),
    });
    assert.equal(answer.status, 303);
    const code = new URL(answer.headers.get('location')!).searchParams.get('code')!;
    return { client, code, verifier, redirectUri };
  }

  exchange(grant: { client: string; code: string; verifier: string; redirectUri: string }): Promise<JsonAnswer> {
    return this.form('/oauth/token', { grant_type: 'authorization_code', client_id: grant.client, code: grant.code, code_verifier: grant.verifier,
      redirect_uri: grant.redirectUri });
  }

  refresh(client: string, refreshToken: string): Promise<JsonAnswer> {
    return this.form('/oauth/token', { grant_type: 'refresh_token', client_id: client, refresh_token: refreshToken });
  }

  /** The status of a keyed MCP tool call with this token. */
  async toolStatus(token: string): Promise<number> {
    const response = await fetch(new URL('/mcp', this.base), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${token}` },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'list_sets', arguments: { limit: 1 } } }),
    });
    await response.arrayBuffer();
    return response.status;
  }

  /** How long until a tool call with this token is refused (401), polled every 20 ms up to `withinMs`; null if it never was. */
  async refusedWithin(token: string, withinMs: number): Promise<number | null> {
    const start = performance.now();
    while (performance.now() - start < withinMs) {
      if (await this.toolStatus(token) === 401) return performance.now() - start;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return null;
  }
}
