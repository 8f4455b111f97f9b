import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { issueKey } from '../support/keys.js';
import { OAuthDriver } from '../support/oauthDriver.js';
import { startServer, type TestServer } from '../support/server.js';
import { onStore, STORE_KINDS } from '../support/stores.js';

/**
 * Two instances on one database, neither with OAUTH_SECRET: a sign-in on one holds on the other,
 * and a replay or reuse on one ends the grant on the other within a second.
 */
for (const store of STORE_KINDS) {
  describe(`OAuth across two instances on one database, no OAUTH_SECRET (${store})`, await onStore(store), () => {
    let first: TestServer;
    let second: TestServer;
    let a: OAuthDriver;
    let b: OAuthDriver;
    before(async () => {
      first = await startServer({ store, ownPublicBaseUrl: true });
      second = await startServer({ store, ownPublicBaseUrl: true, databaseOf: first });
      a = new OAuthDriver(first.baseUrl);
      b = new OAuthDriver(second.baseUrl);
    });
    after(async () => {
      await second?.close();
      await first?.close();
    });

    test('one secret without configuration: a client registered on one instance signs in on the other; its tokens work on both', async () => {
      const key = await issueKey(first.accessStore);
      const client = await a.register();
      const grant = await b.signIn(key, client);
      const tokens = (await a.exchange(grant)).body;
      assert.equal(await a.toolStatus(tokens.access_token as string), 200);
      assert.equal(await b.toolStatus(tokens.access_token as string), 200);
      const renewed = await b.refresh(client, tokens.refresh_token as string);
      assert.equal(renewed.status, 200, JSON.stringify(renewed.body));
      assert.equal(await a.toolStatus(renewed.body.access_token as string), 200);
    });

    test('a code replayed on one instance ends its grant on the other within 1 s', async () => {
      const key = await issueKey(first.accessStore);
      const grant = await a.signIn(key);
      const tokens = (await a.exchange(grant)).body;
      const access = tokens.access_token as string;
      assert.equal(await a.toolStatus(access), 200, 'answered from the first instance\'s memory from now on');
      assert.equal(await a.toolStatus(access), 200);
      assert.equal((await b.exchange(grant)).body.error, 'invalid_grant', 'the replay, on the second instance');
      const refusedAfter = await a.refusedWithin(access, 1000);
      assert.notEqual(refusedAfter, null, 'the first instance refuses the token within 1 s');
      assert.equal((await a.refresh(grant.client, tokens.refresh_token as string)).body.error, 'invalid_grant');
    });

    test('a refresh token reused on one instance ends the whole family on the other within 1 s', async () => {
      const key = await issueKey(first.accessStore);
      const grant = await a.signIn(key);
      const one = (await a.exchange(grant)).body;
      const two = (await a.refresh(grant.client, one.refresh_token as string)).body;
      assert.equal(await b.toolStatus(two.access_token as string), 200);
      assert.equal(await b.toolStatus(two.access_token as string), 200);
      assert.equal((await a.refresh(grant.client, one.refresh_token as string)).body.error, 'invalid_grant', 'the reuse, on the first instance');
      assert.notEqual(await b.refusedWithin(two.access_token as string, 1000), null, 'the newest access token, on the second instance');
      assert.notEqual(await b.refusedWithin(one.access_token as string, 1000), null);
      assert.equal((await b.refresh(grant.client, two.refresh_token as string)).body.error, 'invalid_grant', 'the newest refresh token');
    });

    test('a client that signs out revokes its token (RFC 7009) on one instance: every token of the sign-in dies on the other within 1 s', async () => {
      const metadata = (await a.json('/.well-known/oauth-authorization-server')).body;
      assert.equal(metadata.revocation_endpoint, `${first.baseUrl}/oauth/revoke`);
      assert.deepEqual(metadata.revocation_endpoint_auth_methods_supported, ['none']);
      const key = await issueKey(first.accessStore);
      const grant = await a.signIn(key);
      const tokens = (await a.exchange(grant)).body;
      const access = tokens.access_token as string;
      assert.equal(await b.toolStatus(access), 200);
      const otherClient = await a.register();
      const foreign = await a.form('/oauth/revoke', { token: tokens.refresh_token as string, client_id: otherClient });
      assert.equal(foreign.status, 400, 'another client may not revoke it');
      assert.equal(foreign.body.error, 'invalid_client');
      assert.equal(await b.toolStatus(access), 200, 'nothing was revoked');
      for (const nothing of ['not-a-token', `tcgo_${'A'.repeat(80)}`]) {
        assert.equal((await a.form('/oauth/revoke', { token: nothing })).status, 200, 'a token that is no token is answered 200');
      }
      assert.equal((await a.form('/oauth/revoke', {})).status, 400, 'no token at all');
      const revoked = await a.form('/oauth/revoke', { token: tokens.refresh_token as string, token_type_hint: 'refresh_token', client_id: grant.client });
      assert.equal(revoked.status, 200);
      assert.equal(revoked.headers.get('cache-control'), 'no-store');
      assert.notEqual(await b.refusedWithin(access, 1000), null, 'the access token of the revoked refresh token\'s sign-in');
      assert.equal((await b.refresh(grant.client, tokens.refresh_token as string)).body.error, 'invalid_grant');

      const again = await b.signIn(key);
      const second = (await b.exchange(again)).body;
      assert.equal((await b.form('/oauth/revoke', { token: second.access_token as string })).status, 200, 'an access token, no client_id');
      assert.notEqual(await a.refusedWithin(second.access_token as string, 1000), null);
      assert.equal((await a.refresh(again.client, second.refresh_token as string)).body.error, 'invalid_grant', 'its refresh token too');
      assert.equal((await fetch(new URL('/v1/sets?limit=1', first.baseUrl), { headers: { authorization: `Bearer ${key}` } })).status, 200,
        'the key itself lives on');
    });
  });
}

