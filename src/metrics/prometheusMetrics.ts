import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { CatalogStore } from '../catalog/catalogStore.js';
import { SYNC_OUTCOMES, UNREAD, type ChangeCounts, type Edge, type KeyCreationEdge, type KeyCreationOutcome, type ServiceMetrics, type SyncOutcome, type ToolCallOutcome } from './serviceMetrics.js';

const EDGES: Edge[] = ['rest', 'mcp'];
const KEY_CREATION_EDGES: KeyCreationEdge[] = [...EDGES, 'oauth'];
const KEY_CREATION_OUTCOMES: KeyCreationOutcome[] = ['created', 'email-taken', 'address-limit', 'invalid'];

/** A cache's counts since the process started, as the caches keep them (CachedCatalog, CachedAccessStore). */
export interface CacheCounts {
  hits: number;
  misses: number;
  entries: number;
}

/** What the metrics read at each scrape rather than on the request path. */
export interface MetricSources {
  /** The catalog whose version, size and import time are reported. */
  catalog?: Pick<CatalogStore, 'catalogVersion' | 'counts' | 'importedAt'>;
  /** Each cache's counts by its name ("catalog", "keys"); a cache that is off is left out. */
  caches?: Record<string, () => CacheCounts>;
}

/**
 * Request latencies in seconds: a card from memory takes well under a millisecond, a search of the
 * full catalog some milliseconds, a request waiting for a pool connection up to 5 s.
 */
const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/** One catalog read serves every catalog gauge of a scrape (prom-client collects each metric on its own). */
const CATALOG_READ_REUSED_FOR_MS = 1000;

interface CatalogSnapshot {
  version: string;
  sets: number;
  cards: number;
  importedAt: string | null;
}

/**
 * The service's metrics in a Prometheus registry of their own (one per app, so several servers can
 * run in one process), with Node's default process metrics. Counters the request path moves are
 * prom-client's own; the cache counts and the catalog's gauges are read when scraped.
 */
export class PrometheusMetrics implements ServiceMetrics {
  readonly registry = new Registry();
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly latency: Histogram<'method' | 'route'>;
  private readonly quotaRefusals: Counter<'edge'>;
  private readonly keyCreations: Counter<'edge' | 'outcome'>;
  private readonly unavailable: Counter<'edge'>;
  private readonly toolCalls: Counter<'tool' | 'outcome'>;
  private readonly syncs: Counter<'result'>;
  private readonly syncDuration: Histogram;
  private readonly changes: Counter<'change'>;
  private catalogRead: { at: number; snapshot: Promise<CatalogSnapshot | undefined> } | undefined;
  /** The last catalog read: its counts are read again only when its version changed, its import time every time. */
  private lastCatalog: CatalogSnapshot | undefined;

