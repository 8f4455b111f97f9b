import assert from 'node:assert/strict';
import type { ServerResponse } from 'node:http';
import { after, before, describe, test } from 'node:test';
import { issueKey } from '../support/keys.js';
import { metadataDocumentServer } from '../support/metadataDocumentServer.js';
import { TEST_REDIRECT_URI } from '../support/oauthClient.js';
import { OAuthDriver } from '../support/oauthDriver.js';
import { startServer, type TestServer } from '../support/server.js';
import { onStore, STORE_KINDS } from '../support/stores.js';

/** Client ID Metadata Documents: the client id is the https URL of a document naming the client and its redirect URIs. */

const send = (response: ServerResponse, body: unknown, headers: Record<string, string> = {}) =>
  response.writeHead(200, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));

let documents: Awaited<ReturnType<typeof metadataDocumentServer>>;
const url = (path: string) => `${documents.origin}${path}`;
const doc = (path: string, fields: Record<string, unknown> = {}) =>
  ({ client_id: url(path), client_name: 'Document client', redirect_uris: [TEST_REDIRECT_URI], token_endpoint_auth_method: 'none', ...fields });

before(async () => {
  let etagAnswers = 0;
  documents = await metadataDocumentServer({
    '/client.json': (_q, r) => send(r, doc('/client.json')),
    '/cached.json': (_q, r) => send(r, doc('/cached.json'), { 'cache-control': 'public, max-age=300' }),
    '/etag.json': (request, response) => {
      if (request.headers['if-none-match'] === '"v1"') return void response.writeHead(304, { etag: '"v1"', 'cache-control': 'no-cache' }).end();
      etagAnswers += 1;
      send(response, doc('/etag.json', { client_name: `ETag client ${etagAnswers}` }), { etag: '"v1"', 'cache-control': 'no-cache' });
    },
    '/big.json': (_q, r) => send(r, doc('/big.json', { padding: 'x'.repeat(6000) })),
    '/moved.json': (_q, r) => r.writeHead(302, { location: url('/client.json') }).end(),
    '/other-id.json': (_q, r) => send(r, doc('/client.json')),
    '/foreign-scheme.json': (_q, r) => send(r, doc('/foreign-scheme.json', { redirect_uris: ['javascript:alert(1)'] })),
    '/not-json.json': (_q, r) => r.writeHead(200, { 'content-type': 'application/json' }).end('{ not json'),
    '/silent.json': () => undefined,
    '/trickle.json': (_q, r) => {
      r.writeHead(200, { 'content-type': 'application/json' });
      r.write('{"client_id": ');
    },
  });
});
after(() => documents?.close());

for (const store of STORE_KINDS) {
  describe(`Client ID Metadata Documents, loopback allowed by the operator (${store})`, await onStore(store), () => {
    let server: TestServer;
    let oauth: OAuthDriver;
    before(async () => {
      server = await startServer({ store, ownPublicBaseUrl: true, oauthClientMetadataPrivateAddresses: true });
      oauth = new OAuthDriver(server.baseUrl);
    });
    after(() => server?.close());

    test('the metadata says documents are taken; a document client signs in and its code is exchanged for tokens that work', async () => {
      assert.equal((await oauth.json('/.well-known/oauth-authorization-server')).body.client_id_metadata_document_supported, true);
      const page = await oauth.authorizePage(url('/client.json'));
      assert.equal(page.status, 200, page.html);
      assert.match(page.html, /id="client-name">Document client</);
      const grant = await oauth.signIn(await issueKey(server.accessStore), url('/client.json'));
      const tokens = await oauth.exchange(grant);
      assert.equal(tokens.status, 200, JSON.stringify(tokens.body));
      assert.equal(await oauth.toolStatus(tokens.body.access_token as string), 200);
      assert.equal((await oauth.refresh(url('/client.json'), tokens.body.refresh_token as string)).status, 200);
      assert.equal((await oauth.exchange({ ...grant, client: url('/cached.json') })).body.error, 'invalid_grant', 'another client id');
    });

    test('documents are kept as HTTP caching says: fresh ones are not fetched again, others are revalidated', async () => {
      const cached = documents.count('/cached.json');
      for (let i = 0; i < 3; i++) assert.equal((await oauth.authorizePage(url('/cached.json'))).status, 200);
      assert.equal(documents.count('/cached.json') - cached, 1, 'max-age=300: fetched once (by this instance)');
      const etag = documents.count('/etag.json');
      const pages = [];
      for (let i = 0; i < 3; i++) pages.push(await oauth.authorizePage(url('/etag.json')));
      assert.equal(documents.count('/etag.json') - etag, 3, 'no-cache: asked each time');
      const revalidations = documents.requests.filter((r) => r.path === '/etag.json' && r.headers['if-none-match'] === '"v1"').length;
      assert.ok(revalidations >= 2, 'with If-None-Match');
      const names = pages.map((p) => /id="client-name">([^<]+)</.exec(p.html)?.[1]);
      assert.ok(names[0]?.startsWith('ETag client'));
      assert.deepEqual(names, [names[0], names[0], names[0]], 'a 304 keeps the document held (the server would have sent another name)');
    });

    test('a document too large, behind a redirect, naming another client, with a foreign scheme or not JSON is refused on our page', async () => {
      const refusals: Array<[string, RegExp]> = [
        ['/big.json', /larger than 5120 bytes/], ['/moved.json', /redirects are not followed/], ['/other-id.json', /names another client_id/],
        ['/foreign-scheme.json', /redirect URI javascript:alert\(1\) must use https/], ['/not-json.json', /is not JSON/], ['/missing.json', /answered HTTP 404/],
      ];
      for (const [path, problem] of refusals) {
        const page = await oauth.authorizePage(url(path));
        assert.equal(page.status, 400, path);
        assert.equal(page.location, null);
        assert.match(page.html, problem, path);
      }
      assert.equal((await oauth.authorizePage(url('/client.json'), 'https://elsewhere.example/cb')).status, 400, 'a redirect URI the document does not name');
      for (const malformed of [`http://127.0.0.1:${documents.port}/client.json`, `${documents.origin}/`, `${url('/client.json')}#f`, `${documents.origin}/a/../client.json`]) {
        assert.equal((await oauth.authorizePage(malformed)).status, 400, malformed);
      }
    });

    if (store === 'sqlite') {
      test('a document that does not come whole within 5 s is refused', async () => {
        const started = performance.now();
        const pages = await Promise.all([oauth.authorizePage(url('/silent.json')), oauth.authorizePage(url('/trickle.json'))]);
        for (const page of pages) {
          assert.equal(page.status, 400);
          assert.match(page.html, /no whole answer within 5 s/);
        }
        assert.ok(performance.now() - started < 6500);
      });
    }
  });
}

describe('Client ID Metadata Documents on a private address, as the operator leaves it (refused)', () => {
  let server: TestServer;
  let oauth: OAuthDriver;
  before(async () => {
    server = await startServer({ ownPublicBaseUrl: true });
    oauth = new OAuthDriver(server.baseUrl);
  });
  after(() => server?.close());

  test('a client id on a loopback address, by number or by name, is refused without a request being sent', async () => {
    const before = documents.requests.length;
    for (const clientId of [url('/client.json'), `https://localhost:${documents.port}/client.json`]) {
      const page = await oauth.authorizePage(clientId);
      assert.equal(page.status, 400, clientId);
      assert.match(page.html, /not a public address/, clientId);
    }
    assert.equal(documents.requests.length, before, 'the document server was never asked');
  });
});
