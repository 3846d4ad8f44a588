import { sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, inject, it, vi } from "vitest";
import { openDatabase } from "../src/db/client.ts";

/**
 * A PostgreSQL server ends a connection (a restart, a failover, an administrator) while a request
 * holds it. The process must live on: that request fails, the next gets a new connection.
 */
const serverUrl = process.env.DATABASE_URL;

type Rows<T> = { rows: T[] };

describe.runIf(serverUrl)("a connection the server ends while it is in use", () => {
  it("fails the transaction that held it, is said in the log, and leaves the process serving", async () => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    const name = `storefront_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    const template = inject("seededTemplate");
    await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ""}`);
    const url = new URL(serverUrl as string);
    url.pathname = `/${name}`;
    const lost: string[] = [];
    const database = await openDatabase({
      databaseUrl: url.toString(),
      dataDir: null,
      onConnectionLost: (error, state) => lost.push(`${state}: ${error.message}`),
    });
    try {
      const held = database.db.transaction(async (tx) => {
        const { rows } = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as Rows<{
          pid: number;
        }>;
        await admin.query("select pg_terminate_backend($1)", [rows[0]?.pid]);
        // Between two statements of the transaction: the connection's end reaches only itself.
        await vi.waitFor(() =>
          expect(lost).toContain("in use: terminating connection due to administrator command"),
        );
        await tx.execute(sql`select 1`);
      });
      await expect(held).rejects.toThrow();
      const { rows } = (await database.db.execute(sql`select 2 as answer`)) as unknown as Rows<{
        answer: number;
      }>;
      expect(rows).toEqual([{ answer: 2 }]);
    } finally {
      await database.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});