  constructor(private readonly sources: MetricSources = {}) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.requests = new Counter({
      name: 'tcg_http_requests_total', help: 'HTTP responses by method, route pattern and status', labelNames: ['method', 'route', 'status'], registers,
    });
    this.latency = new Histogram({
      name: 'tcg_http_request_duration_seconds', help: 'Time from the request to the end of its response, by method and route pattern',
      labelNames: ['method', 'route'], buckets: LATENCY_BUCKETS, registers,
    });
    this.quotaRefusals = new Counter({
      name: 'tcg_quota_refusals_total', help: 'Keyed requests and tool calls refused 429 because the key\'s month is used up',
      labelNames: ['edge'], registers,
    });
    this.keyCreations = new Counter({
      name: 'tcg_key_creations_total', help: 'Requests for a new key by outcome: created, email-taken, address-limit, invalid',
      labelNames: ['edge', 'outcome'], registers,
    });
    this.unavailable = new Counter({
      name: 'tcg_database_unavailable_total', help: 'Requests and tool calls that failed because a database could not be reached',
      labelNames: ['edge'], registers,
    });
    this.toolCalls = new Counter({
      name: 'tcg_mcp_tool_calls_total', help: 'MCP tool calls by tool and outcome: ok, refused, invalid, error, failed',
      labelNames: ['tool', 'outcome'], registers,
    });
    this.syncs = new Counter({ name: 'tcg_syncs_total', help: 'Scheduled syncs (SYNC_SOURCE) by result: synced, skipped, failed', labelNames: ['result'], registers });
    this.syncDuration = new Histogram({
      name: 'tcg_sync_duration_seconds', help: 'How long scheduled syncs took, whatever their result', registers,
      buckets: [1, 5, 15, 30, 60, 120, 300, 900],
    });
    this.changes = new Counter({
      name: 'tcg_catalog_changes_total', help: 'Card and set answers the scheduled syncs of this instance added, changed or removed',
      labelNames: ['change'], registers,
    });
    for (const result of SYNC_OUTCOMES) this.syncs.inc({ result }, 0);
    for (const change of ['added', 'changed', 'removed']) this.changes.inc({ change }, 0);
    // Each series that may stay at zero is there from the start, so a rate over it is 0 rather than nothing.
    for (const edge of EDGES) {
      this.quotaRefusals.inc({ edge }, 0);
      this.unavailable.inc({ edge }, 0);
    }
    for (const edge of KEY_CREATION_EDGES) for (const outcome of KEY_CREATION_OUTCOMES) this.keyCreations.inc({ edge, outcome }, 0);
    this.cacheMetrics();
    this.catalogMetrics();
  }

  requestServed(method: string, route: string, status: number, seconds: number): void {
    this.requests.inc({ method, route, status });
    this.latency.observe({ method, route }, seconds);
  }

  requestUnread(status: number): void {
    this.requests.inc({ method: UNREAD, route: UNREAD, status });
  }

  quotaRefused(edge: Edge): void {
    this.quotaRefusals.inc({ edge });
  }

  keyCreation(edge: KeyCreationEdge, outcome: KeyCreationOutcome): void {
    this.keyCreations.inc({ edge, outcome });
  }

  databaseUnavailable(edge: Edge): void {
    this.unavailable.inc({ edge });
  }

  toolCall(tool: string, outcome: ToolCallOutcome): void {
    this.toolCalls.inc({ tool, outcome });
  }

  syncFinished(outcome: SyncOutcome, seconds: number, changes: ChangeCounts): void {
    this.syncs.inc({ result: outcome });
    this.syncDuration.observe(seconds);
    for (const [change, count] of Object.entries(changes)) this.changes.inc({ change }, count);
  }

  /** The caches' own counts, copied into the registry when scraped: the caches know nothing of Prometheus. */
  private cacheMetrics(): void {
    const caches = Object.entries(this.sources.caches ?? {});
    const copy = (metric: Counter<'cache'> | Gauge<'cache'>, count: (counts: CacheCounts) => number) => {
      metric.reset();
      for (const [cache, read] of caches) {
        if (metric instanceof Counter) metric.inc({ cache }, count(read()));
        else metric.set({ cache }, count(read()));
      }
    };
    const registers = [this.registry];
    new Counter({
      name: 'tcg_cache_hits_total', help: 'Reads answered from memory, by cache (catalog, keys)', labelNames: ['cache'], registers,
      collect() { copy(this, (counts) => counts.hits); },
    });
    new Counter({
      name: 'tcg_cache_misses_total', help: 'Reads the cache passed to the database, by cache (catalog, keys)', labelNames: ['cache'], registers,
      collect() { copy(this, (counts) => counts.misses); },
    });
    new Gauge({
      name: 'tcg_cache_entries', help: 'Entries held, by cache (catalog, keys)', labelNames: ['cache'], registers,
      collect() { copy(this, (counts) => counts.entries); },
    });
  }

  /**
   * The catalog's version, size and import time, read from the store when scraped. While the store
   * does not answer, the last values read stay (an outage shows in tcg_database_unavailable_total
   * and /healthz); before any was read, they are NaN (unknown) and the info has no series.
   */
  private catalogMetrics(): void {
    if (!this.sources.catalog) return;
    const registers = [this.registry];
    const read = () => this.readCatalog();
    const gauge = (name: string, help: string, value: (catalog: CatalogSnapshot) => number | null, labelNames: string[] = []) =>
      new Gauge({
        name, help, labelNames, registers,
        async collect() {
          const catalog = await read();
          const measured = catalog ? value(catalog) : null;
          if (labelNames.length === 0) {
            this.set(measured ?? Number.NaN);
            return;
          }
          this.reset();
          if (catalog && measured !== null) this.set({ version: catalog.version }, measured);
        },
      });
    gauge('tcg_catalog_info', 'The catalog\'s version (a stamp each import changes) as a label; always 1', () => 1, ['version']);
    gauge('tcg_catalog_sets', 'Sets in the catalog, every language', (catalog) => catalog.sets);
    gauge('tcg_catalog_cards', 'Cards in the catalog, every language', (catalog) => catalog.cards);
    gauge('tcg_catalog_imported_timestamp_seconds', 'When the catalog was last imported, in Unix seconds',
      (catalog) => (catalog.importedAt === null ? null : Date.parse(catalog.importedAt) / 1000));
  }

  private readCatalog(): Promise<CatalogSnapshot | undefined> {
    const now = performance.now();
    if (!this.catalogRead || now - this.catalogRead.at > CATALOG_READ_REUSED_FOR_MS) {
      this.catalogRead = { at: now, snapshot: this.readCatalogNow() };
    }
    return this.catalogRead.snapshot;
  }

  /** The catalog as read now, or as last read when the store does not answer now (undefined before any read). */
  private async readCatalogNow(): Promise<CatalogSnapshot | undefined> {
    const catalog = this.sources.catalog!;
    try {
      const version = await catalog.catalogVersion();
      // An import that changed nothing keeps the version and moves the import time: read it each time.
      const importedAt = await catalog.importedAt();
      if (this.lastCatalog?.version !== version) {
        this.lastCatalog = { version, ...await catalog.counts(), importedAt };
      } else {
        this.lastCatalog = { ...this.lastCatalog, importedAt };
      }
    } catch {
      // The last values stay: the catalog did not change because its database stopped answering.
    }
    return this.lastCatalog;
  }
}
