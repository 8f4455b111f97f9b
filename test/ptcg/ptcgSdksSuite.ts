import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { after, before, describe, it } from 'node:test';
import type { RunningServer } from '../support/catalogServer.js';
import { startFullCatalogServer } from '../support/fullCatalogServer.js';
import { needsSharedDump } from '../support/shared.js';
import { onStore, type StoreKind } from '../support/stores.js';

/*
 * pokemontcg.io's two npm SDKs, as their users' code calls them, pointed at our /v2 with only the
 * base URL and the key changed (each the way docs/pokemontcg-io.md tells), on the full English catalog.
 */

const require = createRequire(import.meta.url);
const tsClient = require('pokemon-tcg-sdk-typescript/dist/client').Client.getInstance();
const { PokemonTCG } = require('pokemon-tcg-sdk-typescript');
const pokemon = require('pokemontcgsdk');
const pokemonHost = require('pokemontcgsdk/lib/configure');

/** The suite on one store (a file each, so each stays near a minute). */
export async function describeSdks(store: StoreKind): Promise<void> {
  const skip = needsSharedDump().skip || (await onStore(store)).skip;
  describe(`pokemontcg.io's npm SDKs against /v2 on the full catalog (${store})`, { skip, timeout: 600_000 }, () => {
    let server: RunningServer;

    before(async () => {
      server = await startFullCatalogServer(store, ['en']);
      tsClient.POKEMONTCG_API_URL = `${server.baseUrl}/v2`;
      tsClient.POKEMONTCG_API_KEY = server.key;
      pokemonHost.host = `${server.baseUrl}/v2`;
      pokemon.configure({ apiKey: server.key });
    });
    after(async () => {
      await server?.close();
    });

    it('pokemon-tcg-sdk-typescript: a card by id, a query, a set, all sets, each vocabulary', async () => {
      const charizard = await PokemonTCG.findCardByID('base1-4');
      assert.equal(charizard.name, 'Charizard');
      assert.equal(charizard.hp, '120');
      assert.equal(charizard.supertype, 'Pokémon');
      assert.equal(charizard.set.id, 'base1');
      assert.equal(charizard.catalogId, 'en-base1-4');

      const found = await PokemonTCG.findCardsByQueries({ q: 'name:charizard set.id:sv3pt5' });
      assert.ok(found.length >= 2, JSON.stringify(found.map((card: any) => card.id)));
      for (const card of found) {
        assert.match(card.name, /charizard/i);
        assert.equal(card.set.id, 'sv3pt5');
      }
      assert.ok(found.some((card: any) => card.id === 'sv3pt5-6'));

      const set = await PokemonTCG.findSetByID('sv3pt5');
      assert.equal(set.id, 'sv3pt5');
      assert.equal(set.catalogId, 'en-sv03.5');
      const sets = await PokemonTCG.getAllSets();
      assert.ok(sets.length > 150, `${sets.length} sets`);
      assert.equal(new Set(sets.map((s: any) => s.id)).size, sets.length, 'no set twice');
      assert.ok(sets.some((s: any) => s.id === 'base1' && s.name === 'Base'));

      assert.ok((await PokemonTCG.getTypes()).includes('Fire'));
      assert.ok((await PokemonTCG.getSubtypes()).includes('Stage 2'));
      assert.deepEqual([...await PokemonTCG.getSupertypes()].sort(), ['Energy', 'Pokémon', 'Trainer']);
      assert.ok((await PokemonTCG.getRarities()).includes('Rare Holo'));
    });

    it('pokemon-tcg-sdk-typescript: getAllCards walks every English card once and ends', async () => {
      const every = await PokemonTCG.getAllCards();
      const ids = every.map((card: any) => card.id as string);
      assert.equal(new Set(ids).size, ids.length, 'no card twice');
      const total = (await server.get('/v2/cards?pageSize=1')).body.totalCount;
      assert.equal(ids.length, total, 'none missing');
      assert.ok(total > 15_000, `${total} English cards`);
    });

    it('pokemontcgsdk: find, where, all of one set, and a vocabulary', async () => {
      const card = await pokemon.card.find('swsh12pt5-160');
      assert.equal(card.id, 'swsh12pt5-160');
      assert.equal(card.set.id, 'swsh12pt5');

      const page = await pokemon.card.where({ q: 'supertype:pokemon hp:[150 TO *] set.id:swsh12pt5', pageSize: 10, page: 1, orderBy: '-hp' });
      assert.deepEqual(Object.keys(page), ['data', 'page', 'pageSize', 'count', 'totalCount']);
      assert.equal(page.pageSize, 10);
      assert.ok(page.totalCount > 10);
      const hps = page.data.map((c: any) => Number(c.hp));
      assert.deepEqual(hps, [...hps].sort((a, b) => b - a), 'by hp, descending');
      assert.ok(hps.every((hp: number) => hp >= 150));

      const expected = (await server.get('/v2/cards?q=set.id:base1&pageSize=1')).body.totalCount;
      const all = await pokemon.card.all({ q: 'set.id:base1', pageSize: 25 });
      const ids = all.map((c: any) => c.id as string);
      assert.equal(new Set(ids).size, ids.length, 'no card twice');
      assert.equal(ids.length, expected, 'none missing');
      assert.equal(expected, 102);
      assert.ok(ids.includes('base1-4') && ids.includes('base1-102'));

      const set = await pokemon.set.find('base6');
      assert.equal(set.catalogId, 'en-lc');
      const sets = await pokemon.set.all();
      assert.ok(sets.length > 150);
      const types = await pokemon.type.all();
      assert.ok(types.includes('Water'));
    });
  });
}
