/**
 * The MCP SDK 2.x alone on Fastify, for bench/mcpFloor.ts: POST /mcp served as src/mcp/mcpServer.ts
 * serves a 2025-era request (a fresh `Server` and stateless transport answering JSON, the request
 * made a web `Request` by the SDK's `toWebRequest`), with one tool, get_card, whose result is our
 * get_card's for en-base1-4 (read once at start from the demo catalog). Nothing else: no key, no
 * quota, no request log or headers, no checks before the SDK. What a tool call costs at the least
 * on the SDK, beside which the service's own MCP path is measured.
 */
import Fastify from 'fastify';
import { toWebRequest } from '@modelcontextprotocol/node';
import { Server, WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/server';
import { AnswerCache } from '../src/catalog/answers/answerCache.js';
import { CatalogQueries } from '../src/catalog/answers/catalogQueries.js';
import { readConfig } from '../src/config.js';
import { seedDemoCatalog } from '../src/importer/demoCatalog.js';
import { answeredResult } from '../src/mcp/toolResult.js';
import { openCatalogStore } from '../src/store/open.js';

const config = readConfig();
const store = await openCatalogStore(config.databaseUrl, config.store);
await seedDemoCatalog(store);
const answers = new AnswerCache(store, { maxBytes: 2 ** 20 });
const card = await new CatalogQueries(store, answers).getCard('en-base1-4');
// Read once: its watch of the catalog's version would be work beside the SDK's.
answers.close();
if (!card.ok) throw new Error('the demo catalog has no en-base1-4');
const { answer } = card;

const app = Fastify();
app.get('/healthz', () => ({ status: 'ok' }));
app.post('/mcp', async (request, reply) => {
  const server = new Server({ name: 'floor', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler('tools/call', () => answeredResult(answer, 'variant-images'));
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  const answered = await transport.handleRequest(await toWebRequest(request.raw, request.body), { parsedBody: request.body });
  reply.code(answered.status);
  for (const [name, value] of answered.headers) reply.header(name, value);
  return reply.send(Buffer.from(await answered.arrayBuffer()));
});
process.on('SIGTERM', () => {
  void app.close().then(() => store.close()).then(() => process.exit(0));
});
await app.listen({ port: config.port, host: config.host });
