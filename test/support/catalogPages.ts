import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { CATALOG_IMAGE_ORIGIN } from '../../src/edge/securityHeaders.js';
import { launchChromium, type HeadlessBrowser } from './browser.js';
import { startCatalogServer, tempDir, type RunningServer } from './catalogServer.js';
import { importedCatalog } from './importedCatalog.js';
import { projectRoot } from './shared.js';

/** Where the page tests leave their screenshots (gitignored); docs/screenshots/ holds copies. */
export const SCREENSHOTS = path.join(projectRoot, 'test-output', 'pages');
/** Its large image fails to load, as a broken link would. */
export const CARD_WITH_BROKEN_IMAGE = 'en-base1-2';

/** Desktop and phone viewports the pages are checked at. */
export const DESKTOP = { width: 1280, height: 1000 };
export const PHONE = { width: 390, height: 844 };

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation { id: string; impact: string | null; help: string; targets: string[] }

/**
 * axe-core's serious and critical violations on the page as it is now. The script goes in through
 * the DevTools protocol (page.evaluate), which the page's Content-Security-Policy does not govern.
 */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(axeSource);
  // A string, run in the page: this project's types know no DOM.
  const violations = await page.evaluate(`axe.run(document, { resultTypes: ['violations'] }).then((result) =>
    result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) })))`) as AxeViolation[];
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/**
 * The CDN's images as the tests see them (the machine has no internet): a stand-in card drawn
 * for each image URL, except the URLs `failing` names, which fail as a broken link would.
 */
export async function serveStandInImages(context: BrowserContext, failing: (url: string) => boolean): Promise<void> {
  await context.route(`${CATALOG_IMAGE_ORIGIN}/**`, async (route) => {
    const url = route.request().url();
    if (failing(url)) return route.fulfill({ status: 404, contentType: 'text/plain', body: 'not found' });
    const path = new URL(url).pathname;
    if (path.endsWith('/logo.webp') || path.endsWith('/symbol.webp')) {
      const logo = path.endsWith('/logo.webp');
      const svg = logo
        ? '<svg xmlns="http://www.w3.org/2000/svg" width="240" height="100"><rect x="2" y="2" width="236" height="96" rx="20" fill="#2b64c5"/>' +
          '<text x="120" y="58" font-family="sans-serif" font-size="18" text-anchor="middle" fill="#fff">stand-in set logo</text></svg>'
        : '<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32"><circle cx="16" cy="16" r="14" fill="#1d2433"/></svg>';
      return route.fulfill({ status: 200, contentType: 'image/svg+xml', body: svg });
    }
    const [width, height] = path.endsWith('/high.webp') ? [600, 825] : [245, 337];
    const label = path.split('/').slice(-3, -1).join(' ').replace(/[<&>"]/g, '');
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 245 337">` +
      '<rect x="2" y="2" width="241" height="333" rx="12" fill="#f2d16b" stroke="#b08a2e" stroke-width="4"/>' +
      '<rect x="18" y="40" width="209" height="130" fill="#fff8dc" stroke="#b08a2e"/>' +
      `<text x="122" y="220" font-family="sans-serif" font-size="16" text-anchor="middle" fill="#5a4210">${label}</text>` +
      '<text x="122" y="300" font-family="sans-serif" font-size="11" text-anchor="middle" fill="#5a4210">stand-in for the TCGdex image</text></svg>';
    return route.fulfill({ status: 200, contentType: 'image/svg+xml', body: svg });
  });
}

/** The pages of the full catalog in headless Chromium: a copy of the imported catalog, a server on it, one page, and what the pages threw. */
export interface PagesInChromium {
  file: string;
  server: RunningServer;
  page: Page;
  pageErrors: string[];
  close(): Promise<void>;
}

/** Copies the imported full catalog (importing it once), serves it, and opens Chromium with the stand-in images. */
export async function openPagesInChromium(): Promise<PagesInChromium> {
  const dir = tempDir();
  let server: RunningServer | undefined;
  let browser: HeadlessBrowser | undefined;
  const close = async () => {
    await browser?.close();
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const { file } = await importedCatalog(dir);
    server = await startCatalogServer({ catalogFile: file });
    browser = await launchChromium();
    await serveStandInImages(browser.context, (url) => url.includes(`/base1/${CARD_WITH_BROKEN_IMAGE.split('-').at(-1)}/`));
    const page = browser.context.pages()[0] ?? await browser.context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => { pageErrors.push(error.message); });
    mkdirSync(SCREENSHOTS, { recursive: true });
    return { file, server, page, pageErrors, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Opens a page at both widths: no serious or critical axe violation at either, no sideways scrolling; a screenshot of each. */
export async function checkAccessible({ server, page }: PagesInChromium, url: string, name: string): Promise<void> {
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
