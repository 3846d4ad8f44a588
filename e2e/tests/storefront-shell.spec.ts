import { expect, test } from "./fixtures.ts";

test("the API answers on the same origin", async ({ request }) => {
  const health = await request.get("/api/health");
  expect(health.ok()).toBe(true);
  const localities = await request.get("/api/public/localities", { headers: { "X-Partner-Code": "demo" } });
  expect((await localities.json()).map((l: { code: string }) => l.code)).toEqual(["riga", "kyiv", "baghdad"]);
});
