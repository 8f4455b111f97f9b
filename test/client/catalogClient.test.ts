import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { MESSAGES } from '../../src/access/messages.js';
import { CatalogApiError, createCatalogClient, type CatalogClient, type RateLimit } from '../../clients/typescript/src/index.js';
import { TestClock } from '../support/clock.js';
import { issueKey } from '../support/keys.js';
import { startServer, type TestServer } from '../support/server.js';

const NOW = '2026-05-20T08:00:00Z';
const MONTH_RESET = new Date('2026-06-01T00:00:00Z');
const DAY_RESET = new Date('2026-05-21T00:00:00Z');
const secondsFromNow = (date: Date) => (date.getTime() - Date.parse(NOW)) / 1000;

/** Runs `call`, which must reject with a CatalogApiError, and returns that error. */
async function refusal(call: () => Promise<unknown>): Promise<CatalogApiError> {
  try {
    await call();
  } catch (error) {
    assert.ok(error instanceof CatalogApiError, `expected a CatalogApiError, got ${String(error)}`);
    return error;
  }
  assert.fail('the call succeeded');
}

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}

describe('the TypeScript client against a live server', () => {
  let server: TestServer;
  let catalog: CatalogClient;
  /** Requests the key has spent so far, read from the last answer's X-RateLimit-Used. */
  const used = () => catalog.rateLimit?.used ?? Number.NaN;

  before(async () => {
    server = await startServer({ now: new TestClock(NOW).now });
    const { body } = await createCatalogClient({ baseUrl: server.baseUrl }).createKey('client@example.test', 'the test suite');
    catalog = createCatalogClient({ baseUrl: `${server.baseUrl}/`, key: body.key });
  });
  after(async () => server.close());

  it('createKey answers the key and the address\'s daily allowance; a second key for the email is a typed 409', async () => {
    const keys = createCatalogClient({ baseUrl: server.baseUrl });
    const created = await keys.createKey('second@example.test');
    assert.equal(created.response.status, 201);
    assert.match(created.body.key, /^tcgk_[A-Za-z0-9_-]{32}$/);
    assert.equal(created.body.monthly_limit, 1000);
    assert.deepEqual(created.rateLimit, { limit: 3, used: 2, remaining: 1, resetAt: DAY_RESET } satisfies RateLimit);

    const taken = await refusal(() => keys.createKey('SECOND@example.test '));
    assert.equal(taken.status, 409);
    assert.equal(taken.message, MESSAGES.emailTaken);
    assert.equal(taken.retryAfterSeconds, null);
    assert.equal(taken.code, 'email_in_use');
    assert.deepEqual(taken.body, { error: MESSAGES.emailTaken, code: 'email_in_use' });
  });

  it('every answer carries its rate limit, and the client keeps the latest', async () => {
    const first = await catalog.listSets({ lang: 'en' });
    assert.deepEqual(first.body.data.map((set) => set.id), ['en-base2', 'en-base1']);
    assert.deepEqual(first.rateLimit, { limit: 1000, used: 1, remaining: 999, resetAt: MONTH_RESET });
    const second = await catalog.getSet('en-base1');
    assert.equal(second.body.data.card_count, 5);
    assert.deepEqual(second.rateLimit, { limit: 1000, used: 2, remaining: 998, resetAt: MONTH_RESET });
    assert.deepEqual(catalog.rateLimit, second.rateLimit);
  });

  it('reads one card, several cards (with not_found), and a listing by filters alone', async () => {
    const card = await catalog.getCard('en-base1-4');
    assert.equal(card.body.data.name, 'Charizard');
    assert.ok(card.body.data.other_languages.some((link) => link.id === 'fr-base1-4'));
    const batch = await catalog.getCards(['en-base1-4', 'fr-base1-4', 'en-base1-999']);
    assert.deepEqual(batch.body.data.map((c) => c.id), ['en-base1-4', 'fr-base1-4']);
    assert.deepEqual(batch.body.not_found, ['en-base1-999']);
    const energies = await catalog.listCards({ supertype: 'Energy', lang: 'en' });
    assert.deepEqual(energies.body.data.map((c) => c.id), ['en-base1-96']);
  });

  it('eachSet pages through has_more: every set, one request a page', async () => {
    const whole = (await catalog.listSets({ limit: 200 })).body.data.map((set) => set.id);
    assert.equal(whole.length, 5);
    const before = used();
    const paged = (await collect(catalog.eachSet({ limit: 2 }))).map((set) => set.id);
    assert.deepEqual(paged, whole);
    assert.equal(used() - before, 3, 'pages of 2, 2 and 1');
  });

  it('eachCardInSet and eachSearchResult page through a set and a search', async () => {
    let before = used();
    const cards = await collect(catalog.eachCardInSet('en-base1', { limit: 2 }));
    assert.deepEqual(cards.map((card) => card.number), ['2', '4', '58', '92', '96']);
    assert.equal(used() - before, 3);

    const searched = (await catalog.searchCards('pikachu', { limit: 200 })).body;
    assert.equal(searched.pagination.has_more, false);
    assert.ok(searched.data.length > 2);
    before = used();
    const found = await collect(catalog.eachSearchResult('pikachu', { limit: 2 }));
    assert.deepEqual(found.map((card) => card.id), searched.data.map((card) => card.id));
    assert.equal(used() - before, Math.ceil(searched.data.length / 2));

    const filtered = await collect(catalog.eachSearchResult('pikachu', { lang: 'en', limit: 1 }));
    assert.deepEqual(filtered.map((card) => card.id).sort(), ['en-base1-58', 'en-base2-60']);
  });

  it('leaving the loop early requests no further page', async () => {
    const before = used();
    for await (const set of catalog.eachSet({ limit: 1 })) {
      assert.ok(set.id);
      break;
    }
    assert.equal(used() - before, 1);
  });

  it('a missing or unknown key is a typed 401 with the API\'s sentence', async () => {
    const keyless = await refusal(() => createCatalogClient({ baseUrl: server.baseUrl }).listSets());
    assert.equal(keyless.status, 401);
    assert.equal(keyless.message, MESSAGES.keyMissing);
    assert.equal(keyless.code, 'missing_key');
    assert.equal(keyless.name, 'CatalogApiError');
    assert.deepEqual(keyless.rateLimit, { limit: 1000, used: 0, remaining: 1000, resetAt: MONTH_RESET });
    const unknown = await refusal(() => createCatalogClient({ baseUrl: server.baseUrl, key: `tcgk_${'x'.repeat(32)}` }).getCard('en-base1-4'));
    assert.equal(unknown.status, 401);
    assert.equal(unknown.message, MESSAGES.keyInvalid);
    assert.equal(unknown.code, 'invalid_key');
  });

  it('an unknown id is a typed 404, a bad parameter a typed 400, each with the key\'s rate limit', async () => {
    const missing = await refusal(() => catalog.getSet('en-nope'));
    assert.equal(missing.status, 404);
    assert.match(missing.requestId ?? '', /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/, 'the service\'s request id, for a report');
    assert.match(missing.message, /^no set with id en-nope/);
    assert.equal(missing.code, 'not_found');
    assert.equal(missing.rateLimit?.limit, 1000);
    assert.deepEqual(catalog.rateLimit, missing.rateLimit, 'a refusal updates the latest rate limit too');
    const noCard = await refusal(() => catalog.getCard('en-base1-999'));
    assert.equal(noCard.status, 404);

    const badLimit = await refusal(() => catalog.listSets({ limit: 0 }));
    assert.equal(badLimit.status, 400);
    assert.equal(badLimit.message, 'limit must be an integer from 1 to 200');
    assert.equal(badLimit.code, 'invalid_parameter');
    const shortName = await refusal(() => catalog.searchCards('x'));
    assert.equal(shortName.status, 400);
    assert.match(shortName.message, /^q /);
  });

  it('a spent month is a typed 429 with Retry-After until the 1st', async () => {
    const spent = createCatalogClient({ baseUrl: server.baseUrl, key: await issueKey(server.accessStore, { tier: 'paid', monthlyLimit: 1 }) });
    await spent.listSets();
    const refused = await refusal(() => spent.listSets());
    assert.equal(refused.status, 429);
    assert.ok(refused.rateLimited);
    assert.equal(refused.message, MESSAGES.quotaSpent(1, '2026-06-01T00:00:00Z'));
    assert.equal(refused.code, 'quota_exceeded');
    assert.deepEqual(refused.rateLimit, { limit: 1, used: 1, remaining: 0, resetAt: MONTH_RESET });
    assert.equal(refused.retryAfterSeconds, secondsFromNow(MONTH_RESET));
  });

  it('a fourth key from one address in a day is a typed 429 with Retry-After until midnight', async () => {
    const keys = createCatalogClient({ baseUrl: server.baseUrl });
    // Two keys came from this address already (before() and the first test).
    await keys.createKey('third@example.test');
    const refused = await refusal(() => keys.createKey('fourth@example.test'));
    assert.equal(refused.status, 429);
    assert.equal(refused.message, MESSAGES.addressLimit(3, '2026-05-21T00:00:00Z'));
    assert.equal(refused.code, 'key_limit_reached');
    assert.deepEqual(refused.rateLimit, { limit: 3, used: 3, remaining: 0, resetAt: DAY_RESET });
    assert.equal(refused.retryAfterSeconds, secondsFromNow(DAY_RESET));
  });

  it('an answer that is not the API\'s (a proxy\'s 502 page) is a CatalogApiError with the status and no rate limit', async () => {
    const behindProxy = createCatalogClient({
      baseUrl: server.baseUrl, key: 'tcgk_unused',
      fetch: async () => new Response('<html>Bad Gateway</html>', { status: 502, statusText: 'Bad Gateway', headers: { 'content-type': 'text/html' } }),
    });
    const refused = await refusal(() => behindProxy.listSets());
    assert.equal(refused.status, 502);
    assert.equal(refused.message, 'HTTP 502 Bad Gateway');
    assert.equal(refused.code, null);
    assert.equal(refused.rateLimit, null);
    assert.equal(refused.requestId, null);
    assert.equal(refused.body, '<html>Bad Gateway</html>');
  });
});
