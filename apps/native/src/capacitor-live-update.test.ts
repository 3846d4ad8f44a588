import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { checksumForPlugin } from "./capacitor-live-update.ts";

describe("the app's live update", () => {
  it("gives the plugin the published SHA-256 in base64", () => {
    const archive = Buffer.from("a bundle");
    const hex = createHash("sha256").update(archive).digest("hex");
    expect(checksumForPlugin(hex)).toBe(createHash("sha256").update(archive).digest("base64"));
  });
});
