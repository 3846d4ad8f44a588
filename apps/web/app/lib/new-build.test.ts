import { describe, expect, it } from "vitest";
import { reloadsFor } from "./new-build.ts";

/** A tab's session storage, as the browser keeps it. */
function tabStorage() {
  const kept = new Map<string, string>();
  return {
    getItem: (key: string) => kept.get(key) ?? null,
    setItem: (key: string, value: string) => void kept.set(key, value),
  };
}

const MISSING =
  "TypeError: Failed to fetch dynamically imported module: https://shop.example/assets/cart-modal-A1.js";

describe("reloadsFor", () => {
  it("loads the page again once for a missing part, not again for the same one right after", () => {
    const storage = tabStorage();
    expect(reloadsFor(MISSING, storage, true)).toBe(true);
    expect(reloadsFor(MISSING, storage, true)).toBe(false);
    expect(reloadsFor(MISSING.replace("A1", "B2"), storage, true)).toBe(true);
  });

  it("leaves the page as it is offline, where the connection is the matter", () => {
    const storage = tabStorage();
    expect(reloadsFor(MISSING, storage, false)).toBe(false);
    expect(reloadsFor(MISSING, storage, true)).toBe(true);
  });

  it("leaves the page as it is when the tab keeps no storage to tell a second failure by", () => {
    const refused = {
      getItem: () => {
        throw new Error("SecurityError");
      },
      setItem: () => {
        throw new Error("SecurityError");
      },
    };
    expect(reloadsFor(MISSING, refused, true)).toBe(false);
  });
});
