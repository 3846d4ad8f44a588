import fs from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzleNodePostgres } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePostgres } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema.ts";

/** One type for both drivers, so repositories serve PGlite and node-postgres alike. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
  /** PGlite only: the whole database as a tarball, to start another from (test fixtures). */
  dump?: () => Promise<Blob>;
}

const migrationsFolder = path.resolve(import.meta.dirname, "../../drizzle");

/**
 * Opens the database and applies the committed migrations: a PostgreSQL server when a URL is given,
 * otherwise embedded PostgreSQL (PGlite) stored in `dataDir`, or in memory when `dataDir` is null.
 */
export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir: string | null;
  onIdleError?: (error: Error) => void;
  /** PGlite only: start from this dump instead of an empty database. */
  loadDataDir?: Blob;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection the server ends (restart, failover, admin) must not bring the process down:
    // the pool drops it and opens a new one for the next query.
    pool.on("error", (error) => options.onIdleError?.(error));
    const db = drizzleNodePostgres({ client: pool, schema });
    await migrateNodePostgres(db, { migrationsFolder });
    return { db: db as unknown as Database, kind: "postgres", close: () => pool.end() };
  }
  if (options.dataDir) await fs.mkdir(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    ...(options.dataDir ? { dataDir: path.join(options.dataDir, "pglite") } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    extensions: { pg_trgm },
  });
  const db = drizzlePglite({ client, schema });
  await migratePglite(db, { migrationsFolder });
  return {
    db: db as unknown as Database,
    kind: "pglite",
    close: () => client.close(),
    dump: () => client.dumpDataDir("none"),
  };
}
