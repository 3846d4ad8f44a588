import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { moduleScriptAfterFirstFrame, scriptsAfterFirstFrame } from "./scripts-after-first-frame.server.ts";

/** The chunks through the stream as React writes them: each followed by its `flush()`. */
async function through(chunks: Array<string | Buffer>, data: string[] = []): Promise<string> {
  const stream = scriptsAfterFirstFrame(data);
  const out = text(stream);
  for (const chunk of chunks) {
    stream.write(chunk);
    stream.flush();
  }
  stream.end();
  return out;
}

/** React Router's module script, as `<Scripts>` renders it. */
const MODULE_CODE = `import "/assets/manifest-1.js";
import * as route0 from "/assets/root-2.js";
import * as route1 from "/assets/locale-3.js";

  window.__reactRouterRouteModules = {"root":route0,"locale":route1};

import("/assets/entry.client-4.js");`;

const PAGE =
  '<html><head><link rel="stylesheet" href="/a.css"/><link rel="modulepreload" href="/x.js" nonce="n"/>' +
  '<link rel="modulepreload" href="/y.js" nonce="n"/><link rel="preload" as="font" href="/f.woff2"/></head>' +
  '<body><p>Rīga</p><img fetchpriority="high" src="/p.webp"/><script nonce="n">window.a = 1 < 2;</script>' +
  `<script nonce="n" type="module" async="">${MODULE_CODE}</script></body></html>`;

describe("scripts after the first frame", () => {
  it("takes the module preloads out of the head and has the module script fetch them, and the page's data, after the frame", async () => {
    const page = await through([PAGE], ["/words-en.json"]);
    expect(page).not.toContain('rel="modulepreload"');
    expect(page).not.toContain('rel="preload" as="fetch"');
    expect(page).toContain(
      '<link rel="stylesheet" href="/a.css"/><link rel="preload" as="font" href="/f.woff2"/></head>',
    );
    expect(page).toContain('<script nonce="n">window.a = 1 < 2;</script>');
    const script = /<script nonce="n" type="module">([\s\S]*?)<\/script>/.exec(page)?.[1];
    expect(script).toBe(moduleScriptAfterFirstFrame(MODULE_CODE, ["/x.js", "/y.js"], ["/words-en.json"]));
    expect(script).toContain('["/words-en.json"]');
  });

  it("imports the modules in React Router's order, after the wait and the preloads", () => {
    const script = moduleScriptAfterFirstFrame(MODULE_CODE, ["/x.js"]) as string;
    const order = ["fetchpriority", '["/x.js"]', 'await import("/assets/manifest-1.js")'];
    order.push(
      'const route0 = await import("/assets/root-2.js")',
      'const route1 = await import("/assets/locale-3.js")',
    );
    order.push("window.__reactRouterRouteModules", 'import("/assets/entry.client-4.js")');
    const at = order.map((part) => script.indexOf(part));
    expect(at.every((index) => index >= 0)).toBe(true);
    expect(at).toEqual([...at].sort((a, b) => a - b));
    expect(script).not.toMatch(/^\s*import\s/m);
    // The rewritten script is valid JavaScript for a module (top-level await).
    expect(() => new Function(`return async () => {${script}}`)).not.toThrow();
  });

  it("leaves a module script of another shape as it was, its preloads put back before it", async () => {
    const page = await through(
      [
        '<head><link rel="modulepreload" href="/x.js"/></head>',
        '<script type="module">import { a } from "/a.js"; a();</script>',
      ],
      ["/words-en.json"],
    );
    expect(page).toBe(
      '<head></head><link rel="preload" as="fetch" crossorigin="anonymous" href="/words-en.json"/>' +
        '<link rel="modulepreload" href="/x.js"/><script type="module">import { a } from "/a.js"; a();</script>',
    );
  });

  it("finds the tags across any chunks React streams, and a character split across bytes", async () => {
    const whole = await through([PAGE]);
    expect(whole).toContain("<p>Rīga</p>");
    const bytes = Buffer.from(PAGE);
    for (const size of [1, 7, 40]) {
      const chunks: Buffer[] = [];
      for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
      expect(await through(chunks)).toBe(whole);
    }
  });

  it("passes what React wrote on as one chunk when React says it has written what it has for now", async () => {
    const stream = scriptsAfterFirstFrame();
    const chunks: string[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk.toString()));
    for (const part of ["<html><head></head>", "<body><p>", "Rīga</p>"]) stream.write(part);
    await new Promise(setImmediate);
    expect(chunks).toEqual([]);
    stream.flush();
    await new Promise(setImmediate);
    expect(chunks).toEqual(["<html><head></head><body><p>Rīga</p>"]);
    const ended = new Promise((done) => stream.once("end", done));
    stream.end("</body></html>");
    await ended;
    expect(chunks.join("")).toBe("<html><head></head><body><p>Rīga</p></body></html>");
  });

  it("keeps text that only looks like the start of a tag", async () => {
    expect(await through(["a <link rel=", '"icon"> 1 <', "s 2 <script>x</script>"])).toBe(
      'a <link rel="icon"> 1 <s 2 <script>x</script>',
    );
  });
});
