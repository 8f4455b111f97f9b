import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { needsChromium } from '../support/browser.js';
import { openPagesInChromium, SCREENSHOTS, type PagesInChromium } from '../support/catalogPages.js';
import type { RunningServer } from '../support/catalogServer.js';
import { needsSharedDump } from '../support/shared.js';

type ListedCard = { id: string; name: string; hp: number | string | null; number: string };

/**
 * The search box's query language as a person uses it (catalogPages.test.ts: the page's names and
 * filters). The expected cards come from /v1's filters (type, set_code, lang), which the query
 * language does not answer, with what no filter takes (an HP, a number) checked here.
 */
describe('the search page\'s query box in headless Chromium, on the full catalog', { skip: needsSharedDump().skip || needsChromium().skip }, () => {
  let pages: PagesInChromium;
  let server: RunningServer;
  let page: Page;

  /** Every card /v1's filters list, page after page, in their order. */
  async function filtered(parameters: string): Promise<ListedCard[]> {
    const cards: ListedCard[] = [];
    for (let offset = 0; ; offset += 200) {
      const { status, body } = await server.get(`/v1/cards?${parameters}&limit=200&offset=${offset}`);
      assert.equal(status, 200, parameters);
      cards.push(...body.data);
      if (!body.pagination.has_more) return cards;
    }
  }
  const shownIds = () => page.locator('.grid a').evaluateAll((links) => links.map((a) => a.getAttribute('href')!.slice('/cards/'.length)));
  const hpAtLeast = (card: ListedCard, hp: number) => card.hp !== null && Number(card.hp) >= hp;

  before(async () => {
    pages = await openPagesInChromium();
    ({ server, page } = pages);
  });
  after(async () => {
    await pages?.close();
  });

  it('a query typed in the box finds the cards it names: Fire Pokémon with 100 HP or more, in English', async () => {
    const expected = (await filtered('type=Fire&lang=en')).filter((card) => hpAtLeast(card, 100));
    assert.ok(expected.length > 30, `${expected.length}`);
    await page.goto(`${server.baseUrl}/search`);
    await page.fill('form.filters input[name="q"]', 'types:fire hp:[100 TO *]');
    await page.selectOption('select[name="lang"]', 'en');
    await Promise.all([page.waitForURL(/\/search\?q=/), page.click('form.filters button[type="submit"]')]);
    assert.equal(await page.textContent('h1'), 'Cards matching types:fire hp:[100 TO *]');
    assert.equal(await page.textContent('.count'), `Cards 1–30 of ${expected.length.toLocaleString('en-US')}`);
    assert.deepEqual(await shownIds(), expected.slice(0, 30).map((card) => card.id));
    assert.equal(await page.inputValue('#site-search'), 'types:fire hp:[100 TO *]', 'the box keeps the query');
    assert.equal(await page.getAttribute('a.api-call', 'href'),
      `/v1/cards?query=${encodeURIComponent('types:fire hp:[100 TO *]').replaceAll('%20', '+')}&lang=en&limit=30&offset=0`);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'search-query.png') });
    await Promise.all([page.waitForURL(/page=2/), page.click('a[rel="next"]')]);
    assert.deepEqual(await shownIds(), expected.slice(30, 60).map((card) => card.id));
  });

  it('a plain name typed in the box is still a name search', async () => {
    await page.goto(`${server.baseUrl}/search`);
    await page.fill('#site-search', 'charizard');
    await Promise.all([page.waitForURL(/\/search\?q=charizard$/), page.press('#site-search', 'Enter')]);
    assert.equal(await page.textContent('h1'), 'Cards named “charizard”');
    const api = (await server.get('/v1/cards?q=charizard&limit=30&offset=0')).body;
    assert.ok(api.data.length > 0);
    assert.deepEqual(await shownIds(), api.data.map((card: ListedCard) => card.id));
    assert.equal(await page.getAttribute('a.api-call', 'href'), '/v1/cards?q=charizard&limit=30&offset=0');
  });

  it('a query that cannot be read shows the API\'s sentence naming where, on the page, with the query kept', async () => {
    const api = await server.get(`/v1/cards?query=${encodeURIComponent('types:fire hp:')}`);
    assert.equal(api.body.code, 'invalid_query');
    await page.goto(`${server.baseUrl}/search`);
    await page.fill('#site-search', 'types:fire hp:');
    const [response] = await Promise.all([page.waitForResponse((answer) => answer.url().includes('/search?q=')), page.press('#site-search', 'Enter')]);
    assert.equal(response.status(), 400);
    assert.equal(await page.textContent('p.error[role="alert"]'), api.body.error);
    assert.match(api.body.error, /^query: expected a value after "hp:" at 15$/, 'counted from 1');
    assert.equal(await page.inputValue('#site-search'), 'types:fire hp:');
    assert.equal(await page.locator('.grid').count(), 0);
    const text = await page.textContent('main') ?? '';
    assert.doesNotMatch(text, /QuerySyntaxError|\.js:\d+|^\s+at /m, 'no stack trace');
  });

  it('the filters write themselves into the query as clauses, a set code players write included (PR-SW)', async () => {
    const expected = (await filtered('type=Fire&set_code=PR-SW')).filter((card) => hpAtLeast(card, 100));
    assert.ok(expected.length > 0);
    await page.goto(`${server.baseUrl}/search`);
    await page.fill('form.filters input[name="q"]', 'hp:[100 TO *]');
    await page.selectOption('select[name="type"]', 'Fire');
    await page.fill('input[name="set"]', 'PR-SW');
    await Promise.all([page.waitForURL(/set\.code/), page.click('form.filters button[type="submit"]')]);
    const written = 'hp:[100 TO *] types:Fire set.code:SWSHP';
    assert.equal(new URL(page.url()).searchParams.get('q'), written);
    assert.deepEqual([...new URL(page.url()).searchParams.keys()], ['q'], 'the filters are in the query, not beside it');
    assert.equal(await page.inputValue('form.filters input[name="q"]'), written);
    assert.equal(await page.inputValue('#site-search'), written);
    assert.equal(await page.inputValue('select[name="type"]'), '', 'the select is free for the next filter');
    assert.equal(await page.inputValue('input[name="set"]'), '');
    assert.equal(await page.textContent('.count'), `Cards 1–${Math.min(30, expected.length)} of ${expected.length}`);
    assert.deepEqual(await shownIds(), expected.slice(0, 30).map((card) => card.id));
    // A query with an OR is grouped before the filters join it, since AND binds tighter.
    await page.fill('form.filters input[name="q"]', 'name:charizard OR name:charmander');
    await page.selectOption('select[name="type"]', 'Fire');
    await page.selectOption('select[name="legal"]', 'expanded');
    await page.selectOption('select[name="lang"]', 'en');
    await Promise.all([page.waitForURL(/legal/), page.click('form.filters button[type="submit"]')]);
    assert.equal(new URL(page.url()).searchParams.get('q'), '(name:charizard OR name:charmander) types:Fire legal:expanded');
    assert.equal(new URL(page.url()).searchParams.get('lang'), 'en', 'the language stays a parameter, as /v1 takes it beside query');
    const named = (card: ListedCard) => card.name.toLowerCase().split(/[^\p{L}\p{N}]+/u).some((word) => word === 'charizard' || word === 'charmander');
    const either = (await filtered('type=Fire&legal=expanded&lang=en')).filter(named);
    assert.ok(either.length > 0);
    assert.equal(await page.textContent('.count'), `Cards 1–${Math.min(30, either.length)} of ${either.length}`);
    assert.deepEqual(await shownIds(), either.slice(0, 30).map((card) => card.id));
  });

  it('an example on /search/syntax links to its results', async () => {
    const expected = (await filtered('set_code=BS')).filter((card) => card.number === '4');
    assert.ok(expected.length > 1, 'Charizard in several languages');
    await page.goto(`${server.baseUrl}/search/syntax`);
    await Promise.all([page.waitForURL(/\/search\?q=/), page.click('a:has(code:text-is("number:4 set.code:BS"))')]);
    assert.equal(await page.textContent('h1'), 'Cards matching number:4 set.code:BS');
    assert.deepEqual(await shownIds(), expected.map((card) => card.id));
    assert.ok((await page.locator('.grid .name').allTextContents()).includes('Charizard'));
  });

  it('no page threw', () => {
    assert.deepEqual(pages.pageErrors, []);
  });
});
