import type { McpToolbox, ToolCallContext } from './toolbox.js';
import { directResponse } from './directToolCall.js';
import { jsonRpcErrorBody, type JsonRpcId } from './jsonRpcEnvelope.js';
import { META_KEYS, type ModernMessage } from './modernRevision.js';
import { CAPABILITIES, INSTRUCTIONS, SERVER_INFO } from './serverIdentity.js';

/*
 * The answers of revision 2026-07-28, for a message modernRevision.ts let through. There is no
 * initialize: server/discover tells who the server is, tools/list and tools/call answer as on
 * 2025-11-25 (the same toolbox, so the same tools, key checks, quota and results), and every
 * result carries what the revision adds: resultType, the server's identity in _meta, and on the
 * cacheable results (discover, tools/list) how long and by whom they may be cached.
 */

/**
 * How long a client may keep tools/list and server/discover: both change only when the service is
 * deployed anew, so an hour bounds how stale a list can get without making clients ask every turn.
 */
export const LIST_TTL_MS = 3_600_000;
/** The listing is the same for every caller, with a key or without, so any cache may share it. */
export const LIST_CACHE_SCOPE = 'public';

const METHOD_NOT_FOUND = -32601;
const INVALID_PARAMS = -32602;

/** The methods answered, with the params each takes besides _meta. */
const METHODS: Readonly<Record<string, readonly string[]>> = {
  'server/discover': [],
  'tools/list': [],
  'tools/call': ['name', 'arguments'],
};

export interface ModernAnswer {
  status: number;
  body: Buffer;
}

export class ModernAnswers {
  private readonly discover: Buffer;
  private readonly list: Buffer;
  /** What every result opens with: its type and the server's identity. */
  private readonly resultOpening = `{"resultType":"complete","_meta":${JSON.stringify({ [META_KEYS.serverInfo]: SERVER_INFO })},`;

  /** `servedVersions`: every revision /mcp speaks, newest first (2026-07-28 per request, the 2025 ones after initialize). */
  constructor(private readonly toolbox: McpToolbox, readonly servedVersions: readonly string[]) {
    // Both never change while the process runs, so they are made once.
    this.discover = this.result({ supportedVersions: servedVersions, capabilities: CAPABILITIES, instructions: INSTRUCTIONS,
      ttlMs: LIST_TTL_MS, cacheScope: LIST_CACHE_SCOPE });
    this.list = this.result({ tools: toolbox.listing, ttlMs: LIST_TTL_MS, cacheScope: LIST_CACHE_SCOPE });
  }

  async answer(message: ModernMessage, context: ToolCallContext): Promise<ModernAnswer> {
    const { id, method, params } = message;
    // The revision defines no notification a client sends over HTTP; one is accepted and dropped, as the transport says.
    if (id === undefined) return { status: 202, body: Buffer.alloc(0) };
    const taken = Object.hasOwn(METHODS, method) ? METHODS[method]! : undefined;
    if (taken === undefined) {
      return error(404, id, METHOD_NOT_FOUND, `Method not found: ${method}; on revision 2026-07-28 this server answers ` +
        `${Object.keys(METHODS).join(', ')}`);
    }
    const extra = Object.keys(params).filter((key) => key !== '_meta' && !taken.includes(key));
    if (extra.length > 0) {
      const takes = taken.length === 0 ? 'only _meta' : `only ${[...taken, '_meta'].join(', ')}`;
      return error(200, id, INVALID_PARAMS, `${method} takes ${takes} in params, not ${extra.join(', ')}`);
    }
    if (method === 'server/discover') return this.respond(id, this.discover);
    if (method === 'tools/list') return this.respond(id, this.list);
    // jsonRpcEnvelope.ts has already refused a call without a tool of ours or with arguments that are not an object.
    const args = params.arguments as Record<string, unknown> | undefined;
    const result = await this.toolbox.callAsBytes(params.name as string, args, context);
    // The result's own members follow the opening: a tool result is an object that always has content.
    return this.respond(id, Buffer.concat([Buffer.from(this.resultOpening), result.subarray(1)]));
  }

  private result(fields: Record<string, unknown>): Buffer {
    return Buffer.concat([Buffer.from(this.resultOpening), Buffer.from(JSON.stringify(fields).slice(1))]);
  }

  private respond(id: JsonRpcId, result: Buffer): ModernAnswer {
    return { status: 200, body: directResponse(id, result) };
  }
}

function error(status: number, id: JsonRpcId, code: number, message: string): ModernAnswer {
  return { status, body: Buffer.from(jsonRpcErrorBody(code, message, id)) };
}
