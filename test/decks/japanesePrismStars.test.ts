import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { JAPANESE_PRISM_STARS } from '../../src/decks/cardKinds.js';
import { dumpCards } from '../../tools/nameSuffixScan.js';
import { needsSharedDump, sharedDumpDir } from '../support/shared.js';

interface DumpPokemon {
  id: string;
  name: string;
  category?: string;
  dexId?: number[];
  hp?: number;
  types?: string[];
  retreat?: number;
  attacks?: Array<{ cost?: string[]; damage?: string | number }>;
}

/** What a Pokémon's printings share across languages: Pokédex numbers, HP, types, attack costs and damage, retreat. */
const signature = (card: DumpPokemon) => JSON.stringify([card.dexId ?? [], card.hp ?? null, card.types ?? [], card.retreat ?? null,
  (card.attacks ?? []).map((attack) => [attack.cost ?? [], String(attack.damage ?? '')])]);

describe('the Japanese Prism Star Pokémon', needsSharedDump(), () => {
  it('are the Japanese Pokémon with the game stats of an English ◇ Pokémon, which no English Pokémon without ◇ shares', async () => {
    const prism = new Set<string>();
    const plain = new Set<string>();
    for await (const card of dumpCards(sharedDumpDir, 'en') as AsyncGenerator<DumpPokemon>) {
      if (card.category === 'Pokemon') (card.name.includes('◇') ? prism : plain).add(signature(card));
    }
    assert.deepEqual([...prism].filter((stats) => plain.has(stats)), [], 'a ◇ Pokémon\'s stats are its own');
    const found: string[] = [];
    for await (const card of dumpCards(sharedDumpDir, 'ja') as AsyncGenerator<DumpPokemon>) {
      if (card.category === 'Pokemon' && prism.has(signature(card))) found.push(`ja-${card.id}`);
    }
    assert.equal(found.length, 28);
    assert.deepEqual(found.filter((id) => !JAPANESE_PRISM_STARS.has(id)), [], 'every one the scan finds is listed');
    // The list holds them and the 11 Stadiums and Energy printed only as Prism Star cards, nothing else.
    assert.equal(JAPANESE_PRISM_STARS.size, found.length + 11);
  });
});
