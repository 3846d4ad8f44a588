import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { lowPriorityModulePreloads } from "./script-priority.server.ts";

async function through(chunks: Array<string | Buffer>): Promise<string> {
  return text(Readable.from(chunks).pipe(lowPriorityModulePreloads()));
}

describe("module preloads at low priority", () => {
  it("marks every module preload of the page and leaves the rest as it was", async () => {
    const page =
      '<head><link rel="stylesheet" href="/a.css"/><link rel="modulepreload" href="/x.js"/>' +
      '<link rel="modulepreload" href="/y.js" nonce="n"/><link rel="preload" as="font" href="/f.woff2"/></head>';
    expect(await through([page])).toBe(
      '<head><link rel="stylesheet" href="/a.css"/><link rel="modulepreload" fetchpriority="low" href="/x.js"/>' +
        '<link rel="modulepreload" fetchpriority="low" href="/y.js" nonce="n"/><link rel="preload" as="font" href="/f.woff2"/></head>',
    );
  });

  it("finds a link split across the chunks React streams, and a character split across bytes", async () => {
    const bytes = Buffer.from('<p>Rīga</p><link rel="modulepreload" href="/x.js"/>');
    const cuts = [4, 6, 20, 30];
    const chunks = cuts.map((cut, index) => bytes.subarray(cuts[index - 1] ?? 0, cut));
    chunks.push(bytes.subarray(30));
    expect(await through(chunks)).toBe(
      '<p>Rīga</p><link rel="modulepreload" fetchpriority="low" href="/x.js"/>',
    );
  });

  it("keeps text that only looks like the start of a link", async () => {
    expect(await through(["a <link rel=", '"icon">'])).toBe('a <link rel="icon">');
  });
});
