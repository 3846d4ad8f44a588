import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Fastify from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { hostSinglePageBuild } from "./single-page-host.ts";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "single-page-"));
fs.writeFileSync(
  path.join(root, "index.html"),
  "<!doctype html><title>Console</title><script src='/console/assets/a.js'></script>",
);
// As the API sets its router: "/console" and "/console/" reach the same route.
const app = Fastify({ routerOptions: { ignoreTrailingSlash: true } });
await hostSinglePageBuild(app, { root, prefix: "/console/", metricsRoute: "console", imgSrc: "'self'" });

afterAll(async () => {
  await app.close();
  fs.rmSync(root, { recursive: true, force: true });
});

describe("a single-page app's host", () => {
  it("sends its prefix typed without the slash to the app, the query kept", async () => {
    const bare = await app.inject({ method: "GET", url: "/console" });
    expect(bare.statusCode).toBe(301);
    expect(bare.headers.location).toBe("/console/");
    const asked = await app.inject({ method: "GET", url: "/console?next=%2Fen%2Forders" });
    expect(asked.headers.location).toBe("/console/?next=%2Fen%2Forders");
  });

  it("answers its page for every path under the prefix", async () => {
    for (const url of ["/console/", "/console/uk/orders/12"]) {
      const page = await app.inject({ method: "GET", url });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain("<title>Console</title>");
    }
  });
});
