import { after, before } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { issueKey } from './keys.js';
import { startServer, type TestServer, type TestServerOptions } from './server.js';

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
 * The service on loopback (fresh SQLite files, the demo catalog, the real AccessService), for
 * driving /mcp with the SDK's own client and comparing with REST.
 */
export class McpHarness {
  private constructor(readonly server: TestServer) {}

  static async start(options: TestServerOptions = {}): Promise<McpHarness> {
    return new McpHarness(await startServer(options));
  }

  /** A harness over a server already running (a full catalog's, say); closing the server stays its starter's. */
  static over(server: TestServer): McpHarness {
    return new McpHarness(server);
  }

  get baseUrl(): string {
    return this.server.baseUrl;
  }

  /** A key made as the operator CLI makes one, so it uses up no address's daily allowance. */
  issueKey(options: { monthlyLimit?: number } = {}): Promise<string> {
    return issueKey(this.server.accessStore, options);
  }

  /** A connected MCP client, sending `Authorization: Bearer <key>` when a key is given. */
  async connect(key?: string): Promise<McpSession> {
    return this.connectWith(key === undefined ? undefined : `Bearer ${key}`);
  }

  /** A connected MCP client sending this Authorization header, whatever it holds. */
  async connectWith(authorization: string | undefined): Promise<McpSession> {
    const exchanges: Exchange[] = [];
    const recordingFetch = async (url: string | URL, init?: RequestInit): Promise<Response> => {
      const response = await fetch(url, init);
      exchanges.push({ method: init?.method ?? 'GET', status: response.status, headers: response.headers });
      return response;
    };
    const transport = new StreamableHTTPClientTransport(new URL('/mcp', this.baseUrl), {
      fetch: recordingFetch,
      requestInit: authorization === undefined ? {} : { headers: { Authorization: authorization } },
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

  async rest(pathAndQuery: string, init: { key?: string; authorization?: string; method?: string; body?: unknown } = {}): Promise<RestAnswer> {
    const headers: Record<string, string> = {};
    if (init.key !== undefined) headers.authorization = `Bearer ${init.key}`;
    if (init.authorization !== undefined) headers.authorization = init.authorization;
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(new URL(pathAndQuery, this.baseUrl), {
      method: init.method ?? 'GET',
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    return { status: response.status, headers: response.headers, body: await response.json() as Record<string, unknown> };
  }

  /** POSTs one raw JSON-RPC message to /mcp, as a client without the SDK would. */
  post(message: unknown, headers: Record<string, string> = {}): Promise<{ status: number; headers: Headers; body: unknown }> {
    return this.postText(JSON.stringify(message), headers);
  }

  /** POSTs a body of exactly this text to /mcp (an id JSON.stringify could not write, say). */
  async postText(body: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Headers; body: unknown; text: string }> {
    const response = await fetch(new URL('/mcp', this.baseUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
      body,
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text === '' ? null : JSON.parse(text), text };
  }

  close(): Promise<void> {
    return this.server.close();
  }
}

/** A REST or MCP body without its production time, for comparing two answers. */
export function withoutRetrievedAt(body: unknown): unknown {
  const { retrieved_at: _ignored, ...rest } = body as Record<string, unknown>;
  return rest;
}

/** What keyedSession() fills in before the suite's tests run. */
export interface KeyedSession {
  harness: McpHarness;
  session: McpSession;
  key: string;
}

/**
 * Registers the suite's before/after hooks: the service on `options`, `prepare` run on it (to load
 * a catalog, say), a key, and a client connected with it that has listed the tools (so the client
 * checks every structured result against the listed output schemas, unless `listTools` is false).
 */
export function keyedSession(
  options: TestServerOptions,
  settings: { prepare?: (harness: McpHarness) => Promise<void>; listTools?: boolean } = {},
): KeyedSession {
  const fixture = {} as KeyedSession;
  before(async () => {
    fixture.harness = await McpHarness.start(options);
    await settings.prepare?.(fixture.harness);
    fixture.key = await fixture.harness.issueKey();
    fixture.session = await fixture.harness.connect(fixture.key);
    if (settings.listTools ?? true) await fixture.session.client.listTools();
  });
  after(async () => {
    await fixture.session?.close();
    await fixture.harness?.close();
  });
  return fixture;
}
