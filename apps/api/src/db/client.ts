import { readFileSync } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { count } from "drizzle-orm";
import { drizzle as drizzleNodePostgres } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePostgres } from "drizzle-orm/node-postgres/migrator";
import { type PgDatabase, type PgQueryResultHKT, pgSchema, serial } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { parsersSetOnce } from "./pglite-parsers.ts";
import * as schema from "./schema.ts";

/**
 * One type for both drivers, so repositories serve PGlite and node-postgres alike. It is also the
 * type of a transaction: drizzle's `PgTransaction` extends `PgDatabase`, so the `tx` of
 * `db.transaction(async (tx) => …)` is passed to a repository as it is, no cast.
 */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** The server's address, for connections of their own (leadership); none for PGlite. */
  url?: string;
  /**
   * Runs `work` while no other process of the deployment runs its own `exclusively` work (migrations,
   * the demo seed): a PostgreSQL session advisory lock; PGlite belongs to one process anyway.
   */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** PGlite only: the whole database as a tarball, to start another from (test fixtures). */
  dump?: () => Promise<Blob>;
}

const migrationsFolder = path.resolve(import.meta.dirname, "../../drizzle");

/** How many migrations this version of the code knows (drizzle's journal). */
const knownMigrations = (
  JSON.parse(readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8")) as {
    entries: unknown[];
  }
).entries.length;

/** Drizzle's own record of the migrations applied (its migrator writes it; only counted here). */
const appliedMigrations = pgSchema("drizzle").table("__drizzle_migrations", { id: serial("id") });

/** Whether the database lacks a migration this code knows (another process has not finished them). */
export async function migrationsPending(db: Database): Promise<boolean> {
  const [row] = await db.select({ applied: count() }).from(appliedMigrations);
  return (row?.applied ?? 0) < knownMigrations;
}

/**
 * Opens the database and applies the committed migrations: a PostgreSQL server when a URL is given,
 * otherwise embedded PostgreSQL (PGlite) stored in `dataDir`, or in memory when `dataDir` is null.
 */
export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir: string | null;
  /** A connection the server ended (a restart, a failover, an administrator), idle in the pool or in use. */
  onConnectionLost?: (error: Error, state: "idle" | "in use") => void;
  /** PGlite only: start from this dump instead of an empty database. */
  loadDataDir?: Blob;
  /**
   * PGlite only: server settings of this instance, beside PGlite's own (`-c name=value` at its
   * start), such as the test suite's smaller shared buffers.
   */
  settings?: Record<string, string>;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    // A query while the server is down fails within seconds instead of queueing for a connection
    // forever: the request gets its 5xx, readiness says not ready, and the pool reconnects later.
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      connectionTimeoutMillis: 3000,
    });
    // A connection the server ends (restart, failover, admin) must not bring the process down. The
    // pool listens to its idle connections and drops one that fails. One in use (a transaction
    // between its statements, a request's query) says so on itself, where the pool no longer
    // listens: without a listener there Node ends the process. Its next statement fails instead, the
    // request gets its 5xx, and the pool drops the connection when it is given back.
    pool.on("error", (error) => options.onConnectionLost?.(error, "idle"));
    const lostInUse = (error: Error) => options.onConnectionLost?.(error, "in use");
    pool.on("acquire", (client) => client.on("error", lostInUse));
    pool.on("release", (_error, client) => client.removeListener("error", lostInUse));
    const db = drizzleNodePostgres({ client: pool, schema });
    const exclusively = <T>(work: () => Promise<T>) => withStartupLock(pool, work);
    // Processes starting together on an empty database migrate one after the other.
    await exclusively(() => migrateNodePostgres(db, { migrationsFolder }));
    return {
      db,
      kind: "postgres",
      url: options.databaseUrl,
      exclusively,
      close: () => pool.end(),
    };
  }
  if (options.dataDir) await fs.mkdir(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    ...(options.dataDir ? { dataDir: path.join(options.dataDir, "pglite") } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    ...(options.settings
      ? {
          startParams: [
            ...PGlite.defaultStartParams,
            ...Object.entries(options.settings).flatMap(([name, value]) => ["-c", `${name}=${value}`]),
          ],
        }
      : {}),
    extensions: { pg_trgm },
  });
  const db = drizzlePglite({ client: parsersSetOnce(client), schema });
  await migratePglite(db, { migrationsFolder });
  return {
    db,
    kind: "pglite",
    exclusively: (work) => work(),
    close: () => client.close(),
    dump: () => client.dumpDataDir("none"),
  };
}

/** The advisory lock key of start-up work (class, object): apart from `LOCK_KINDS`' classes. */
const STARTUP_LOCK = [0x5354, 1] as const;

/**
 * Holds the start-up lock on a connection of its own while `work` runs on the pool; that connection
 * is then closed, which releases the lock whatever happened (a process killed meanwhile releases it too).
 */
async function withStartupLock<T>(pool: pg.Pool, work: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock($1, $2)", [...STARTUP_LOCK]);
    return await work();
  } finally {
    client.release(true);
  }
}
