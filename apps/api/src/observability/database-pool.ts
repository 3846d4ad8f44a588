import pg from "pg";
import type { DatabaseHandle } from "../db/client.ts";

/** node-postgres' pool behind the database (drizzle keeps its client as `$client`); PGlite has none. */
export function poolOf(database: DatabaseHandle): pg.Pool | null {
  const client: unknown = Reflect.get(database.db, "$client");
  return client instanceof pg.Pool ? client : null;
}
