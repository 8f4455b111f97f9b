import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { NOT_JSON } from '../../src/routes/jsonBody.js';
import { startCatalogServer, type RunningServer } from '../support/catalogServer.js';

/** The pages over plain HTTP on the demo catalog; test/browser/catalogPages.test.ts drives them in Chromium on the full one. */
describe('the pages for people over HTTP', () => {
  let server: RunningServer;
  before(async () => { server = await startCatalogServer(); });
  after(async () => { await server.close(); });

  it('answer HTML without a key, with the pages\' policy (the CDN\'s images allowed) and the unkeyed rate-limit headers', async () => {
    for (const path of ['/cards/en-base1-4', '/sets/en-base1', '/search?q=charizard', '/search', '/search?q=name%3Aglurak', '/search/syntax', '/decks']) {
      const response = await fetch(server.baseUrl + path);
      assert.equal(response.status, 200, path);
      assert.equal(response.headers.get('content-type'), 'text/html; charset=utf-8', path);
      assert.match(response.headers.get('content-security-policy') ?? '', /script-src 'self';.*img-src 'self' data: https:\/\/assets\.tcgdex\.net;/, path);
      assert.equal(response.headers.get('x-frame-options'), 'DENY', path);
      assert.equal(response.headers.get('x-ratelimit-limit'), '1000', path);
      const page = await response.text();
      assert.match(page, /^<!doctype html>/, path);
      assert.match(page, /<form class="search-box" action="\/search" method="get" role="search">/, `${path}: the search box`);
      assert.doesNotMatch(page, /<script>|<style|style="| on[a-z]+="/, `${path}: no inline script or style`);
    }
  });

  it('a malformed parameter or an unknown id is an HTML page with the API\'s sentence, not a stack trace', async () => {
    const badPage = await fetch(`${server.baseUrl}/search?q=pikachu&page=0`);
    assert.equal(badPage.status, 400);
    assert.match(await badPage.text(), /<p class="error" role="alert">page must be &gt;= 1<\/p>/);
    const badType = await fetch(`${server.baseUrl}/search?type=Plasma`);
    assert.equal(badType.status, 400);
    assert.equal(badType.headers.get('content-type'), 'text/html; charset=utf-8');
    const missing = await fetch(`${server.baseUrl}/cards/en-base1-999`);
    assert.equal(missing.status, 404);
    const api = await server.get('/v1/cards?id=en-base1-999');
    assert.ok((await missing.text()).includes(api.body.error.replace(/'/g, '&#39;')));
    const missingSet = await fetch(`${server.baseUrl}/sets/xx-none`);
    assert.equal(missingSet.status, 404);
  });

  it('a deck form too large, or a body that is no form, is a page that says so', async () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const tooLarge = await fetch(`${server.baseUrl}/decks`, { method: 'POST', headers: form, body: `list=${'x'.repeat(300 * 1024)}` });
    assert.equal(tooLarge.status, 413);
    assert.equal(tooLarge.headers.get('content-type'), 'text/html; charset=utf-8');
    assert.match(await tooLarge.text(), /<p class="error" role="alert">the form is larger than 256 KiB; a list holds at most 20,000 characters<\/p>/);
    const notAForm = await fetch(`${server.baseUrl}/decks`, { method: 'POST', headers: { 'content-type': 'application/xml' }, body: '<list/>' });
    assert.equal(notAForm.status, 415);
    assert.match(await notAForm.text(), /<p class="error" role="alert">send the deck form as a browser does \(application\/x-www-form-urlencoded\)<\/p>/);
  });

  it('other methods are 405 with Allow, as the API\'s are', async () => {
    for (const [path, allow] of [['/cards/en-base1-4', 'GET, HEAD, OPTIONS'], ['/search', 'GET, HEAD, OPTIONS'], ['/decks', 'GET, POST, HEAD, OPTIONS']]) {
      const response = await fetch(server.baseUrl + path, { method: 'DELETE' });
      assert.equal(response.status, 405, path);
      assert.equal(response.headers.get('allow'), allow, path);
      await response.arrayBuffer();
    }
  });

  it('the box takes a query (anything naming a field), the filters written into it, as /v1\'s query answers it', async () => {
    const cardLinks = (page: string) => [...page.matchAll(/<li><a href="\/cards\/([^"]+)"/g)].map((match) => match[1]);
    const api = async (query: string) => (await server.get(`/v1/cards?query=${encodeURIComponent(query)}&limit=30`)).body.data.map((card: { id: string }) => card.id);
    const page = await (await fetch(`${server.baseUrl}/search?q=${encodeURIComponent('name:glurak OR name:dracaufeu')}`)).text();
    assert.deepEqual(cardLinks(page), await api('name:glurak OR name:dracaufeu'));
    assert.ok(cardLinks(page).length > 0);
    assert.match(page, /\/v1\/cards\?query=name%3Aglurak\+OR\+name%3Adracaufeu/, 'the API call of the same query');
    const filtered = await (await fetch(`${server.baseUrl}/search?q=${encodeURIComponent('hp:>=60')}&type=Fire&supertype=Pokemon`)).text();
    assert.deepEqual(cardLinks(filtered), await api('(hp:>=60) supertype:Pokemon types:Fire'));
    // The filters go into the box as clauses (a set by its catalog code), the language beside it as /v1 takes it.
    const written = await fetch(`${server.baseUrl}/search?q=${encodeURIComponent('hp:>=60')}&lang=en&type=Fire&set=pr-sw&page=2`, { redirect: 'manual' });
    assert.equal(written.status, 303);
    assert.equal(written.headers.get('location'), `/search?q=${encodeURIComponent('hp:>=60 types:Fire set.code:SWSHP').replaceAll('%20', '+')}&lang=en`);
    const broken = await fetch(`${server.baseUrl}/search?q=${encodeURIComponent('hp:')}`);
    assert.equal(broken.status, 400);
    assert.match(await broken.text(), /query: expected a value after &quot;hp:&quot; at 4/);
    const longName = await fetch(`${server.baseUrl}/search?q=${'a'.repeat(61)}`);
    assert.equal(longName.status, 400, 'a name is still at most 60 characters');
  });

  it('/search/syntax lists every field and operator, each example a link to its results', async () => {
    const page = await (await fetch(`${server.baseUrl}/search/syntax`)).text();
    for (const field of ['name', 'attacks.effect', 'set.code', 'legal', 'variant', 'set.release_date']) assert.match(page, new RegExp(`<td><code>${field.replace('.', '\\.')}</code></td>`), field);
    const links = [...page.matchAll(/<a href="(\/search\?q=[^"]+)"/g)].map((match) => match[1]!.replaceAll('&amp;', '&'));
    assert.ok(links.length > 30, `${links.length}`);
    for (const link of links) assert.equal((await fetch(server.baseUrl + link)).status, 200, link);
  });

  it('an empty form field means "any"', async () => {
    const all = await (await fetch(`${server.baseUrl}/search?q=charizard&lang=&type=&supertype=&legal=&set=`)).text();
    const bare = await (await fetch(`${server.baseUrl}/search?q=charizard`)).text();
    assert.equal(all.match(/<li><a href="\/cards\//g)?.length, bare.match(/<li><a href="\/cards\//g)?.length);
  });

  it('the name suggestions are the API\'s autocomplete answer, without a key', async () => {
    const response = await fetch(`${server.baseUrl}/search/names?q=char`);
    assert.equal(response.status, 200);
    const api = await server.get('/v1/cards/autocomplete?q=char');
    assert.deepEqual(await response.json(), api.body);
  });

  it('the pages stay off /v1 and out of the OpenAPI document; the API still wants its key', async () => {
    for (const path of ['/v1/search', '/v1/decks', '/v1/cards/en-base1-4']) {
      const response = await fetch(server.baseUrl + path);
      assert.notEqual(response.headers.get('content-type'), 'text/html; charset=utf-8', path);
      await response.arrayBuffer();
    }
    assert.equal((await fetch(`${server.baseUrl}/v1/cards?id=en-base1-4`)).status, 401);
    const document = (await (await fetch(`${server.baseUrl}/openapi.json`)).json()) as { paths: Record<string, unknown> };
    const pagePaths = ['/search', '/search/names', '/search/syntax', '/cards/{id}', '/sets/{id}', '/decks'];
    assert.deepEqual(Object.keys(document.paths).filter((path) => pagePaths.includes(path)), []);
    // The deck form's body parser is the pages' own: the API still refuses a form.
    const form = await fetch(`${server.baseUrl}/v1/decks/check`, {
      method: 'POST', headers: { authorization: `Bearer ${server.key}`, 'content-type': 'application/x-www-form-urlencoded' }, body: 'list=4+Ralts+SVI+84',
    });
    assert.equal(form.status, 400);
    assert.deepEqual(await form.json(), { error: NOT_JSON, code: 'not_json' });
  });
});
