import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startCatalogServer, type RunningServer } from '../support/catalogServer.js';
import { projectRoot } from '../support/shared.js';

/*
 * Every catalog example of README.md and docs/*.md, run against the demo catalog a fresh clone
 * serves (`npm start`): each GET of the catalog with its values filled in answers 200 with what it
 * describes, and the deck check's curl answers with every line resolved. An example a catalog change
 * or a doc edit breaks fails here, naming the file and line.
 */

interface Example {
  where: string;
  path: string;
}

/** The docs read: README.md and docs/*.md. */
const DOCUMENTS = ['README.md', ...readdirSync(path.join(projectRoot, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)];

/**
 * A catalog GET written out with values: `/v1/cards?set_code=PAL&number=185`. Parameters left
 * empty to name them (`&lang=`) are dropped; one whose value is a placeholder (`…`, `<cursor>`),
 * or no value at all (`/v1/cards?ids=`, a parameter named), makes the URL no example.
 */
const CATALOG_GET = /\/v1\/(?:sets|cards(?:\/named|\/autocomplete)?)\?[^\s`"'|)]+/gu;
const isConcrete = (url: string) => !/[…<>]/u.test(url) && /=[^&]/u.test(url);
const withoutEmptyParameters = (url: string) => url.replace(/[?&][a-z_]+=(?=&|$)/gu, '').replace(/^([^?]*)&/u, '$1?');

function catalogExamples(): Example[] {
  const examples: Example[] = [];
  for (const document of DOCUMENTS) {
    readFileSync(path.join(projectRoot, document), 'utf8').split('\n').forEach((text, index) => {
      for (const [url] of text.matchAll(CATALOG_GET)) {
        if (isConcrete(url)) examples.push({ where: `${document}:${index + 1}`, path: withoutEmptyParameters(url.replace(/\\$/u, '')) });
      }
    });
  }
  return examples;
}

/** The JSON bodies the docs' curl commands send to the deck check (`-d '{...}'`). */
function deckCheckBodies(): Array<{ where: string; body: string }> {
  const found: Array<{ where: string; body: string }> = [];
  for (const document of DOCUMENTS) {
    const text = readFileSync(path.join(projectRoot, document), 'utf8');
    for (const match of text.matchAll(/curl[^\n]*\/v1\/decks\/check[\s\S]*?-d '([^']+)'/gu)) {
      found.push({ where: `${document}:${text.slice(0, match.index).split('\n').length}`, body: match[1]! });
    }
  }
  return found;
}

describe('the examples of README.md and docs/*.md on the demo catalog', () => {
  let server: RunningServer;
  before(async () => {
    server = await startCatalogServer({ demoCatalog: true });
  });
  after(async () => {
    await server?.close();
  });

  it('finds the examples: the README\'s table, the deck check\'s curl', () => {
    const paths = catalogExamples().map((example) => example.path);
    for (const expected of ['/v1/cards?set_code=PAL&number=185', '/v1/cards/named?fuzzy=charzard', '/v1/sets?q=paldea']) {
      assert.ok(paths.some((found) => found.startsWith(expected)), expected);
    }
    assert.ok(deckCheckBodies().length > 0);
  });

  it('answers each catalog GET with 200 and something to show', async () => {
    for (const { where, path: url } of catalogExamples()) {
      const { status, body } = await server.get(url);
      assert.equal(status, 200, `${where} ${url}: ${JSON.stringify(body)}`);
      const shown = Array.isArray(body.data) ? body.data.length > 0 : typeof body.data === 'object' && body.data !== null;
      assert.ok(shown, `${where} ${url} answers nothing: ${JSON.stringify(body)}`);
    }
  });

  it('answers the README\'s examples as it describes them', async () => {
    assert.equal((await server.get('/v1/cards?set_code=PAL&number=185')).body.data[0].name, 'Iono');
    assert.equal((await server.get('/v1/cards/named?fuzzy=charzard')).body.data.name, 'Charizard');
    assert.ok((await server.get('/v1/cards/autocomplete?q=char')).body.data.includes('Charizard'));
    const fire = (await server.get('/v1/cards?type=Fire&subtype=Stage2&legal=expanded')).body.data;
    for (const card of fire) assert.ok(card.types.includes('Fire') && card.subtypes.includes('Stage2') && card.legalities.expanded, card.id);
    assert.equal((await server.get('/v1/cards?ids=en-base1-4,fr-base1-4')).body.data.length, 2);
  });

  it('resolves every line of the deck check\'s example list', async () => {
    for (const { where, body } of deckCheckBodies()) {
      const response = await fetch(`${server.baseUrl}/v1/decks/check`, {
        method: 'POST', headers: { authorization: `Bearer ${server.key}`, 'content-type': 'application/json' }, body,
      });
      const answer = await response.json() as any;
      assert.equal(response.status, 200, `${where}: ${JSON.stringify(answer)}`);
      assert.deepEqual(answer.data.unresolved, [], where);
      assert.deepEqual(answer.data.cards.map((line: any) => line.card.id), ['en-sv01-084', 'en-sv01-196', 'en-sve-005'], where);
    }
  });
});
