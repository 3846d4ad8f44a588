import { clientErrorReports, expect, test } from "./fixtures.ts";
import { say } from "./words.ts";

test("the API answers on the same origin", async ({ request }) => {
  const health = await request.get("/api/health");
  expect(health.ok()).toBe(true);
  const localities = await request.get("/api/public/localities", { headers: { "X-Partner-Code": "demo" } });
  expect((await localities.json()).map((l: { code: string }) => l.code)).toEqual(["riga", "kyiv", "baghdad"]);
});

test("a page opened before a new build went out loads again where the customer was when a part of its old build is gone", async ({
  page,
}) => {
  const reports = clientErrorReports(page);
  await page.goto("/en/riga");
  // The new build is out: the server no longer has the old build's code for the language list, the
  // first time the page asks for it.
  let gone = true;
  await page.route("**/assets/languages-list-*.js", (route) => {
    if (!gone) return route.continue();
    gone = false;
    return route.fulfill({ status: 404, contentType: "text/plain", body: "Not Found" });
  });
  let loads = 0;
  page.on("load", () => {
    loads += 1;
  });
  await page.getByRole("link", { name: say("en", "header.language") }).click();
  const list = page.getByRole("dialog", { name: say("en", "languages.title") });
  await expect(list.getByRole("radio", { name: "Latviešu" })).toBeEnabled();
  expect(gone).toBe(false);
  expect(loads).toBe(1);
  await expect(page.getByText(say("en", "error.server.title"))).toHaveCount(0);
  expect(reports).toEqual([]);
});
