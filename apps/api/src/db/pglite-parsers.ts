import { type PGlite, type QueryOptions, type Transaction, types } from "@electric-sql/pglite";

/**
 * The types drizzle's PGlite driver reads as PostgreSQL writes them (it maps them itself): dates,
 * timestamps and intervals, and arrays of numerics, timestamps, intervals and dates. Its driver
 * passes a parser for each with every query, which PGlite merges into a copy of its own 318 for
 * that query: about 180 µs of a 440 µs query for a cart's row (docs/performance.md, stop 87).
 */
const KEPT_AS_WRITTEN = new Set<number>([
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
]);

const asWritten = (value: string) => value;

/** A query's options without the parsers the instance already has; others are kept as given. */
function withoutKnownParsers(options: QueryOptions | undefined): QueryOptions | undefined {
  if (!options?.parsers) return options;
  if (!Object.keys(options.parsers).every((type) => KEPT_AS_WRITTEN.has(Number(type)))) return options;
  const { parsers: _known, ...rest } = options;
  return rest;
}

type Query = PGlite["query"];

/**
 * The PGlite client as drizzle gets it: the instance parses those types as drizzle asks, once, and
 * drizzle's per-query copy of the same parsers is dropped, in and out of transactions. Rows are the
 * same; a query is cheaper. Only `query` and `transaction` are drizzle's; the rest is the instance's.
 */
export function parsersSetOnce(client: PGlite): PGlite {
  // Set after PGlite's start, which fills in the parsers of every array type it knows.
  for (const type of KEPT_AS_WRITTEN) client.parsers[type] = asWritten;
  const lean =
    (query: Query): Query =>
    (text, params, options) =>
      query(text, params, withoutKnownParsers(options));
  return new Proxy(client, {
    get(target, name) {
      if (name === "query") return lean(target.query.bind(target));
      if (name === "transaction")
        return <T>(callback: (tx: Transaction) => Promise<T>) =>
          target.transaction((tx) =>
            callback(Object.create(tx, { query: { value: lean(tx.query.bind(tx)) } }) as Transaction),
          );
      // PGlite's methods use its private fields: they run on the instance itself.
      const value: unknown = Reflect.get(target, name, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
