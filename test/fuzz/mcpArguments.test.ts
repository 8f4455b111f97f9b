import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { MAX_BODY_BYTES } from '../../src/edge/connectionLimits.js';
import { MCP_TOOLS } from '../../src/mcp/tools.js';
import { issueKey } from '../support/keys.js';
import { McpHarness, type McpSession } from '../support/mcpHarness.js';
import { onStore, STORE_KINDS } from '../support/stores.js';
import { namesParameter, usageOf } from './contract.js';
import { fuzz } from './fuzzRun.js';
import { hostileJson, hostileText, hostileValueFor, specialText } from './hostileInput.js';

type Caller = 'valid' | 'exhausted' | 'none';

/** Failures of a tool call that are not about one argument. */
const CALL_SENTENCES = [/^no (card|set) with id /, /^exactly one of id, ids is required$/, /^give q, query, or at least one filter /,
  /^this email already has an active free key/, /^this address has already created 3 keys today/,
  // find_card's answers when no one name fits: a name is an argument, but these say what was found instead.
  /^no card name in \S+ is close to /, / fits several card names in \S+ equally/, / has no printing in \S+ in a set with set_code /];

for (const store of STORE_KINDS) {
  describe(`MCP tool arguments, fuzzed through the SDK client (${store})`, await onStore(store), () => {
    let harness: McpHarness;
    const sessions = {} as Record<Caller, McpSession>;
    const keys = {} as Record<Exclude<Caller, 'none'>, string>;

    before(async () => {
      harness = await McpHarness.start({ store });
      keys.valid = await issueKey(harness.server.accessStore, { tier: 'internal', monthlyLimit: null });
      keys.exhausted = await issueKey(harness.server.accessStore, { monthlyLimit: 1 });
      for (const caller of ['valid', 'exhausted', 'none'] as const) {
        sessions[caller] = await harness.connect(caller === 'none' ? undefined : keys[caller]);
        // Listed, so the client checks every structured result against the tool's output schema.
        await sessions[caller].client.listTools();
      }
      assert.equal((await sessions.exhausted.call('list_sets', { limit: 1 })).result.isError, undefined);
    });
    after(async () => {
      for (const session of Object.values(sessions)) await session?.close();
      await harness?.close();
    });

    it('any arguments: a result or an isError naming the argument, never an internal error; only keyed calls past the key are counted (check_deck only when it answers)', async (t) => {
      const usedBefore = await usageOf(harness.server.accessStore, keys.valid);
      let counted = 0;
      let keysCreated = 0;
      const call = fc.record({
        caller: fc.constantFrom<Caller>('valid', 'valid', 'valid', 'valid', 'valid', 'exhausted', 'none'),
        name: fc.oneof({ weight: 12, arbitrary: fc.constantFrom(...MCP_TOOLS.map((tool) => tool.name)) }, { weight: 1, arbitrary: fc.constant('no_such_tool') }),
      }).chain(({ caller, name: toolName }) => {
        const properties: Record<string, object> = MCP_TOOLS.find((tool) => tool.name === toolName)?.input.properties ?? { id: {} };
        const anyValue = fc.oneof({ weight: 3, arbitrary: hostileJson }, { weight: 1, arbitrary: specialText }, { weight: 1, arbitrary: fc.emailAddress() });
        // An argument the tool takes, with a value hostile for its type (JSON numbers too, for an integer), or a stranger.
        const argument = fc.oneof(
          { weight: 8, arbitrary: fc.constantFrom(...Object.keys(properties)).chain((name) => fc.tuple(fc.constant(name),
            fc.oneof(hostileValueFor(properties[name]!), (properties[name] as { type?: unknown }).type === 'integer' ? hostileJson : anyValue, anyValue))) },
          { weight: 1, arbitrary: fc.tuple(hostileText, anyValue) },
        );
        return fc.array(argument, { maxLength: 4 })
          .map((entries) => ({ caller, toolName, args: Object.fromEntries(entries) as Record<string, unknown> }));
      });

      await fuzz(t, call, async ({ caller, toolName, args }) => {
        const what = `${caller} ${toolName} ${JSON.stringify(args).slice(0, 300)}`;
        const session = sessions[caller];
        const tool = MCP_TOOLS.find((definition) => definition.name === toolName);
        if (JSON.stringify(args).length > MAX_BODY_BYTES - 200) {
          // Too large for a request body at all: refused whole (413, a JSON-RPC error), before any tool runs.
          if (JSON.stringify(args).length > MAX_BODY_BYTES) {
            await assert.rejects(session.call(toolName, args), /the request body is larger than 16 KiB/, what);
          }
          return;
        }
        if (!tool) {
          await assert.rejects(session.call(toolName, args), (error) => error instanceof McpError && error.code === ErrorCode.InvalidParams, what);
          return;
        }
        if (tool.keyed && caller === 'none') {
          // Refused before its arguments are read: HTTP 401 with the OAuth challenge, which the SDK client raises.
          await assert.rejects(session.call(tool.name, args), (error) => error instanceof StreamableHTTPError && error.code === 401, what);
          return;
        }
        const { result, response } = await session.call(tool.name, args);
        assert.equal(response.status, 200, what);
        for (const header of ['x-ratelimit-limit', 'x-ratelimit-used', 'x-ratelimit-remaining', 'x-ratelimit-reset']) {
          assert.match(response.headers.get(header) ?? '', /^\d+$/, `${what}: ${header}`);
        }
        // check_deck ('when-answered') counts only a call that answers; the other keyed tools every call past the key.
        if (caller === 'valid' && (tool.keyed === true || (tool.keyed === 'when-answered' && !result.isError))) counted += 1;
        if (!result.isError) {
          assert.ok(caller === 'valid' || !tool.keyed, `${what}: answered without a valid key`);
          if (tool.name === 'get_api_key') keysCreated += 1;
          return;
        }
        const message = (result.content[0] as { text: string }).text;
        if (tool.keyed && caller === 'exhausted') return assert.match(message, /^this key has used all 1 requests of this month/, what);
        const strangers = Object.keys(args).filter((name) => !Object.hasOwn(tool.input.properties, name));
        if (strangers.length > 0) {
          return assert.ok(message.startsWith(`unknown argument${strangers.length > 1 ? 's' : ''} ${strangers.join(', ')}; ${tool.name} takes `), what);
        }
        assert.ok(namesParameter(message, Object.keys(tool.input.properties)) || CALL_SENTENCES.some((s) => s.test(message)),
          `${what}: "${message}" names no argument`);
      }, 200);

      const usedAfter = await usageOf(harness.server.accessStore, keys.valid);
      assert.equal(usedAfter.used - usedBefore.used, counted, 'each keyed call with the valid key counted once, nothing else');
      assert.equal((await usageOf(harness.server.accessStore, keys.exhausted)).used, 1, 'a call refused for its quota is not counted');
      assert.equal(usedAfter.keys - usedBefore.keys, keysCreated, 'a key stored for every get_api_key that answered one, and only for those');
      t.diagnostic(`${counted} keyed calls counted, ${keysCreated} keys created`);
    });
  });
}
