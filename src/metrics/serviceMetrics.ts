/**
 * What the edges report for the operator's metrics. The edges call this small interface and know
 * nothing of Prometheus; without METRICS_PORT they get NO_METRICS, whose calls do nothing.
 */

/** Which edge served a request or a tool call. */
export type Edge = 'rest' | 'mcp';

/** Where a new key was asked for: POST /v1/keys, the get_api_key tool, or the sign-in page of an MCP client (OAuth). */
export type KeyCreationEdge = Edge | 'oauth';

/** How a request for a new key ended: the key, the email's active key, the address's 3 a day, or a body refused 4xx. */
export type KeyCreationOutcome = 'created' | 'email-taken' | 'address-limit' | 'invalid';

/**
 * How an MCP tool call ended: answered; refused for its key (401, 429); refused for its arguments;
 * answered with the catalog's error (an unknown id, 409 for get_api_key); failed (an outage, a bug).
 */
export type ToolCallOutcome = 'ok' | 'refused' | 'invalid' | 'error' | 'failed';

export interface ServiceMetrics {
  /**
   * A finished HTTP response, counted by route pattern (`/v1/cards`, never the URL asked for) so the
   * series stay few; `route` is UNMATCHED_ROUTE for a path no route serves.
   */
  requestServed(method: string, route: string, status: number, seconds: number): void;
  /**
   * A request the HTTP server could not read (malformed, headers too large, too slow), answered
   * before any route: counted with UNREAD for its method and route, and no latency (it has no start).
   */
  requestUnread(status: number): void;
  /** A keyed request or tool call refused 429: its key's month is used up. */
  quotaRefused(edge: Edge): void;
  keyCreation(edge: KeyCreationEdge, outcome: KeyCreationOutcome): void;
  /** A request or tool call that failed because a database could not be reached (StoreUnavailableError). */
  databaseUnavailable(edge: Edge): void;
  toolCall(tool: string, outcome: ToolCallOutcome): void;
  /** A scheduled sync ended (SyncScheduler): how, how long it took, and the changes to the catalog's answers it recorded. */
  syncFinished(outcome: SyncOutcome, seconds: number, changes: ChangeCounts): void;
}

/**
 * How a scheduled sync ended: synced (the catalog changed), unchanged (the source was, or read to
 * no difference: only the retrieval time moved), skipped (another process was syncing), failed
 * (the catalog stays as it was).
 */
export type SyncOutcome = 'synced' | 'unchanged' | 'skipped' | 'failed';
export const SYNC_OUTCOMES: readonly SyncOutcome[] = ['synced', 'unchanged', 'skipped', 'failed'];

/** Changes recorded in the changes feed, by kind. */
export type ChangeCounts = Record<'added' | 'changed' | 'removed', number>;

/** The route label of a request that matched no route: its path is the client's text, unbounded. */
export const UNMATCHED_ROUTE = '(unmatched)';
/** The method and route labels of a request the HTTP server could not read: neither is known. */
export const UNREAD = '(unread)';

export const NO_METRICS: ServiceMetrics = {
  requestServed() {},
  requestUnread() {},
  quotaRefused() {},
  keyCreation() {},
  databaseUnavailable() {},
  toolCall() {},
  syncFinished() {},
};

/** The outcome a status of POST /v1/keys stands for; null for one that says nothing of the request (a 503). */
export function keyCreationOutcome(status: number): KeyCreationOutcome | null {
  if (status === 201) return 'created';
  if (status === 409) return 'email-taken';
  if (status === 429) return 'address-limit';
  return status >= 400 && status < 500 ? 'invalid' : null;
}
