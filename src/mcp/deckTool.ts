import { Type } from '@sinclair/typebox';
import { DeckCheckRequest, DeckCheckResult } from '../schemas/deck.js';
import type { ToolDefinition } from './tools.js';

/** check_deck's arguments: POST /v1/decks/check's body, field for field. */
const CheckDeckInput = Type.Object(DeckCheckRequest.properties, { title: 'CheckDeckArguments' });

/** The key paragraph is the server instructions' and get_api_key's; this says only how check_deck counts. */
const KEY_NEEDED = 'Needs an API key on the connection (see get_api_key); a call that answers counts once against its ' +
  'monthly quota, a refused one not at all.';

/** The MCP face of POST /v1/decks/check: the same arguments, the same answer. */
export function checkDeckTool(): ToolDefinition {
  const tool: ToolDefinition<typeof CheckDeckInput> = {
    name: 'check_deck',
    description: 'Check a whole deck list against the format\'s rules in one call; paste the list as exported from ' +
      'Pokémon TCG Live or Limitless in `list`. Use it whenever a user asks whether a deck is legal or what is wrong ' +
      'with a list, rather than looking cards up one by one. Returns legal, cards (each line with its card), ' +
      `unresolved lines with a reason, and problems ({rule, message, lines}). ${KEY_NEEDED}`,
    input: CheckDeckInput,
    output: DeckCheckResult,
    annotations: { title: 'Check a deck list', readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    keyed: 'when-answered',
    argumentsLike: 'body',
    run: async ({ list, format = 'standard', lang = 'en' }, { decks, count }) => {
      const reading = decks.read(list);
      if (!reading.ok) return { ok: false, message: reading.message };
      const refused = await count();
      if (refused !== null) return { ok: false, message: refused, refused: true };
      return { ok: true, answer: await decks.check(reading, format, lang), compact: false };
    },
  };
  return tool as unknown as ToolDefinition;
}
