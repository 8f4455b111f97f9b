import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Page, Response } from 'playwright-core';
import { MESSAGES } from '../../src/access/messages.js';
import { launchChromium, needsChromium, type HeadlessBrowser } from '../support/browser.js';
import { projectRoot } from '../support/shared.js';
import { startServer, type TestServer } from '../support/server.js';

/** Where the test leaves its screenshot (gitignored); docs/home-page.png is a copy of one. */
export const SCREENSHOT = path.join(projectRoot, 'test-output', 'home-page.png');
const WAIT = { timeout: 30_000 };
const GET_CARDS = '#operations-cards-getCards';

// Every CSP violation the page meets, whether or not the browser also logs it.
const REPORT_CSP_VIOLATIONS = `document.addEventListener('securitypolicyviolation',
  (event) => window.reportCspViolation(event.violatedDirective + ' blocked ' + event.blockedURI));`;

describe('the home page in headless Chromium', needsChromium(), () => {
  let server: TestServer;
  let browser: HeadlessBrowser;
  let page: Page;
  const consoleErrors: Array<{ text: string; url: string }> = [];
  const cspViolations: string[] = [];
  const requested: string[] = [];
  const email = 'ash@example.com';

  before(async () => {
    server = await startServer();
    browser = await launchChromium();
    await browser.context.exposeBinding('reportCspViolation', (_source, violation: string) => { cspViolations.push(violation); });
    await browser.context.addInitScript({ content: REPORT_CSP_VIOLATIONS });
    browser.context.on('request', (request) => { requested.push(request.url()); });
    page = browser.context.pages()[0] ?? await browser.context.newPage();
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push({ text: message.text(), url: message.location().url });
    });
    page.on('pageerror', (error) => { consoleErrors.push({ text: `uncaught: ${error.message}`, url: page.url() }); });
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  /** Submits the sign-up form on a fresh load of the page; the API's answer. */
  async function signUp(address: string, source?: string): Promise<Response> {
    await page.goto(`${server.baseUrl}/`);
    await page.fill('#key-email', address);
    if (source) await page.fill('#key-source', source);
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url() === `${server.baseUrl}/v1/keys`, WAIT),
      page.click('#key-form button[type="submit"]'),
    ]);
    return response;
  }

  it('loads with the store\'s figures, the reference and no console error, CSP violation or other host', async () => {
    await page.goto(`${server.baseUrl}/`, { waitUntil: 'load' });
    await page.waitForSelector(GET_CARDS, WAIT);
    const summary = await server.catalogStore.summary();
    assert.equal(await page.textContent('#count-cards'), summary.cards.toLocaleString('en-US'));
    assert.equal(await page.textContent('#count-sets'), summary.sets.toLocaleString('en-US'));
    assert.equal(await page.textContent('#count-languages'), String(summary.languages.length));
    assert.equal(await page.textContent('#catalog-version'), summary.version);
    assert.match(await page.textContent('#get-a-key') ?? '', /1,000 requests per calendar month/);
    assert.match(await page.textContent('#licence') ?? '', /TCGdex, under the MIT licence/);
    assert.match(await page.textContent('#mcp-config') ?? '', /"url": "https:\/\/tcg\.example\.test\/mcp"/);
    assert.deepEqual(consoleErrors, []);
    assert.deepEqual(cspViolations, []);
    assert.deepEqual(requested.filter((url) => new URL(url).origin !== server.baseUrl), []);
  });

  it('the sign-up form shows the new key once, its try_it command and the MCP configuration with it', async () => {
    const response = await signUp(email, 'a browser test');
    assert.equal(response.status(), 201);
    const created = await response.json() as { key: string; try_it: string };
    await page.waitForSelector('#key-result:not([hidden])', WAIT);
    assert.equal(await page.textContent('#new-key'), created.key);
    assert.equal(await page.textContent('#try-it'), created.try_it);
    assert.match(await page.textContent('#mcp-config') ?? '', new RegExp(`"Authorization": "Bearer ${created.key}"`));
    assert.equal(await page.isVisible('#key-form'), false);
    mkdirSync(path.dirname(SCREENSHOT), { recursive: true });
    await page.screenshot({ path: SCREENSHOT });
  });

  it('"try it" in the reference runs as that key: GET /v1/cards answers 200 with the card', async () => {
    const key = await page.textContent('#new-key');
    await page.waitForSelector(GET_CARDS, WAIT);
    await page.click(`${GET_CARDS} .opblock-summary`);
    const id = `${GET_CARDS} tr[data-param-name="id"] input`;
    await page.waitForSelector(id, WAIT);
    assert.equal(await page.inputValue(id), 'en-base1-4', 'the example is filled in, so Execute works at once');
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().startsWith(`${server.baseUrl}/v1/cards?`), WAIT),
      page.click(`${GET_CARDS} .execute`),
    ]);
    assert.equal(response.request().headers().authorization, `Bearer ${key}`);
    assert.equal(response.status(), 200);
    const body = await response.json() as { data: { id: string; name: string } };
    assert.deepEqual([body.data.id, body.data.name], ['en-base1-4', 'Charizard']);
    await page.waitForSelector(`${GET_CARDS} .live-responses-table tbody .response-col_status`, WAIT);
    assert.equal((await page.textContent(`${GET_CARDS} .live-responses-table tbody .response-col_status`))?.trim(), '200');
    assert.deepEqual(consoleErrors, []);
  });

  it('a second key for the same email shows the 409 sentence the API returns', async () => {
    const response = await signUp(email.toUpperCase());
    assert.equal(response.status(), 409);
    await page.waitForSelector('#key-error:not([hidden])', WAIT);
    assert.equal(await page.textContent('#key-error'), ((await response.json()) as { error: string }).error);
    assert.equal(await page.textContent('#key-error'), MESSAGES.emailTaken);
    assert.equal(await page.isVisible('#key-result'), false);
  });

  it('an address past its keys for the day shows the 429 sentence the API returns', async () => {
    let response = await signUp('misty@example.com');
    for (let n = 0; response.status() === 201 && n < 5; n += 1) response = await signUp(`brock${n}@example.com`);
    assert.equal(response.status(), 429);
    await page.waitForSelector('#key-error:not([hidden])', WAIT);
    const sentence = ((await response.json()) as { error: string }).error;
    assert.match(sentence, /^this address has already created 3 keys today; try again after /);
    assert.equal(await page.textContent('#key-error'), sentence);
  });

  it('nothing on the way asked another host, broke the policy, or logged an error but the refusals', async () => {
    assert.deepEqual(requested.filter((url) => new URL(url).origin !== server.baseUrl), []);
    assert.deepEqual(cspViolations, []);
    // Chromium logs every 4xx a script fetched; the 409 and the 429 of the sign-up are the expected ones.
    const unexpected = consoleErrors.filter(({ text, url }) =>
      !(url === `${server.baseUrl}/v1/keys` && /status of (409|429)\b/.test(text)));
    assert.deepEqual(unexpected, []);
  });
});
