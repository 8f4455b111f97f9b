import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { BrowserContext, Page } from 'playwright-core';
import { CATALOG_IMAGE_ORIGIN } from '../../src/edge/securityHeaders.js';

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
