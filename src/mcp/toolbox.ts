import type { ValidateFunction } from 'ajv';
import type { CallToolResult, Tool } from '@modelcontextprotocol/server';
import type { FastifyBaseLogger } from 'fastify';
import type { AccessControl, AccessDecision } from '../access/accessControl.js';
import type { Allowance } from '../access/allowance.js';
import type { PresentedKey } from '../access/presentedKey.js';
import type { CatalogQueries } from '../catalog/answers/catalogQueries.js';
import type { DeckChecker } from '../decks/deckCheck.js';
import { leanOutputSchema, toolInputSchema, wireSchema } from '../schemas/toolSchemas.js';
import { compileJsonValidator, compileQueryValidator } from '../schemas/validator.js';
import { validationMessage } from '../edge/validation.js';
import { failureOf, logFailure } from '../edge/failures.js';
import type { ServiceMetrics, ToolCallOutcome } from '../metrics/serviceMetrics.js';
import type { Refusal } from '../vocabulary/errorCodes.js';
import type { ToolDefinition, ToolOutcome } from './tools.js';
import { answeredResult, failedResult } from './toolResult.js';

/** What one MCP request knows about its HTTP request. */
export interface ToolCallContext {
  authorization: string | undefined;
  /** The key the request presents, read once for the request (edge/presentedKey.ts). */
  presentedKey: PresentedKey;
  /**
   * The verdict on the request's key, for a call of a keyed tool: the endpoint checks the key once,
   * before the SDK, to answer the 401 challenge, and the tool acts on that verdict (counted already
   * for a tool keyed true; a tool counted when answered counts through ToolServices.count()).
   */
  keyDecision?: AccessDecision;
  clientAddress: string;
  log: FastifyBaseLogger;
  /** Told of every access decision, so the HTTP response carries the last one's rate-limit headers. */
  onAllowance(allowance: Allowance, retryAfterSeconds: number | undefined): void;
  /** Told when the key turns out unknown or revoked (a 401), for the throttle on requests without a valid key. */
  onKeyRefused(): Promise<void>;
}

interface CompiledTool {
  definition: ToolDefinition;
  /** The arguments' validator, compiled by the tool's first call: compiling them all would slow every start. */
  validator(): ValidateFunction;
}

/** The refusal of arguments the tool does not take, naming them and the ones it does. */
function unknownArguments(tool: ToolDefinition, args: Record<string, unknown>): string | undefined {
  const taken = Object.keys(tool.input.properties);
  const unknown = Object.keys(args).filter((name) => !taken.includes(name));
  if (unknown.length === 0) return undefined;
  return `unknown argument${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}; ${tool.name} takes ${taken.join(', ')}`;
}

/**
 * The tools compiled once per process: their listing and argument validators (each on first use). A tool call
 * acts on its key's verdict, then checks the arguments, then answers, in REST's order (401, 429, 400, 404).
 */
export class McpToolbox {
  /** The tools/list answer, the same for every request. */
  readonly listing: Tool[];
  private readonly tools = new Map<string, CompiledTool>();

  constructor(definitions: readonly ToolDefinition[],
    private readonly services: { queries: CatalogQueries; decks: DeckChecker; access: AccessControl; metrics: ServiceMetrics }) {
    // REST's validator: query-string-like arguments may arrive as text ("limit": "5"), body-like ones are checked as sent.
    const compile = { querystring: compileQueryValidator, body: compileJsonValidator };
    for (const definition of definitions) {
      let validate: ValidateFunction | undefined;
      const validator = () => (validate ??= compile[definition.argumentsLike](definition.input));
      this.tools.set(definition.name, { definition, validator });
    }
    this.listing = definitions.map((tool) => ({
      name: tool.name,
      title: tool.annotations.title,
      description: tool.description,
      inputSchema: toolInputSchema(tool.input) as Tool['inputSchema'],
      outputSchema: wireSchema(leanOutputSchema(tool.output)) as Tool['outputSchema'],
      annotations: tool.annotations,
    }));
  }

  /** How the tool `name` needs a key (ToolDefinition.keyed); false for get_api_key and for a tool that does not exist. */
  keying(name: string): ToolDefinition['keyed'] {
    return this.tools.get(name)?.definition.keyed ?? false;
  }

  /** The tools' names, for the answer to an unknown one. */
  get names(): string[] {
    return [...this.tools.keys()];
  }

  /** The result of calling the tool `name`; undefined when there is no such tool. */
  async call(name: string, args: Record<string, unknown> | undefined, context: ToolCallContext): Promise<CallToolResult | undefined> {
    const tool = this.tools.get(name);
    if (!tool) return undefined;
    const outcome = await this.outcome(tool, args, context);
    if (outcome.allowance) context.onAllowance(outcome.allowance, outcome.ok ? undefined : outcome.retryAfterSeconds);
    return outcome.ok ? answeredResult(outcome.answer, outcome.compact) : failedResult(outcome.message, outcome.code);
  }

  private async outcome(tool: CompiledTool, args: Record<string, unknown> | undefined, context: ToolCallContext): Promise<ToolOutcome> {
    const { name } = tool.definition;
    const { metrics } = this.services;
    try {
      const { outcome, ended } = await this.answer(tool, { ...args }, context);
      metrics.toolCall(name, ended);
      return outcome;
    } catch (error) {
      // REST's message for the same failure (an outage, a bug), as an isError result.
      const failed = failureOf(error);
      logFailure(context.log, failed, error, 'tool call failed', { tool: name });
      if (failed.kind === 'unavailable') metrics.databaseUnavailable('mcp');
      metrics.toolCall(name, 'failed');
      return { ok: false, code: failed.code, message: failed.message };
    }
  }

  private async answer({ definition, validator }: CompiledTool, args: Record<string, unknown>, context: ToolCallContext):
    Promise<{ outcome: ToolOutcome; ended: ToolCallOutcome }> {
    const { access, metrics } = this.services;
    const admitted = (decision: AccessDecision): Refusal | null => {
      context.onAllowance(decision.allowance, decision.allowed ? undefined : decision.retryAfterSeconds);
      if (decision.allowed) return null;
      if (decision.status === 429) metrics.quotaRefused('mcp');
      return { code: decision.code, message: decision.message };
    };
    if (definition.keyed) {
      if (context.keyDecision === undefined) throw new Error(`${definition.name} was called without its key checked`);
      const refused = admitted(context.keyDecision);
      if (refused !== null) return { outcome: { ok: false, ...refused }, ended: 'refused' };
    }
    const unknown = unknownArguments(definition, args);
    if (unknown) return { outcome: { ok: false, code: 'invalid_parameter', message: unknown }, ended: 'invalid' };
    definition.prepare?.(args);
    const validate = validator();
    if (!validate(args)) {
      return { outcome: { ok: false, code: 'invalid_parameter', message: validationMessage(validate.errors ?? [], definition.argumentsLike) }, ended: 'invalid' };
    }
    // Counted once the request proved valid, as POST /v1/decks/check counts; the key was checked already.
    const count = definition.keyed === 'when-answered'
      ? async () => admitted(await access.authorizeAndCount(context.presentedKey))
      : async () => null;
    const outcome = await definition.run(args, { ...this.services, clientAddress: context.clientAddress, count });
    return { outcome, ended: outcome.ok ? 'ok' : outcome.refused ? 'refused' : 'error' };
  }
}
