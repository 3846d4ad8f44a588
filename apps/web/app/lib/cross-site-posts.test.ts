import { describe, expect, it } from "vitest";
import { postedFromAnotherSite } from "./cross-site-posts.server.ts";

const own = "https://shop.example";
const post = (headers: Record<string, string>, method = "POST") =>
  postedFromAnotherSite(new Request(`${own}/en/address`, { method, headers }), own);

describe("a post to a page made by another site", () => {
  it("is told by the browser's Sec-Fetch-Site: only the page's own origin and the visitor may post", () => {
    expect(post({ "sec-fetch-site": "same-origin" })).toBe(false);
    expect(post({ "sec-fetch-site": "none" })).toBe(false);
    expect(post({ "sec-fetch-site": "cross-site", origin: "https://attacker.example" })).toBe(true);
    // A sibling of the shop's domain is another site's page too, whatever Origin it claims.
    expect(post({ "sec-fetch-site": "same-site", origin: own })).toBe(true);
  });

  it("is told by Origin from a browser without Sec-Fetch-Site, against the host and the shop's address", () => {
    expect(post({ origin: own })).toBe(false);
    expect(post({ origin: "https://attacker.example" })).toBe(true);
    expect(post({ origin: "null" })).toBe(true);
    // Behind a proxy that names the server by another host, the shop's own address still posts.
    expect(
      postedFromAnotherSite(
        new Request("http://10.0.0.5:4000/en/address", { method: "POST", headers: { origin: own } }),
        own,
      ),
    ).toBe(false);
  });

  it("is none when no browser sent it, or when it only reads", () => {
    expect(post({})).toBe(false);
    expect(post({ "sec-fetch-site": "cross-site" }, "GET")).toBe(false);
  });
});
