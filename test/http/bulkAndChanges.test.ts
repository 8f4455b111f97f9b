import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { gunzipSync } from 'node:zlib';
import type { Catalog } from '../../src/catalog/catalogShapes.js';
import { startCatalogServer, type RunningServer } from '../support/catalogServer.js';
import { issueKey } from '../support/keys.js';
import { TEST_PUBLIC_BASE_URL } from '../support/server.js';
import { onStore, STORE_KINDS } from '../support/stores.js';

interface BulkFileEntry {
  type: 'cards' | 'sets';
  language: string;
  url: string;
  size: number;
  sha256: string;
  records: number;
  catalog_version: string;
  changes_cursor: string;
  updated_at: string;
}

for (const store of STORE_KINDS) {
  describe(`bulk files and the changes feed over HTTP on ${store}`, { ...await onStore(store), timeout: 120_000 }, () => {
    let server: RunningServer;
    let limitedKey: string;
    const raw = async (pathAndQuery: string, headers: Record<string, string> = {}, key = server.key) =>
      fetch(server.baseUrl + pathAndQuery, { headers: { authorization: `Bearer ${key}`, 'accept-encoding': 'identity', ...headers } });
    const pathOf = (url: string) => url.slice(TEST_PUBLIC_BASE_URL.length);
    const manifest = async () => (await server.get('/v1/bulk')).body as { data: BulkFileEntry[]; retrieved_at: string };
    const fileOf = async (type: string, language: string) => (await manifest()).data.find((f) => f.type === type && f.language === language)!;
    const exported = async (): Promise<Catalog> => {
      const catalog: Catalog = { sets: [], cards: [] };
      for await (const set of server.catalogStore.exportSets()) catalog.sets.push(set);
      for await (const card of server.catalogStore.exportCards()) catalog.cards.push(card);
      return catalog;
    };

    before(async () => {
      server = await startCatalogServer({ store });
      limitedKey = await issueKey(server.accessStore);
      await server.bulk.refresh();
    });
    after(async () => {
      await server?.close();
    });

    it('lists a file per language and kind; each file agrees with it and holds the single answers exactly', async () => {
      const { data, retrieved_at } = await manifest();
      assert.ok(data.length >= 2, 'the demo catalog has files');
      assert.equal(retrieved_at, await server.catalogStore.importedAt());
      for (const file of data) {
        assert.ok(file.url.startsWith(`${TEST_PUBLIC_BASE_URL}/v1/bulk/${file.catalog_version}/${file.language}.${file.type}.json`), file.url);
        assert.equal(file.catalog_version, await server.catalogStore.catalogVersion());
        const response = await raw(pathOf(file.url));
        assert.equal(response.status, 200);
        const bytes = Buffer.from(await response.arrayBuffer());
        assert.equal(bytes.length, file.size);
        assert.equal(Number(response.headers.get('content-length')), file.size);
        assert.equal(createHash('sha256').update(bytes).digest('hex'), file.sha256);
        const body = JSON.parse(bytes.toString('utf8'));
        assert.deepEqual(Object.keys(body), ['data', 'catalog_version', 'changes_cursor', 'retrieved_at']);
        assert.equal(body.data.length, file.records);
        assert.equal(body.catalog_version, file.catalog_version);
        assert.equal(body.changes_cursor, file.changes_cursor);
        assert.equal(body.retrieved_at, file.updated_at);
        // Each record, byte for byte, as the single answer gives it.
        const records = bytes.toString('utf8');
        for (const record of body.data as Array<{ id: string; language?: string }>) {
          const single = await raw(`/v1/${file.type}?id=${encodeURIComponent(record.id)}`);
          const text = await single.text();
          const data = text.slice('{"data":'.length, text.lastIndexOf(',"retrieved_at":'));
          assert.ok(records.includes(data), `${record.id} as the API answers it`);
          assert.deepEqual(record, JSON.parse(data));
        }
      }
      const cards = data.filter((f) => f.type === 'cards').reduce((sum, f) => sum + f.records, 0);
      assert.equal(cards, (await server.catalogStore.counts()).cards);
    });

    it('serves a strong ETag, 304 on If-None-Match, a byte Range as 206 (416 outside), gzip as stored', async () => {
      const file = await fileOf('cards', 'en');
      const path = pathOf(file.url);
      const whole = Buffer.from(await (await raw(path)).arrayBuffer());
      const plain = await raw(path);
      assert.equal(plain.headers.get('etag'), `"${file.sha256}"`);
      assert.equal(plain.headers.get('accept-ranges'), 'bytes');
      assert.match(plain.headers.get('cache-control')!, /immutable/);
      assert.equal((await raw(path, { 'if-none-match': `"${file.sha256}"` })).status, 304);
      assert.equal((await raw(path, { 'if-none-match': '"something-else"' })).status, 200);

      const part = await raw(path, { range: 'bytes=10-19' });
      assert.equal(part.status, 206);
      assert.equal(part.headers.get('content-range'), `bytes 10-19/${file.size}`);
      assert.deepEqual(Buffer.from(await part.arrayBuffer()), whole.subarray(10, 20));
      const suffix = await raw(path, { range: 'bytes=-7', 'accept-encoding': 'gzip' });
      assert.equal(suffix.status, 206, 'a Range is served on the identity form even when gzip is accepted');
      assert.equal(suffix.headers.get('content-encoding'), null);
      assert.deepEqual(Buffer.from(await suffix.arrayBuffer()), whole.subarray(whole.length - 7));
      const outside = await raw(path, { range: `bytes=${file.size}-` });
      assert.equal(outside.status, 416);
      assert.equal(outside.headers.get('content-range'), `bytes */${file.size}`);

      // fetch() would decode gzip itself: read the raw bytes with a request that asks for it explicitly.
      const { request } = await import('node:http');
      const gzipped = await new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
        const url = new URL(server.baseUrl + path);
        request({ host: url.hostname, port: url.port, path, headers: { authorization: `Bearer ${server.key}`, 'accept-encoding': 'gzip, br' } },
          (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
          }).on('error', reject).end();
      });
      assert.equal(gzipped.headers['content-encoding'], 'gzip');
      assert.equal(gzipped.headers.etag, `"${file.sha256}-gzip"`);
      assert.deepEqual(gunzipSync(gzipped.body), whole);
    });

    it('counts a download, a Range and a 304 each as one request of the quota', async () => {
      const file = await fileOf('sets', 'en');
      const used = async (response: Response) => Number(response.headers.get('x-ratelimit-used'));
      const first = await used(await raw(pathOf(file.url), {}, limitedKey));
      assert.equal(await used(await raw(pathOf(file.url), {}, limitedKey)), first + 1);
      assert.equal(await used(await raw(pathOf(file.url), { range: 'bytes=0-0' }, limitedKey)), first + 2);
      assert.equal(await used(await raw(pathOf(file.url), { 'if-none-match': `"${file.sha256}"` }, limitedKey)), first + 3);
      assert.equal((await raw(pathOf(file.url), {}, 'tcg_not_a_key')).status, 401);
    });

    it('after an edit, the feed from the files\' cursor lists exactly what changed; new files, the old ones still served', async () => {
      const before = await manifest();
      const since = before.data[0]!.changes_cursor;
      assert.deepEqual((await server.get(`/v1/changes?since=${since}`)).body.data, []);
      const catalog = await exported();
      const [changed, removed] = catalog.cards.filter((card) => card.set_id === 'en-base1');
      // Two added, one removed: the set's card_count moves too.
      const added = ['998', '999'].map((number) => ({ ...changed!, id: `${changed!.set_id}-${number}`, number, local_id: number }));
      await server.catalogStore.replaceCatalog({
        sets: catalog.sets,
        cards: [...catalog.cards.filter((card) => card !== removed).map((card) => (card === changed ? { ...card, name: `${card.name} Renamed` } : card)), ...added],
      });
      const feed = (await server.get(`/v1/changes?since=${since}`)).body;
      const listed = feed.data.map((change: { type: string; id: string; change: string }) => `${change.change} ${change.type} ${change.id}`);
      // The renamed card's name shows in the other languages' links; the removed one's links go.
      const linked = (id: string) => catalog.cards.filter((card) => card.id !== id && card.id.slice(card.id.indexOf('-')) === id.slice(id.indexOf('-')));
      const expected = [
        'changed set en-base1',
        `changed card ${changed!.id}`, ...linked(changed!.id).map((card) => `changed card ${card.id}`),
        ...linked(removed!.id).map((card) => `changed card ${card.id}`),
        ...added.map((card) => `added card ${card.id}`),
        `removed card ${removed!.id}`,
      ];
      assert.deepEqual([...listed].sort(), [...expected].sort());
      assert.equal(feed.has_more, false);
      assert.equal(feed.retrieved_at, await server.catalogStore.importedAt());

      await server.bulk.refresh();
      const afterwards = await manifest();
      const enCards = (m: typeof before) => m.data.find((f) => f.type === 'cards' && f.language === 'en')!;
      assert.notEqual(enCards(afterwards).catalog_version, enCards(before).catalog_version);
      assert.notEqual(enCards(afterwards).sha256, enCards(before).sha256);
      assert.equal(enCards(afterwards).changes_cursor, feed.cursor, 'the new files start where the feed is now');
      assert.equal((await raw(pathOf(enCards(before).url))).status, 200, 'the replaced version is still downloadable');
      assert.equal((await raw('/v1/bulk/00000000-0000-4000-8000-000000000000/en.cards.json')).status, 404);
    });

    it('refuses a missing or malformed since and a limit out of 1 to 1000 with a 400 naming them', async () => {
      for (const [query, name] of [['', 'since'], ['?since=', 'since'], ['?since=%25%25', 'since'], ['?since=abc&limit=1001', 'limit'],
        ['?since=abc&limit=0', 'limit']] as const) {
        const response = await server.get(`/v1/changes${query}`);
        assert.equal(response.status, 400, query);
        assert.match(response.body.error, new RegExp(`\\b${name}\\b`), query);
        if (name === 'limit') assert.equal(response.body.error, 'limit must be an integer from 1 to 1000');
      }
      const gone = await server.get(`/v1/changes?since=${Buffer.from('1.00000000-0000-4000-8000-000000000000.0').toString('base64url')}`);
      assert.equal(gone.status, 410);
      assert.match(gone.body.error, /\/v1\/bulk/);
    });
  });
}