describe('OAUTH_SECRET rotation across instances: the new secret first, the old one kept, then retired', () => {
  const OLD = 'o'.repeat(40);
  const NEW = 'n'.repeat(40);
  const servers: TestServer[] = [];
  after(async () => {
    for (const server of servers.reverse()) await server.close();
  });

  test('tokens of the old secret work where it is kept; the new one seals; once retired, the old tokens are refused', async () => {
    const before = await startServer({ ownPublicBaseUrl: true, oauthSecrets: [OLD] });
    servers.push(before);
    const rotated = await startServer({ ownPublicBaseUrl: true, oauthSecrets: [NEW, OLD], databaseOf: before });
    servers.push(rotated);
    const retired = await startServer({ ownPublicBaseUrl: true, oauthSecrets: [NEW], databaseOf: before });
    servers.push(retired);
    const [a, b, c] = [before, rotated, retired].map((server) => new OAuthDriver(server.baseUrl)) as [OAuthDriver, OAuthDriver, OAuthDriver];
    const key = await issueKey(before.accessStore);
    const old = (await a.exchange(await a.signIn(key))).body;
    assert.equal(await b.toolStatus(old.access_token as string), 200, 'sealed by the old secret, kept second');
    const client = await b.register();
    const fresh = (await b.exchange(await b.signIn(key, client))).body;
    assert.equal(await c.toolStatus(fresh.access_token as string), 200, 'sealed by the new secret');
    assert.equal(await a.toolStatus(fresh.access_token as string), 401, 'an instance without the new secret cannot read it');
    assert.equal(await c.toolStatus(old.access_token as string), 401, 'the old secret retired');
    assert.equal((await c.authorizePage(client)).status, 200, 'a client registered under the new secret');
    assert.equal(await before.accessStore.oauthSecret('generated', 'probe'), 'probe', 'with OAUTH_SECRET set, no secret was made in the store');
  });
});
