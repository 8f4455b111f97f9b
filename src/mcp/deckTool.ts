import { Type } from '@sinclair/typebox';
import { DeckCheckRequest, DeckCheckResult } from '../schemas/deck.js';
import type { ToolDefinition } from './tools.js';

/** check_deck's arguments: POST /v1/decks/check's body, field for field. */
const CheckDeckInput = Type.Object(DeckCheckRequest.properties, { title: 'CheckDeckArguments' });

/** The sentences the tools share, from tools.ts. */
export interface ToolSentences {
  languageCodes: string;
  errors: string;
}

const KEY_NEEDED = 'Needs an API key sent by the MCP connection as the header `Authorization: Bearer <key>`; a call ' +
  'that answers counts once against the key\'s monthly quota (1,000 calls on the free tier, reset on the 1st, UTC), ' +
  'whatever the length of the list; a refused call (bad arguments, no card line, more than 100 card lines) is not counted. Without a valid key ' +
  'the call fails: get a key with get_api_key, then ask the user to add the header to this server\'s entry in the MCP ' +
  'client configuration and reconnect.';

/** The MCP face of POST /v1/decks/check: the same arguments, the same answer. */
export function checkDeckTool({ languageCodes, errors }: ToolSentences): ToolDefinition {
  const tool: ToolDefinition<typeof CheckDeckInput> = {
    name: 'check_deck',
    description: 'Check a whole deck list against the format\'s rules in one call; paste the list as exported from ' +
      'Pokémon TCG Live or Limitless (or the older PTCGO form) in `list`, one card a line such as ' +
      '`4 Ultra Ball SVI 196` or `8 Basic {P} Energy SVE 5`; headers and totals are skipped. Use it whenever a user ' +
      'asks whether a deck is legal, or what is wrong with a list, rather than looking the cards up one by one. ' +
      'format is standard (the default) or expanded; lang (default en) is the language of the list. Each line is ' +
      'resolved by set code and number (the name is checked against the card found). Returns data.legal (true ' +
      'only when problems is empty), card_count, cards (each line with its full card, game text included, and ' +
      'whether it is legal in the format), unresolved (lines naming no card, with a reason: unknown set code, a ' +
      'number the set lacks, a name that is not the card\'s, and the nearest matches) and problems ({rule, message, ' +
      'lines}; rule is deck_size, copies, ace_spec, radiant, prism_star, no_basic, not_legal or unresolved). ' +
      `${languageCodes} ${KEY_NEEDED} ${errors}`,
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
