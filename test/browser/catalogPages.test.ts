import assert from 'node:assert/strict';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { runImport } from '../../src/importer/runImport.js';
import { StoredCatalog } from '../../src/catalog/storedCatalog.js';
import { SqliteCatalogBackend } from '../../src/store/sqlite/sqliteCatalogBackend.js';
import { launchChromium, needsChromium, type HeadlessBrowser } from '../support/browser.js';
import { DESKTOP, PHONE, seriousViolations, serveStandInImages } from '../support/catalogPages.js';
import { startCatalogServer, tempDir, type RunningServer } from '../support/catalogServer.js';
import { needsSharedDump, projectRoot, sharedDumpDir } from '../support/shared.js';

/** Where the test leaves its screenshots (gitignored); docs/screenshots/ holds copies. */
const SCREENSHOTS = path.join(projectRoot, 'test-output', 'pages');
/** Its large image fails to load, as a broken link would. */
const CARD_WITH_BROKEN_IMAGE = 'en-base1-2';

describe('the catalog\'s pages in headless Chromium, on the full catalog', { ...needsSharedDump(), ...needsChromium() }, () => {
  let server: RunningServer;
  let browser: HeadlessBrowser;
  let page: Page;
  let dir: string;
  const pageErrors: string[] = [];

  before(async () => {
    dir = tempDir();
    const file = path.join(dir, 'catalog.db');
    const store = new StoredCatalog(new SqliteCatalogBackend(file));
    await runImport(sharedDumpDir, store);
    await store.close();
    server = await startCatalogServer({ catalogFile: file });
    browser = await launchChromium();
    await serveStandInImages(browser.context, (url) => url.includes(`/base1/${CARD_WITH_BROKEN_IMAGE.split('-').at(-1)}/`));
    page = browser.context.pages()[0] ?? await browser.context.newPage();
    page.on('pageerror', (error) => { pageErrors.push(error.message); });
    mkdirSync(SCREENSHOTS, { recursive: true });
  });
  after(async () => {
    await browser?.close();
    await server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** Opens a page at both widths: no serious or critical axe violation at either; a screenshot of each. */
  async function checkAccessible(url: string, name: string): Promise<void> {
    for (const [width, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
      await page.setViewportSize(viewport);
      await page.goto(server.baseUrl + url, { waitUntil: 'load' });
      assert.deepEqual(await seriousViolations(page), [], `${url} at ${width} width`);
      const overflow = await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth') as number;
      assert.ok(overflow <= 0, `${url} scrolls sideways at ${width} width by ${overflow}px`);
      await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${width}.png`), fullPage: false });
    }
    await page.setViewportSize(DESKTOP);
  }

  it('a card page shows its game text, legality, printings and languages, linked to its set and its API answer', async () => {
    const api = (await server.get('/v1/cards?id=en-base1-4')).body.data;
    await page.goto(`${server.baseUrl}/cards/en-base1-4`);
    assert.equal(await page.title(), 'Charizard (Base Set 4/102) · Pokémon TCG Catalog');
    assert.match(await page.getAttribute('meta[name="description"]', 'content') ?? '', /^Charizard: Pokemon Stage2 from Base Set \(4\/102\), HP 120\. Attacks: Fire Spin\./);
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
    const first = await fetch(`${server.baseUrl}/cards/en-base1-4`);
    assert.equal(first.status, 200);
    assert.equal(first.headers.get('content-type'), 'text/html; charset=utf-8');
    const etag = first.headers.get('etag');
    assert.match(etag ?? '', /^"[\w-]{27}"$/);
    assert.equal(first.headers.get('cache-control'), 'private, max-age=300');
    assert.match(first.headers.get('content-security-policy') ?? '', /img-src 'self' data: https:\/\/assets\.tcgdex\.net;/);
    const again = await fetch(`${server.baseUrl}/cards/en-base1-4`, { headers: { 'if-none-match': etag! } });
    assert.equal(again.status, 304);
    assert.equal(await again.text(), '');
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

  it('the card page passes axe-core at desktop and phone widths', async () => {
    await checkAccessible('/cards/en-base1-4', 'card');
    await checkAccessible('/cards/en-sv01-196', 'card-reprint');
  });

  it('no page threw', () => {
    assert.deepEqual(pageErrors, []);
  });
});
