import Fastify from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { ReadCache } from "./read-cache.ts";
import { PageReads, trackCallReads, trackPageReads } from "./read-tracking.ts";

const cache = new ReadCache({ maxBytes: 10_000, maxEntries: 100, maxAgeMs: 60_000 });
/** Two routes as the catalogue's are: one answered from a tagged read, one from data no tag names. */
const app = Fastify();
app.get("/menu/:id", async (request) => {
  const { id } = request.params as { id: string };
  return cache.read(`menu|${id}`, 0, async () => ({ value: { id }, tags: [`vendor:${id}`], size: 10 }));
});
app.get("/cart", async () => ({ items: [] }));
afterAll(() => app.close());

/** A page's render that calls the routes in process, as the storefront's loaders do. */
function renderCalling(urls: string[]): Promise<PageReads> {
  const page = new PageReads();
  return trackPageReads(page, async () => {
    for (const url of urls) {
      const { reads } = await trackCallReads(() => app.inject({ method: "GET", url }));
      page.add(reads);
    }
    return page;
  });
}

describe("what a page read", () => {
  it("is the tags of the entries its calls were answered from, built or kept, across concurrent pages", async () => {
    const [first, second] = await Promise.all([
      renderCalling(["/menu/1", "/menu/2"]),
      renderCalling(["/menu/2"]),
    ]);
    expect([...first.tags]).toEqual(["vendor:1", "vendor:2"]);
    expect(first.keepable).toBe(true);
    expect([...second.tags]).toEqual(["vendor:2"]);
    // Kept now: a later page learns the same tags from the kept entries.
    expect([...(await renderCalling(["/menu/1"])).tags]).toEqual(["vendor:1"]);
  });

  it("makes a page unkeepable once one call was answered from data no tag names", async () => {
    const page = await renderCalling(["/menu/1", "/cart"]);
    expect(page.keepable).toBe(false);
  });
});
