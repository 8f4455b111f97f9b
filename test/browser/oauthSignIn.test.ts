import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Page } from 'playwright-core';
import { launchChromium, needsChromium, type HeadlessBrowser } from '../support/browser.js';
import { modernSdk } from '../support/inspector.js';
import { issueKey } from '../support/keys.js';
import { metadataDocumentServer } from '../support/metadataDocumentServer.js';
import { TestOAuthProvider } from '../support/oauthClient.js';
import { startServer, type TestServer } from '../support/server.js';
import { onStore, STORE_KINDS } from '../support/stores.js';

const WAIT = { timeout: 30_000 };
/** Every keyed tool, with arguments that answer. */
const KEYED_CALLS: Array<[string, Record<string, unknown>]> = [
  ['search_cards', { q: 'pikachu', limit: 2 }], ['get_card', { id: 'en-base1-4' }], ['find_card', { name: 'charizard' }],
  ['list_cards_in_set', { set_id: 'en-base1', limit: 2 }], ['list_sets', { limit: 2 }], ['get_set', { id: 'en-base1' }],
  ['check_deck', { list: '4 Pikachu BS 58' }],
];

/** The client's redirect URI: a loopback listener that hands over each query it is sent. */
async function callbackServer() {
  const waiting: Array<(query: URLSearchParams) => void> = [];
  const server = http.createServer((request, response) => {
    const query = new URL(request.url ?? '/', 'http://127.0.0.1').searchParams;
    response.writeHead(200, { 'content-type': 'text/plain' }).end('signed in; you may close this window');
    waiting.shift()?.(query);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/callback`,
    next: () => new Promise<URLSearchParams>((resolve) => waiting.push(resolve)),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

for (const store of STORE_KINDS) {
  describe(`an MCP client (the official SDK's) signs in with OAuth through the page in headless Chromium (${store})`,
    needsChromium().skip ? needsChromium() : await onStore(store), () => {
      let server: TestServer;
      let browser: HeadlessBrowser;
      let page: Page;
      let callback: Awaited<ReturnType<typeof callbackServer>>;

      before(async () => {
        server = await startServer({ store, ownPublicBaseUrl: true });
        callback = await callbackServer();
        browser = await launchChromium();
        page = browser.context.pages()[0] ?? await browser.context.newPage();
      });
      after(async () => {
        await browser?.close();
        await callback?.close();
        await server?.close();
      });

      /** A connected SDK client with our provider, refused on its first keyed call and sent to the sign-in page. */
      async function connectAndGetSentToSignIn() {
        const provider = new TestOAuthProvider(callback.url);
        const transport = new StreamableHTTPClientTransport(new URL('/mcp', server.baseUrl), { authProvider: provider });
        const client = new Client({ name: 'tcg-catalog-oauth-tests', version: '1.0.0' });
        await client.connect(transport);
        assert.ok((await client.listTools()).tools.length > 0, 'tools/list needs no sign-in');
        await assert.rejects(client.callTool({ name: 'list_sets', arguments: {} }), UnauthorizedError);
        assert.ok(provider.client, 'the client registered');
        const url = provider.authorizationUrl;
        assert.ok(url, 'the client was sent to the sign-in page');
        assert.equal(`${url.origin}${url.pathname}`, `${server.baseUrl}/oauth/authorize`);
        return { provider, transport, client, url };
      }

      async function finish(provider: TestOAuthProvider, transport: StreamableHTTPClientTransport, query: URLSearchParams) {
        assert.equal(query.get('state'), provider.stateValue);
        assert.equal(query.get('iss'), server.baseUrl);
        await transport.finishAuth(query.get('code')!);
        assert.match(provider.saved?.access_token ?? '', /^tcgo_/);
      }

      async function callEveryKeyedTool(client: Client): Promise<void> {
        for (const [name, args] of KEYED_CALLS) {
          const result = await client.callTool({ name, arguments: args }) as CallToolResult;
          assert.notEqual(result.isError, true, `${name}: ${JSON.stringify(result.content)}`);
        }
      }

      const usedBy = async (key: string) => Number((await fetch(new URL('/v1/sets?limit=1', server.baseUrl),
        { headers: { authorization: `Bearer ${key}` } })).headers.get('x-ratelimit-used'));

      it('with an email: a new key shown once, back to the client, the code exchanged, every keyed tool answers on the key\'s quota', async () => {
        const { provider, transport, client, url } = await connectAndGetSentToSignIn();
        await page.goto(url.href, WAIT);
        await page.fill('#email', 'brock@example.com');
        await page.click('#email-submit');
        const key = (await page.textContent('#new-key', WAIT))?.trim() ?? '';
        assert.match(key, /^tcgk_/);
        const [query] = await Promise.all([callback.next(), page.click('#continue')]);
        await finish(provider, transport, query);
        await callEveryKeyedTool(client);
        assert.equal(await usedBy(key), KEYED_CALLS.length + 1, 'each tool call counted once on the key');
        await client.close();
      });

      it('with a key pasted: back to the client at once; revoking the key kills the token', async () => {
        const key = await issueKey(server.accessStore);
        const { provider, transport, client, url } = await connectAndGetSentToSignIn();
        await page.goto(url.href, WAIT);
        await page.fill('#key', key);
        const [query] = await Promise.all([callback.next(), page.click('#key-submit')]);
        await finish(provider, transport, query);
        await callEveryKeyedTool(client);
        assert.equal(await usedBy(key), KEYED_CALLS.length + 1);

        await server.accessStore.revokeKeys({ prefix: key.slice(0, 13) }, new Date().toISOString());
        // The SDK tries its refresh token (refused: the key is revoked), then asks for a new sign-in.
        provider.authorizationUrl = undefined;
        await assert.rejects(client.callTool({ name: 'list_sets', arguments: {} }), UnauthorizedError);
        assert.ok(provider.authorizationUrl, 'sent to sign in again');
        await client.close();
      });
    });
}

/** One official SDK client, as the sign-in needs it: connect with an OAuth provider, finish with the redirect's query, call tools. */
interface SdkClient {
  callTool(name: string, args: Record<string, unknown>): Promise<CallToolResult>;
  finish(query: URLSearchParams): Promise<void>;
  close(): Promise<void>;
}

const SDKS: Array<{ name: string; connect(url: URL, provider: TestOAuthProvider): Promise<SdkClient>; unauthorized(error: unknown): boolean }> = [
  {
    name: 'SDK 1.x',
    async connect(url, provider) {
      const transport = new StreamableHTTPClientTransport(url, { authProvider: provider });
      const client = new Client({ name: 'tcg-catalog-oauth-tests', version: '1.0.0' });
      await client.connect(transport);
      return {
        callTool: async (name, args) => await client.callTool({ name, arguments: args }) as CallToolResult,
        finish: (query) => transport.finishAuth(query.get('code')!),
        close: () => client.close(),
      };
    },
    unauthorized: (error) => error instanceof UnauthorizedError,
  },
  {
    name: 'SDK 2.x (@modelcontextprotocol/client)',
    async connect(url, provider) {
      const sdk = modernSdk();
      const transport = new sdk.StreamableHTTPClientTransport(url, { authProvider: provider });
      const client = new sdk.Client({ name: 'tcg-catalog-oauth-tests', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
      await client.connect(transport);
      return {
        callTool: async (name, args) => await client.callTool({ name, arguments: args }) as unknown as CallToolResult,
        finish: (query) => transport.finishAuth(query),
        close: () => client.close(),
      };
    },
    unauthorized: (error) => error instanceof modernSdk().UnauthorizedError,
  },
];

for (const store of STORE_KINDS) {
  describe(`the SDK clients 1.x and 2.x sign in through the page in headless Chromium, registered or by metadata document (${store})`,
    needsChromium().skip ? needsChromium() : await onStore(store), () => {
      let server: TestServer;
      let browser: HeadlessBrowser;
      let page: Page;
      let callback: Awaited<ReturnType<typeof callbackServer>>;
      let documents: Awaited<ReturnType<typeof metadataDocumentServer>>;

      before(async () => {
        callback = await callbackServer();
        documents = await metadataDocumentServer({
          '/mcp-client.json': (_request, response) => response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'max-age=60' })
            .end(JSON.stringify({ client_id: `${documents.origin}/mcp-client.json`, client_name: 'Document-named client', redirect_uris: [callback.url],
              grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], token_endpoint_auth_method: 'none' })),
        });
        // The metadata document is on this machine's loopback address, which the operator's setting allows.
        server = await startServer({ store, ownPublicBaseUrl: true, oauthClientMetadataPrivateAddresses: true });
        browser = await launchChromium();
        page = browser.context.pages()[0] ?? await browser.context.newPage();
      });
      after(async () => {
        await browser?.close();
        await documents?.close();
        await callback?.close();
        await server?.close();
      });

      for (const sdk of SDKS) {
        for (const by of ['registration', 'metadata document'] as const) {
          it(`${sdk.name}, by ${by}: sent to the page, signs in with a key, every keyed tool answers on the key's quota`, async () => {
            const provider = new TestOAuthProvider(callback.url);
            if (by === 'metadata document') provider.clientMetadataUrl = `${documents.origin}/mcp-client.json`;
            const client = await sdk.connect(new URL('/mcp', server.baseUrl), provider);
            await assert.rejects(client.callTool('list_sets', {}), (error) => sdk.unauthorized(error));
            const url = provider.authorizationUrl;
            assert.ok(url, 'sent to the sign-in page');
            assert.equal(url.searchParams.get('client_id'), by === 'registration' ? provider.client?.client_id : `${documents.origin}/mcp-client.json`);

            const key = await issueKey(server.accessStore);
            await page.goto(url.href, WAIT);
            if (by === 'metadata document') {
              assert.equal((await page.textContent('#client-name'))?.trim(), 'Document-named client', 'named by its document');
              assert.ok(documents.count('/mcp-client.json') > 0, 'which the service fetched');
            }
            await page.fill('#key', key);
            const [query] = await Promise.all([callback.next(), page.click('#key-submit')]);
            assert.equal(query.get('iss'), server.baseUrl);
            await client.finish(query);
            assert.match(provider.saved?.access_token ?? '', /^tcgo_/);
            for (const [name, args] of KEYED_CALLS) {
              const result = await client.callTool(name, args);
              assert.notEqual(result.isError, true, `${name}: ${JSON.stringify(result.content)}`);
            }
            assert.equal(await usedBy(server.baseUrl, key), KEYED_CALLS.length + 1, 'each tool call counted once on the key');
            await client.close();
          });
        }
      }
    });
}

async function usedBy(base: string, key: string): Promise<number> {
  return Number((await fetch(new URL('/v1/sets?limit=1', base), { headers: { authorization: `Bearer ${key}` } })).headers.get('x-ratelimit-used'));
}
