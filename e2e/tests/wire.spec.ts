import { expect, test } from "./fixtures.ts";

/** Text a browser receives: the page, its scripts and its stylesheets. */
const TEXT_TYPES = ["document", "script", "stylesheet"];

test("the page, its scripts and styles reach the browser compressed, and assets are cached for good", async ({
  page,
}) => {
  const responses: Array<{ url: string; type: string; encoding?: string; cacheControl?: string }> = [];
  page.on("response", async (response) => {
    const type = response.request().resourceType();
    if (!TEXT_TYPES.includes(type) || response.status() !== 200) return;
    const headers = await response.allHeaders();
    responses.push({
      url: response.url(),
      type,
      encoding: headers["content-encoding"],
      cacheControl: headers["cache-control"],
    });
  });
  await page.goto("/en/riga");
  await expect(page.getByRole("heading", { level: 1, name: "Restaurants and stores in Riga" })).toBeVisible();
  await page.waitForLoadState("load");

  expect(responses.filter((r) => r.type === "document")).toHaveLength(1);
  expect(responses.filter((r) => r.type === "script").length).toBeGreaterThan(0);
  expect(responses.filter((r) => r.type === "stylesheet").length).toBeGreaterThan(0);
  for (const response of responses) {
    expect(response.encoding, `${response.url} is compressed`).toMatch(/^(br|gzip)$/);
    if (response.type !== "document") expect(response.cacheControl, response.url).toContain("immutable");
  }
});
