import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { needsChromium } from '../support/browser.js';
import { CARD_WITH_BROKEN_IMAGE, openPagesInChromium, SCREENSHOTS, seriousViolations, type PagesInChromium } from '../support/catalogPages.js';
import type { RunningServer } from '../support/catalogServer.js';
import { needsSharedDump } from '../support/shared.js';
import { REAL_TCG_LIVE_LIST } from '../support/realDeckList.js';
import { renderCardPage } from '../../src/pages/cardPage.js';

/** What a person sees and does on each page; pageAccessibility.test.ts checks the same pages with axe-core, and their limit. */
describe('the catalog\'s pages in headless Chromium, on the full catalog', { skip: needsSharedDump().skip || needsChromium().skip }, () => {
  let pages: PagesInChromium;
  let server: RunningServer;
  let page: Page;

  before(async () => {
    pages = await openPagesInChromium();
    ({ server, page } = pages);
  });
  after(async () => {
    await pages?.close();
  });

  it('a card page shows its game text, legality, printings and languages, linked to its set and its API answer', async () => {
    const api = (await server.get('/v1/cards?id=en-base1-4')).body.data;
    await page.goto(`${server.baseUrl}/cards/en-base1-4`);
    assert.equal(await page.title(), 'Charizard (Base Set 4/102) · Pokémon TCG Catalog');
    assert.match(await page.getAttribute('meta[name="description"]', 'content') ?? '', /^Charizard: Pokémon Stage 2 from Base Set \(4\/102\), HP 120\. Attacks: Fire Spin\./);
    assert.equal(await page.textContent('h1'), 'Charizard');
    assert.equal(await page.getAttribute('.card-visual img', 'alt'), 'Charizard, Base Set 4/102');
    assert.equal(await page.getAttribute('.card-visual img', 'src'), api.image_large);
    assert.match(await page.textContent('.ability') ?? '', /Pokemon Power\s+Energy Burn/);
    assert.equal(await page.textContent('.attack .attack-name'), 'Fire Spin');
    assert.equal(await page.locator('.attack .cost [aria-label="Fire"]').count(), 4);
    assert.equal(await page.textContent('.attack .damage'), '100');
    assert.match(await page.textContent('dl.stats') ?? '', /Weakness\s*W ×2\s*Resistance\s*F -30\s*Retreat\s*CCC \(3\)/);
    assert.deepEqual(await page.locator('dl.legality dd').allTextContents(), ['Not legal', 'Not legal']);
    assert.equal(await page.locator('.printings li').count(), api.variants.length);
    assert.match(await page.textContent('.printings') ?? '', /1st Edition Holo, Shadowless/);
    assert.deepEqual(await page.locator('.languages a').evaluateAll((links) => links.map((a) => a.getAttribute('href'))),
      api.other_languages.map((other: { id: string }) => `/cards/${other.id}`));
    assert.equal(await page.getAttribute('.facts a', 'href'), '/sets/en-base1');
    assert.equal(await page.getAttribute('a.api-call', 'href'), '/v1/cards?id=en-base1-4');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'card.png') });
  });

  it('a card legal through a reprint says so and links the printings that make it legal', async () => {
    await page.goto(`${server.baseUrl}/cards/en-sv01-196`);
    const standard = await page.textContent('dl.legality div:first-child dd') ?? '';
    assert.match(standard, /^Legal through a reprint: a printing of the same name and game text is legal \(/);
    const reprints = await page.locator('dl.legality div:first-child dd a').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    assert.ok(reprints.includes('/cards/en-me01-131'), String(reprints));
    for (const href of reprints) {
      const id = decodeURIComponent(href!.slice('/cards/'.length));
      const other = (await server.get(`/v1/cards?id=${id}`)).body.data;
      assert.equal(other.name, 'Ultra Ball');
      assert.equal(other.legalities.standard, true);
    }
  });

  it('a card page is cached as the API\'s answers are: an ETag, and 304 for it', async () => {
    const first = await fetch(`${server.baseUrl}/cards/en-base1-4`, { headers: { 'accept-encoding': 'identity' } });
    assert.equal(first.status, 200);
    assert.equal(first.headers.get('content-type'), 'text/html; charset=utf-8');
    const etag = first.headers.get('etag');
    assert.match(etag ?? '', /^"[\w-]{27}"$/);
    assert.equal(first.headers.get('cache-control'), 'private, max-age=300');
    assert.match(first.headers.get('content-security-policy') ?? '', /img-src 'self' data: https:\/\/assets\.tcgdex\.net;/);
    const again = await fetch(`${server.baseUrl}/cards/en-base1-4`, { headers: { 'if-none-match': etag! } });
    assert.equal(again.status, 304);
    assert.equal(await again.text(), '');
    // Compressed as the API's answers are, the same tag but for its coding; a 304 for either form.
    const brotli = await fetch(`${server.baseUrl}/cards/en-base1-4`, { headers: { 'accept-encoding': 'br' } });
    assert.equal(brotli.headers.get('content-encoding'), 'br');
    assert.equal(brotli.headers.get('etag'), `${etag!.slice(0, -1)}-br"`);
    assert.equal(brotli.headers.get('vary'), 'Accept-Encoding');
    assert.equal(await brotli.text(), await first.text(), 'the same page');
    assert.equal((await fetch(`${server.baseUrl}/cards/en-base1-4`, { headers: { 'if-none-match': brotli.headers.get('etag')! } })).status, 304);
    const other = await fetch(`${server.baseUrl}/cards/en-base1-2`, { headers: { 'if-none-match': etag! } });
    assert.equal(other.status, 200);
    const missing = await fetch(`${server.baseUrl}/cards/en-base1-999`);
    assert.equal(missing.status, 404);
    assert.match(await missing.text(), /no card with id en-base1-999/);
  });

  it('an image that fails to load leaves a placeholder of the same size naming the card', async () => {
    await page.goto(`${server.baseUrl}/cards/${CARD_WITH_BROKEN_IMAGE}`, { waitUntil: 'load' });
    const box = page.locator('.card-visual .card-img');
    await box.locator('xpath=self::*[contains(@class, "missing")]').waitFor({ timeout: 10_000 });
    assert.equal(await box.getAttribute('role'), 'img');
    assert.equal(await box.getAttribute('aria-label'), 'Blastoise, Base Set 2/102 (image not available)');
    assert.equal(await page.locator('.card-visual img').count(), 0);
    const size = await box.boundingBox();
    assert.ok(size && Math.abs(size.width / size.height - 600 / 825) < 0.01, `the placeholder keeps the image's shape: ${JSON.stringify(size)}`);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'card-placeholder.png') });
  });

  it('a card without an image shows the placeholder of the same size, without the script\'s help', async () => {
    // No card of the catalog lacks an image URL: the page of one whose URLs are taken away, as the server renders it.
    const card = { ...(await server.get('/v1/cards?id=en-base1-58')).body.data, image_small: null, image_large: null };
    const served = await fetch(`${server.baseUrl}/cards/en-base1-58`);
    const url = `${server.baseUrl}/cards/en-base1-58?without-image`;
    await page.route(url, (route) => route.fulfill({
      status: 200, contentType: 'text/html; charset=utf-8',
      headers: { 'content-security-policy': served.headers.get('content-security-policy')! },
      body: renderCardPage({ card, set: null, reasons: {} }),
    }));
    await page.goto(url);
    const box = page.locator('.card-visual .card-img.missing');
    assert.equal(await box.getAttribute('aria-label'), 'Pikachu, Base Set 58/102 (no image)');
    assert.equal(await box.textContent(), 'Pikachu, Base Set 58/102no image');
    const size = await box.boundingBox();
    assert.ok(size && Math.abs(size.width / size.height - 600 / 825) < 0.01, JSON.stringify(size));
    assert.deepEqual(await seriousViolations(page), []);
    await page.unroute(url);
  });

  it('search "pikachu" shows a grid of cards, each image sized and lazy, and pages on', async () => {
    const requested: string[] = [];
    const track = (request: { url(): string }) => { requested.push(request.url()); };
    page.on('request', track);
    await page.goto(`${server.baseUrl}/search?q=pikachu&lang=en`);
    const api = (await server.get('/v1/cards?q=pikachu&lang=en&limit=30&offset=0')).body;
    const hrefs = () => page.locator('.grid a').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    assert.deepEqual(await hrefs(), api.data.map((card: { id: string }) => `/cards/${card.id}`));
    assert.deepEqual(await page.locator('.grid .name').allTextContents(), api.data.map((card: { name: string }) => card.name));
    const images = await page.locator('.grid img').evaluateAll((imgs) => imgs.map((img) =>
      [img.getAttribute('width'), img.getAttribute('height'), img.getAttribute('loading'), img.getAttribute('alt')]));
    assert.equal(images.length, 30);
    for (const [i, [width, height, loading, alt]] of images.entries()) {
      assert.deepEqual([width, height, loading], ['245', '337', 'lazy']);
      assert.equal(alt, `${api.data[i].name}, ${api.data[i].set_name} ${api.data[i].local_id ?? api.data[i].number}`);
    }
    assert.equal(await page.getAttribute('a.api-call', 'href'), '/v1/cards?q=pikachu&lang=en&limit=30&offset=0');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'search.png') });
    await page.click('a[rel="next"]');
    await page.waitForURL(/page=2/);
    const second = (await server.get('/v1/cards?q=pikachu&lang=en&limit=30&offset=30')).body;
    assert.deepEqual(await hrefs(), second.data.map((card: { id: string }) => `/cards/${card.id}`));
    assert.equal(await page.textContent('.pager span'), 'Page 2');
    assert.equal(await page.locator('a[rel="prev"]').count(), 1);
    // The images come from the source's URLs, as the API gives them.
    assert.ok(requested.includes(api.data[0].image_small), 'the first card\'s image was fetched from the CDN');
    page.off('request', track);
  });

  it('the filters narrow the search as the API\'s filters do, by a plain form', async () => {
    await page.goto(`${server.baseUrl}/search?q=pikachu`);
    await page.selectOption('select[name="lang"]', 'en');
    await page.selectOption('select[name="supertype"]', 'Pokemon');
    await page.selectOption('select[name="type"]', 'Lightning');
    await page.selectOption('select[name="legal"]', 'standard');
    await page.click('form.filters button[type="submit"]');
    await page.waitForURL(/legal=standard/);
    // The empty set field goes too: the page reads it as "any".
    assert.equal(new URL(page.url()).search, '?q=pikachu&lang=en&supertype=Pokemon&type=Lightning&legal=standard&set=');
    const api = (await server.get('/v1/cards?q=pikachu&lang=en&supertype=Pokemon&type=Lightning&legal=standard&limit=30')).body;
    assert.ok(api.data.length > 0);
    for (const card of api.data) assert.equal(card.legalities.standard, true);
    assert.deepEqual(await page.locator('.grid a').evaluateAll((links) => links.map((a) => a.getAttribute('href'))),
      api.data.map((card: { id: string }) => `/cards/${card.id}`));
    // Filters alone, and a set code.
    await page.goto(`${server.baseUrl}/search?set=BS&type=Fire&lang=en`);
    const fire = (await server.get('/v1/cards?set_code=BS&type=Fire&lang=en&limit=30')).body;
    assert.deepEqual(await page.locator('.grid .name').allTextContents(), fire.data.map((card: { name: string }) => card.name));
    const unknownSet = await fetch(`${server.baseUrl}/search?q=pikachu&set=ZZZ`);
    assert.equal(unknownSet.status, 400);
    assert.match(await unknownSet.text(), /class="error" role="alert">set_code ZZZ/);
  });

  it('a search that matches nothing offers "did you mean" from the names lookup', async () => {
    await page.goto(`${server.baseUrl}/search?q=pikachuu&lang=en`);
    assert.match(await page.textContent('[role="status"]') ?? '', /No card matches “pikachuu”/);
    const api = (await server.get('/v1/cards?q=pikachuu&lang=en&limit=30')).body;
    assert.deepEqual(await page.locator('.suggestions a').allTextContents(), api.suggestions);
    await page.click('.suggestions a >> text="Pikachu"');
    await page.waitForURL(/q=Pikachu&lang=en$/);
    assert.equal(await page.locator('.grid li').count(), 30);
  });

  it('works without JavaScript: the grid is in the page as served; with it, the box suggests names as one types', async () => {
    const served = await (await fetch(`${server.baseUrl}/search?q=pikachu&lang=en`)).text();
    assert.equal(served.match(/<li><a href="\/cards\//g)?.length, 30);
    const asked: string[] = [];
    const track = (request: { url(): string }) => { if (request.url().includes('/search/names')) asked.push(request.url()); };
    page.on('request', track);
    // The page's clock stands still while the name is typed, however slowly a loaded machine types
    // it, then runs past the pause the box waits for: one request, for the whole name.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1_000);
    await page.goto(`${server.baseUrl}/cards/en-base1-4`);
    await page.locator('#site-search').pressSequentially('charm', { delay: 30 });
    await page.clock.runFor(1_000);
    await page.locator('#name-suggestions option').first().waitFor({ state: 'attached', timeout: 10_000 });
    const options = await page.locator('#name-suggestions option').evaluateAll((opts) => opts.map((o) => o.getAttribute('value')));
    assert.equal(options[0], 'Charmander');
    assert.deepEqual(asked.map((url) => new URL(url).search), ['?q=charm'], 'one request once typing paused');
    page.off('request', track);
    await page.clock.resume();
    await page.press('#site-search', 'Enter');
    await page.waitForURL(/\/search\?q=charm$/);
    assert.ok(await page.locator('.grid li').count() > 0);
  });

  it('a keyboard reaches everything: the skip link first, then the search box, and Enter searches', async () => {
    await page.goto(`${server.baseUrl}/sets/en-base1`);
    const focused = () => page.evaluate('document.activeElement && (document.activeElement.id || document.activeElement.textContent)') as Promise<string>;
    await page.keyboard.press('Tab');
    assert.equal(await focused(), 'Skip to content');
    await page.keyboard.press('Enter');
    assert.equal(new URL(page.url()).hash, '#content');
    await page.goto(`${server.baseUrl}/sets/en-base1`);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    assert.equal(await focused(), 'site-search');
    await page.keyboard.type('blastoise');
    await Promise.all([page.waitForURL(/\/search\?q=blastoise$/), page.keyboard.press('Enter')]);
    assert.ok(await page.locator('.grid li').count() > 0);
  });

  it('a set page shows its symbol, logo, release date and printed total, and every card in number order', async () => {
    await page.goto(`${server.baseUrl}/sets/en-sv01`);
    const set = (await server.get('/v1/sets?id=en-sv01')).body.data;
    assert.equal(await page.title(), 'Scarlet & Violet (SVI) · Pokémon TCG Catalog');
    assert.equal(await page.getAttribute('img.logo', 'src'), set.logo_url);
    assert.equal(await page.getAttribute('img.symbol', 'src'), set.symbol_url);
    assert.match(await page.textContent('.set-head') ?? '', /Released\s*2023-03-31\s*Printed total\s*198\s*Cards in the catalog\s*258/);
    const listed: Array<{ id: string; number: string }> = [];
    for (let offset = 0; ; offset += 200) {
      const body = (await server.get(`/v1/cards?set=en-sv01&limit=200&offset=${offset}`)).body;
      listed.push(...body.data);
      if (!body.pagination.has_more) break;
    }
    assert.equal(listed.length, 258);
    const hrefs = await page.locator('.grid a').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    assert.deepEqual(hrefs, listed.map((card) => `/cards/${card.id}`));
    const numbers = listed.map((card) => Number.parseInt(card.number, 10));
    assert.deepEqual(numbers, [...numbers].sort((a, b) => a - b), 'in number order');
    assert.equal(await page.getAttribute('a.api-call', 'href'), '/v1/sets?id=en-sv01');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'set.png') });
    const missing = await fetch(`${server.baseUrl}/sets/en-nope`);
    assert.equal(missing.status, 404);
  });

  it('the deck page checks a pasted list: each line\'s card, the verdict, and each problem beside the lines it names', async () => {
    // A real list with a fifth Ultra Ball and a line that names no card.
    const list = `${REAL_TCG_LIVE_LIST.replace('4 Ultra Ball SVI 196', '5 Ultra Ball SVI 196')}\n1 Pikachu XYZ 999\n`;
    const response = await fetch(`${server.baseUrl}/v1/decks/check`, {
      method: 'POST', headers: { authorization: `Bearer ${server.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ list, format: 'expanded' }),
    });
    const api = (await response.json() as { data: any }).data;
    assert.equal(api.legal, false);
    await page.goto(`${server.baseUrl}/decks`);
    await page.fill('#deck-list', list);
    await page.selectOption('select[name="format"]', 'expanded');
    await Promise.all([page.waitForURL(`${server.baseUrl}/decks`), page.click('.deck-form button[type="submit"]')]);
    await page.waitForSelector('.verdict');
    assert.equal(await page.textContent('.verdict'), `Not legal in Expanded: ${api.problems.length} problems (${api.card_count} cards).`);
    assert.equal(await page.inputValue('#deck-list'), list, 'the list stays in the box');
    for (const entry of api.cards) {
      const item = page.locator(`#line-${entry.line}`);
      assert.equal(await item.locator('img').getAttribute('src'), entry.card.image_small);
      assert.match(await item.textContent() ?? '', new RegExp(`${entry.count} × ${entry.card.name.replace(/[()]/g, '\\$&')}`));
    }
    for (const problem of api.problems) {
      if (problem.lines.length === 0) {
        assert.ok((await page.locator('.deck-problems li').allTextContents()).includes(problem.message), problem.message);
      }
      for (const line of problem.lines) {
        const beside = await page.locator(`#line-${line} .problems li`).allTextContents();
        assert.ok(beside.includes(problem.message), `line ${line}: ${problem.message} in ${JSON.stringify(beside)}`);
      }
    }
    const unresolved = api.unresolved[0];
    assert.match(await page.textContent(`#line-${unresolved.line} .problems`) ?? '', new RegExp(`^${unresolved.reason.slice(0, 30)}`));
    assert.ok((await page.locator(`#line-${api.cards.find((c: any) => c.text.startsWith('5 Ultra Ball')).line} .problems`).textContent())?.includes('Ultra Ball appears 5 times'));
    await page.screenshot({ path: path.join(SCREENSHOTS, 'deck.png') });
    // The same check by a link (GET), and a list without a card line.
    const byLink = await fetch(`${server.baseUrl}/decks?format=expanded&list=${encodeURIComponent(list)}`);
    assert.match(await byLink.text(), new RegExp(`Not legal in Expanded: ${api.problems.length} problems`));
    const noCards = await fetch(`${server.baseUrl}/decks?list=${encodeURIComponent('Pokémon: 0')}`);
    assert.equal(noCards.status, 400);
    assert.match(await noCards.text(), /role="alert"/);
  });

  it('no page threw', () => {
    assert.deepEqual(pages.pageErrors, []);
  });
});
