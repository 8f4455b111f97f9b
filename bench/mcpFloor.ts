/**
 * What the service's MCP path costs beside the SDK's least: one card on one instance by REST
 * (GET /v1/cards?id=en-base1-4) and by MCP (get_card, revision 2025-11-25), and the same get_card on
 * the SDK alone (bench/mcpSdkFloor.ts), loaded in turn in rounds (variantsInTurn.ts). The floor's
 * ratio to REST is the most any path through the SDK could reach. Run by `npm run bench`
 * (BENCH_ONLY='mcp floor'), or alone:
 *
 *   node dist/bench/mcpFloor.js [rounds, default 3] [seconds per turn, default 2]
 */
import { fileURLToPath } from 'node:url';
import { SERVICE_NODE_FLAGS } from '../src/serviceNodeFlags.js';
import { variantsInTurn, type VariantRequest } from './variantsInTurn.js';

const GET_CARD: VariantRequest = {
  path: '/mcp',
  method: 'POST',
  headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' },
  body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_card', arguments: { id: 'en-base1-4' } } }),
};

/** The SDK's path takes longer than REST's to reach its speed: V8 compiles far more of it. */
const WARM_UP_SECONDS = 10;

export function mcpFloor(rounds: number, seconds: number, connections: number): Promise<void> {
  return variantsInTurn('MCP get_card beside REST and the SDK alone', [
    { name: 'the service, REST card by id', env: {} },
    { name: 'the service, MCP get_card', env: {}, request: GET_CARD },
    { name: 'the SDK alone (mcpSdkFloor.ts), MCP get_card', script: 'dist/bench/mcpSdkFloor.js', nodeFlags: SERVICE_NODE_FLAGS, env: {}, request: GET_CARD },
  ], rounds, seconds, connections, WARM_UP_SECONDS);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await mcpFloor(Number(process.argv[2] ?? 3), Number(process.argv[3] ?? 2), Number(process.env.BENCH_CONNECTIONS ?? 50));
}
