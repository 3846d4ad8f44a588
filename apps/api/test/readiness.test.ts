import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.ts";
import { startTestApp, TEST_MEDIA_DIR, type TestApp } from "./harness.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const ready = async (app = t.app) => {
  const answer = await app.inject({ method: "GET", url: "/api/ready" });
  return { status: answer.statusCode, body: answer.json() };
};

describe("GET /api/ready: whether a load balancer should send this process traffic", () => {
  it("is ready when the database (and Redis, when configured) answer and the migrations are applied", async () => {
    expect(await ready()).toEqual({
      status: 200,
      body: {
        status: "ready",
        draining: false,
        checks: { database: "ok", ...(process.env.REDIS_URL ? { redis: "ok" } : {}) },
      },
    });
    // Alive is a different question: it stays 200 whatever the database does.
    expect((await t.app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
  });

  it("is not ready while the process stops (after SIGTERM)", async () => {
    t.app.services.lifecycle.draining = true;
    try {
      expect(await ready()).toMatchObject({ status: 503, body: { status: "not ready", draining: true } });
    } finally {
      t.app.services.lifecycle.draining = false;
    }
  });

  it("is not ready on a database that lacks a migration this version knows", async () => {
    const newest = await t.database.db.execute(
      sql`select id, hash, created_at from drizzle.__drizzle_migrations order by id desc limit 1`,
    );
    const [last] = (newest as unknown as { rows: Array<{ id: number; hash: string; created_at: string }> })
      .rows;
    await t.database.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${last?.id}`);
    try {
      expect(await ready()).toMatchObject({
        status: 503,
        body: { checks: { database: "migrations pending" } },
      });
    } finally {
      await t.database.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${last?.id}, ${last?.hash}, ${last?.created_at})`,
      );
    }
    expect((await ready()).status).toBe(200);
  });

  it("is not ready when its Redis does not answer", async () => {
    const app = await buildApp({
      config: { mediaDir: TEST_MEDIA_DIR, logLevel: "silent", redisUrl: "redis://127.0.0.1:1" },
      database: t.database,
    });
    await app.ready();
    try {
      expect(await ready(app)).toMatchObject({
        status: 503,
        body: { status: "not ready", checks: { database: "ok", redis: "unreachable" } },
      });
    } finally {
      await app.close();
    }
  });
});
