import { describe, expect, it } from "vitest";
import { MESSAGE_ATTEMPTS, messageRetryDelaySeconds } from "./message-retries.ts";

describe("when a message that could not be sent is tried again", () => {
  it("waits three times longer after each failed try, never more than 15 minutes", () => {
    const waits = Array.from({ length: MESSAGE_ATTEMPTS - 1 }, (_, i) => messageRetryDelaySeconds(i + 1));
    expect(waits).toEqual([10, 30, 90, 270, 810, 900, 900]);
  });

  it("gives up after its last try, a provider down for most of an hour later", () => {
    expect(messageRetryDelaySeconds(MESSAGE_ATTEMPTS)).toBeNull();
    const total = Array.from(
      { length: MESSAGE_ATTEMPTS - 1 },
      (_, i) => messageRetryDelaySeconds(i + 1) ?? 0,
    );
    expect(total.reduce((sum, wait) => sum + wait, 0)).toBeGreaterThan(45 * 60);
  });
});
