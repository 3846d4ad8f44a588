import zlib from "node:zlib";
import { endpoints } from "@storefront/domain/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO, startTestApp, type TestApp } from "./harness.ts";
import { apiPath } from "./paths.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const VENDORS = apiPath(endpoints.localities.vendors("riga", ""));

function fetchVendors(headers: Record<string, string>) {
  return t.app.inject({
    method: "GET",
    url: VENDORS,
    headers: { ...DEMO, "accept-language": "en", ...headers },
  });
}

describe("compression on the wire", () => {
  it("a browser that accepts Brotli gets the vendor list in Brotli, the same list once decoded", async () => {
    const plain = await fetchVendors({});
    const compressed = await fetchVendors({ "accept-encoding": "gzip, deflate, br" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(compressed.headers["content-encoding"]).toBe("br");
    const decoded = zlib.brotliDecompressSync(compressed.rawPayload).toString("utf8");
    expect(JSON.parse(decoded)).toEqual(plain.json());
    expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
  });

  it("a client that only knows gzip gets gzip", async () => {
    const compressed = await fetchVendors({ "accept-encoding": "gzip" });
    expect(compressed.headers["content-encoding"]).toBe("gzip");
    expect(
      JSON.parse(zlib.gunzipSync(compressed.rawPayload).toString("utf8")).content.length,
    ).toBeGreaterThan(0);
  });

  it("caches keep one copy per encoding, language and partner, the plain one too", async () => {
    for (const accepted of ["br", "identity"]) {
      const vary = String((await fetchVendors({ "accept-encoding": accepted })).headers.vary).toLowerCase();
      for (const header of ["accept-encoding", "accept-language", "x-partner-code"])
        expect(vary).toContain(header);
    }
  });

  it("every client gets the same compressed bytes of a cached answer, under the same ETag", async () => {
    const [first, second] = await Promise.all([
      fetchVendors({ "accept-encoding": "br" }),
      fetchVendors({ "accept-encoding": "gzip, br" }),
    ]);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
  });

  it("a client that already holds the list gets 304 and no body, compressed or not", async () => {
    const first = await fetchVendors({ "accept-encoding": "br" });
    const again = await fetchVendors({
      "accept-encoding": "br",
      "if-none-match": String(first.headers.etag),
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });
});
