import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import type { Database } from "./client.ts";

/** What drizzle's query builders give `prepare`: a statement that only binds its values when run. */
interface Preparable<Rows> {
  prepare(name: string): { execute(values?: Record<string, unknown>): Promise<Rows> };
}

/**
 * A query on a hot path built and prepared once per database. Drizzle otherwise builds a query's SQL
 * anew on every call (about 0.1 ms of CPU, more for a wide row) and the server parses and plans it
 * anew; prepared, a call binds its values (`sql.placeholder`) to the statement the server keeps for
 * each connection under `name` (decision 0179). A transaction is another `db`: the query is prepared
 * for it when it first runs there, as it would have been built.
 */
export function preparedQuery<Values extends Record<string, unknown>, Rows>(
  name: string,
  build: (db: Database) => Preparable<Rows>,
): (db: Database, values: Values) => Promise<Rows> {
  const prepared = new WeakMap<Database, ReturnType<Preparable<Rows>["prepare"]>>();
  return (db, values) => {
    let query = prepared.get(db);
    if (!query) {
      query = build(db).prepare(name);
      prepared.set(db, query);
    }
    return query.execute(values);
  };
}

/**
 * `column = any($name::type[])`: a list bound as one value of a prepared query, so one statement
 * serves lists of any length (`inArray` writes one parameter per item). The list is bound as an
 * array of a built-in `type` and, for an enum column, cast to `as` in SQL: PGlite serializes only
 * the array types it knew when it started, and an enum a migration made after is not among them.
 */
export function isAnyOf(column: AnyColumn, name: string, type: "int" | "text", as?: string): SQL {
  const list = sql`${sql.placeholder(name)}::${sql.raw(type)}[]`;
  return sql`${column} = any(${as ? sql`${list}::${sql.raw(as)}[]` : list})`;
}
