import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const APP = path.resolve(import.meta.dirname, "..");

/** The storefront's own modules, tests aside. */
function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

describe("what a refused request says to the customer", () => {
  it("is in the page's language: no screen shows the API's message, which is English", () => {
    // An API error's `message` reaches a screen as `sent.error?.message` (or `.error.message`); the
    // refusal's type or errorCode picks the words instead (review-form.tsx, order-payment.ts…).
    const showing = sourceFiles(APP)
      .filter((file) => /\.error\??\.message\b/.test(fs.readFileSync(file, "utf8")))
      .map((file) => path.relative(APP, file));
    expect(showing).toEqual([]);
  });
});
