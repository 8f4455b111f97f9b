/**
 * Who the MCP server is and what it tells a model, in one place for both revisions: 2025-11-25
 * sends them in the initialize result (server.ts, through the SDK), 2026-07-28 in server/discover
 * and each result's _meta (modernAnswers.ts). No SDK import here, so the modern path loads none.
 */

export const SERVER_INFO = { name: 'tcg-catalog', title: 'Pokémon TCG Catalog', version: '1.0.0' };

export const INSTRUCTIONS = 'Every Pokémon TCG set and card in 16 languages, with every printing. ' +
  'Every tool but get_api_key needs an API key, sent by the MCP connection as the header `Authorization: Bearer <key>` ' +
  '(not as an argument); each call counts once against the key\'s monthly quota (1,000 calls on the free tier, reset ' +
  'on the 1st, UTC). Without a key, call get_api_key with the user\'s email and ask the user to add the header to this ' +
  'server\'s entry in their MCP client configuration and reconnect; then search_cards by name (in the language searched), ' +
  'get_card for a card\'s printings, list_sets, get_set and list_cards_in_set to browse. The card lists answer ' +
  'compact rows (detail "full" for every field); get_card tells what a card does (abilities, attacks, rules_text), ' +
  'and legalities, in every row, whether it is legal in Standard and Expanded. To check a whole deck list, ' +
  'call check_deck once with the list as pasted. A failed call returns isError with a sentence saying what to fix.';

/** The server's capabilities: tools only, and the list never changes while the process runs. */
export const CAPABILITIES = { tools: { listChanged: false } };
