import { PGlite, types } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parsersSetOnce } from "./pglite-parsers.ts";

const ROW = sql`select
  timestamptz '2026-12-05 20:15:00.123+00' as at,
  timestamp '2026-12-05 22:15:00' as local,
  date '2026-12-06' as day,
  interval '1 hour 30 minutes' as span,
  array[timestamptz '2026-12-05 20:15:00+00'] as ats,
  array[date '2026-12-06'] as days,
  array[1.50::numeric] as amounts,
  42 as count,
  '{"k": 1}'::jsonb as doc`;

let client: PGlite;
// PGlite compiles its WebAssembly as it starts: on a two-core machine busy with CI's type checks
// beside the unit tests, that took more than this project's 10 s for a hook.
beforeAll(async () => {
  client = await PGlite.create();
}, 120_000);
afterAll(() => client.close());

describe("parsersSetOnce", () => {
  it("gives drizzle the same rows as the instance it wraps, in and out of a transaction", async () => {
    // drizzle's own way first: its parsers with each query.
    const expected = (await drizzle({ client }).execute(ROW)).rows;
    const after = drizzle({ client: parsersSetOnce(client) });
    expect(expected[0]).toMatchObject({ at: "2026-12-05 20:15:00.123+00", day: "2026-12-06", count: 42 });
    expect((await after.execute(ROW)).rows).toEqual(expected);
    expect(await after.transaction(async (tx) => (await tx.execute(ROW)).rows)).toEqual(expected);
  });

  it("keeps a query's parsers for other types", async () => {
    const lean = parsersSetOnce(client);
    const asked = { parsers: { [types.INT4]: (value: string) => `#${value}` } };
    expect((await lean.query("select 42 as n", [], asked)).rows).toEqual([{ n: "#42" }]);
    const inTransaction = await lean.transaction(
      async (tx) => (await tx.query("select 42 as n", [], asked)).rows,
    );
    expect(inTransaction).toEqual([{ n: "#42" }]);
  });
});
