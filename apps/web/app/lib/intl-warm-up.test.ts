import fs from "node:fs";
import path from "node:path";
import vm from "node:vm";
import { SUPPORTED_LOCALES } from "@storefront/domain";
import { describe, expect, it } from "vitest";
import { intlWarmUpScript } from "./intl-warm-up.ts";

/** The URLs of the workers the page's head script starts. */
function workersStartedBy(script: string): string[] {
  const started: string[] = [];
  class Worker {
    constructor(url: string) {
      started.push(url);
    }
  }
  new Function("Worker", script)(Worker);
  return started;
}

describe("the Intl warm-up: the page's head starts a worker for its language", () => {
  it.each(["en", "ar", "lv"])("starts the build's worker for %s", (locale) => {
    const [url, ...more] = workersStartedBy(intlWarmUpScript(locale));
    expect(more).toEqual([]);
    const address = new URL(url ?? "", "https://shop.example");
    expect(address.pathname).toMatch(/\/intl-warm-up\.worker[^/]*\.js$/);
    expect(address.searchParams.get("locale")).toBe(locale);
  });

  it("never lets a value close the script it is written into", () => {
    expect(intlWarmUpScript("</script><script>alert(1)")).not.toContain("</script>");
  });

  it("leaves the page as it was where workers are refused", () => {
    const refusing = () => {
      throw new Error("refused by the page's policy");
    };
    expect(() => new Function("Worker", intlWarmUpScript("en"))(refusing)).not.toThrow();
  });
});

describe("the warm-up worker", () => {
  const source = fs.readFileSync(path.join(import.meta.dirname, "intl-warm-up.worker.js"), "utf8");

  it.each(SUPPORTED_LOCALES)("makes %s's formats and closes itself", (locale) => {
    let closed = false;
    const self = { location: { search: `?locale=${locale}` }, close: () => (closed = true) };
    vm.runInNewContext(source, { self, Intl, URLSearchParams });
    expect(closed).toBe(true);
  });
});
