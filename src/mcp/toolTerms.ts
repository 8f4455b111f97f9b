/**
 * REST's messages in the terms of tools: the domain and access words a failure the way a REST client
 * acts on it (a path to call), and an agent acts on a tool instead. Every message an MCP client
 * sees passes here once (failedResult, the endpoint's JSON-RPC errors), so the REST wording stays the
 * one source and nothing is copied.
 */
const REST_TO_TOOLS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bPOST \/v1\/keys\b/g, 'the get_api_key tool'],
  [/\blist them with \/v1\/sets\b/g, 'find them with list_sets'],
  [/\/v1\/sets\b/g, 'list_sets'],
  [/\/v1\/cards\/named\b/g, 'find_card'],
  [/\/v1\/cards\b/g, 'search_cards'],
];

export function inToolTerms(message: string): string {
  let worded = message;
  for (const [rest, tools] of REST_TO_TOOLS) worded = worded.replace(rest, tools);
  return worded;
}
