import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { FastifyInstance } from 'fastify';
import type { AccessControl } from '../../src/access/accessControl.js';
import { buildApp } from '../../src/app.js';
import { seedDemoCatalog } from '../../src/importer/demoCatalog.js';
import { SqliteCatalogStore } from '../../src/store/sqlite/sqliteCatalogStore.js';
import { InMemoryAccessControl } from './inMemoryAccessControl.js';

/** One HTTP exchange as the client saw it. */
export interface Exchange {
  method: string;
  status: number;
  headers: Headers;
}

export interface McpSession {
  client: Client;
  /** Every HTTP exchange of this session, in order. */
  exchanges: Exchange[];
  /** The result of a tools/call and the HTTP response that carried it. */
  call(name: string, args?: Record<string, unknown>): Promise<{ result: CallToolResult; response: Exchange }>;
  close(): Promise<void>;
}

export interface RestAnswer {
  status: number;
  headers: Headers;
  body: Record<string, unknown>;
}

/**
 * The service on loopback, over a fresh SQLite file seeded with the demo catalog, for driving
 * /mcp with the SDK's own client and comparing with REST.
 */
export class McpHarness {
  private constructor(
    readonly app: FastifyInstance,
    readonly baseUrl: string,
    readonly access: AccessControl,
    private readonly store: SqliteCatalogStore,
    private readonly dir: string,
  ) {}

  static async start(options: { access?: AccessControl } = {}): Promise<McpHarness> {
    const dir = mkdtempSync(path.join(tmpdir(), 'tcg-mcp-'));
    const store = new SqliteCatalogStore(path.join(dir, 'catalog.db'));
    await seedDemoCatalog(store);
    const access = options.access ?? new InMemoryAccessControl();
    const app = await buildApp({ config: { publicBaseUrl: 'http://127.0.0.1', trustProxy: false }, store, access });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    return new McpHarness(app, `http://127.0.0.1:${port}`, access, store, dir);
  }

  /** A connected MCP client, sending `Authorization: Bearer <key>` when a key is given. */
  async connect(key?: string): Promise<McpSession> {
    const exchanges: Exchange[] = [];
    const recordingFetch = async (url: string | URL, init?: RequestInit): Promise<Response> => {
      const response = await fetch(url, init);
      exchanges.push({ method: init?.method ?? 'GET', status: response.status, headers: response.headers });
      return response;
    };
    const transport = new StreamableHTTPClientTransport(new URL('/mcp', this.baseUrl), {
      fetch: recordingFetch,
      requestInit: key === undefined ? {} : { headers: { Authorization: `Bearer ${key}` } },
    });
    const client = new Client({ name: 'tcg-catalog-tests', version: '1.0.0' });
    await client.connect(transport);
    return {
      client,
      exchanges,
      call: async (name, args = {}) => {
        const result = await client.callTool({ name, arguments: args }) as CallToolResult;
        const response = exchanges.at(-1)!;
        return { result, response };
      },
      close: () => client.close(),
    };
  }

  async rest(pathAndQuery: string, init: { key?: string; method?: string; body?: unknown } = {}): Promise<RestAnswer> {
    const headers: Record<string, string> = {};
    if (init.key !== undefined) headers.authorization = `Bearer ${init.key}`;
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(new URL(pathAndQuery, this.baseUrl), {
      method: init.method ?? 'GET',
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    return { status: response.status, headers: response.headers, body: await response.json() as Record<string, unknown> };
  }

  /** POSTs one raw JSON-RPC message to /mcp, as a client without the SDK would. */
  async post(message: unknown, headers: Record<string, string> = {}): Promise<{ status: number; headers: Headers; body: unknown }> {
    const response = await fetch(new URL('/mcp', this.baseUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
      body: JSON.stringify(message),
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text === '' ? null : JSON.parse(text) };
  }

  async close(): Promise<void> {
    await this.app.close();
    await this.store.close();
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** A REST or MCP body without its production time, for comparing two answers. */
export function withoutRetrievedAt(body: unknown): unknown {
  const { retrieved_at: _ignored, ...rest } = body as Record<string, unknown>;
  return rest;
}
