import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";

type CacheReads = { hits: number; misses: number };

/** What the figures are read from, each at the moment Prometheus scrapes. */
export interface MetricSources {
  /** The public catalogue's read cache. */
  readCache: {
    readonly reads: CacheReads;
    readonly stats: { entries: number; bytes: number };
  };
  /** The storefront's pages kept for anonymous visitors. */
  pageCache: { readonly reads: CacheReads };
  /** node-postgres' pool when the database is a PostgreSQL server; PGlite has none. */
  pool: { readonly totalCount: number; readonly idleCount: number; readonly waitingCount: number } | null;
  /** Orders of the whole deployment by status, one query per scrape. */
  countOrdersByStatus: () => Promise<Array<{ status: string; orders: number }>>;
  /** Messages this process sent, tried again later and gave up, by channel (the outbox counts). */
  messages: Record<string, { sent: number; retried: number; failed: number }>;
  /** Where a figure that could not be read is reported; the scrape goes on without it. */
  reportError: (error: unknown, message: string) => void;
}

export interface RequestLabels {
  method: string;
  /** The route's pattern (`/api/vendors/:id`) or a name for many (`page`), never the raw URL. */
  route: string;
  status: string;
}

/** A counter of a cache's reads by outcome: the cache counts for itself; the counter shows its count. */
function cacheReadsCounter(
  registers: Registry[],
  name: string,
  cache: { help: string; reads: () => CacheReads },
): void {
  new Counter({
    name,
    help: cache.help,
    labelNames: ["outcome"],
    registers,
    collect() {
      const { hits, misses } = cache.reads();
      this.reset();
      this.inc({ outcome: "hit" }, hits);
      this.inc({ outcome: "miss" }, misses);
    },
  });
}

/**
 * The process's Prometheus figures. Two registries, because a cluster's workers are added up but the
 * database is not: `process` holds what each process counts for itself (requests, sockets, cache,
 * pool, Node's own), summed over the workers; `deployment` holds what is read from the database,
 * the same whichever process reads it, so it is read once per scrape and never summed.
 */
export class AppMetrics {
  readonly process = new Registry();
  readonly deployment = new Registry();
  private readonly requests: Counter<keyof RequestLabels>;
  private readonly durations: Histogram<keyof RequestLabels>;
  private readonly ordersPlaced: Counter;
  private trackingSockets: () => number = () => 0;
  private pageTurns: () => { running: number; waiting: number } = () => ({ running: 0, waiting: 0 });

  constructor(sources: MetricSources) {
    const registers = [this.process];
    collectDefaultMetrics({ register: this.process });
    const labelNames = ["method", "route", "status"] as const;
    this.requests = new Counter({
      name: "http_requests_total",
      help: "Requests answered, by method, route pattern and status",
      labelNames,
      registers,
    });
    this.durations = new Histogram({
      name: "http_request_duration_seconds",
      help: "Time from a request's arrival to the end of its answer, by method, route pattern and status",
      labelNames,
      registers,
    });
    this.ordersPlaced = new Counter({
      name: "orders_placed_total",
      help: "Orders placed (a retry answered with the order already made does not count)",
      registers,
    });
    const metrics = this;
    new Gauge({
      name: "tracking_sockets_open",
      help: "Live order tracking WebSockets open",
      registers,
      collect() {
        this.set(metrics.trackingSockets());
      },
    });
    new Gauge({
      name: "storefront_pages_rendering",
      help: "Storefront pages rendering now in the process (they render a few at a time, in turns)",
      registers,
      collect() {
        this.set(metrics.pageTurns().running);
      },
    });
    new Gauge({
      name: "storefront_pages_waiting",
      help: "Storefront pages waiting for their turn to render",
      registers,
      collect() {
        this.set(metrics.pageTurns().waiting);
      },
    });
    cacheReadsCounter(registers, "catalogue_cache_reads_total", {
      help: "Reads of the public catalogue's cache: answered from it (hit) or built from the database (miss)",
      reads: () => sources.readCache.reads,
    });
    cacheReadsCounter(registers, "storefront_page_cache_reads_total", {
      help: "Anonymous visitors' page requests: served a kept page (hit) or rendered (miss)",
      reads: () => sources.pageCache.reads,
    });
    new Counter({
      name: "messages_total",
      help: "Messages (SMS, EMAIL, PUSH) by outcome: sent, retried (a try failed, another is due) or failed (given up)",
      labelNames: ["channel", "outcome"],
      registers,
      collect() {
        this.reset();
        for (const [channel, counts] of Object.entries(sources.messages))
          for (const outcome of ["sent", "retried", "failed"] as const)
            this.inc({ channel, outcome }, counts[outcome]);
      },
    });
    new Gauge({
      name: "catalogue_cache_entries",
      help: "Answers and pieces the public catalogue's cache holds",
      registers,
      collect() {
        this.set(sources.readCache.stats.entries);
      },
    });
    new Gauge({
      name: "catalogue_cache_bytes",
      help: "Roughly the bytes the public catalogue's cache holds",
      registers,
      collect() {
        this.set(sources.readCache.stats.bytes);
      },
    });
    const { pool } = sources;
    if (pool) {
      new Gauge({
        name: "db_pool_connections",
        help: "Connections the database pool holds open, busy or idle",
        registers,
        collect() {
          this.set(pool.totalCount);
        },
      });
      new Gauge({
        name: "db_pool_idle_connections",
        help: "Connections of the database pool waiting for a query",
        registers,
        collect() {
          this.set(pool.idleCount);
        },
      });
      new Gauge({
        name: "db_pool_waiting_queries",
        help: "Queries waiting for a connection of the database pool",
        registers,
        collect() {
          this.set(pool.waitingCount);
        },
      });
    }
    new Gauge({
      name: "orders_by_status",
      help:
        "Orders of the whole deployment (every partner) in each status now, read from the database at " +
        "each scrape: the same from every process, so never add it up across processes",
      labelNames: ["status"],
      registers: [this.deployment],
      async collect() {
        this.reset();
        try {
          for (const row of await sources.countOrdersByStatus()) this.set({ status: row.status }, row.orders);
        } catch (error) {
          // A database that does not answer leaves this figure out; the process's own still go out.
          sources.reportError(error, "orders_by_status could not be read");
        }
      },
    });
  }

  observeRequest(labels: RequestLabels, seconds: number): void {
    this.requests.inc(labels);
    this.durations.observe(labels, seconds);
  }

  orderPlaced(): void {
    this.ordersPlaced.inc();
  }

  /** Where the open tracking sockets are counted (the tracking routes own them). */
  countTrackingSocketsWith(count: () => number): void {
    this.trackingSockets = count;
  }

  /** Where the storefront's pages rendering and waiting are counted (the storefront's host gives the turns). */
  countPageTurnsWith(state: () => { running: number; waiting: number }): void {
    this.pageTurns = state;
  }
}
