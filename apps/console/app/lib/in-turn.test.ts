import { describe, expect, it } from "vitest";
import { inTurn } from "./in-turn.ts";

describe("inTurn", () => {
  it("starts each piece of work once the one before it has ended, even when it failed", async () => {
    const queue = inTurn();
    const started: string[] = [];
    let endFirst: (value: string) => void = () => {};
    const first = queue(() => {
      started.push("first");
      return new Promise<string>((resolve) => {
        endFirst = resolve;
      });
    });
    const second = queue(async () => {
      started.push("second");
      throw new Error("refused");
    });
    const third = queue(async () => {
      started.push("third");
      return "third";
    });
    await Promise.resolve();
    await Promise.resolve();
    expect(started).toEqual(["first"]);
    endFirst("first");
    await expect(first).resolves.toBe("first");
    await expect(second).rejects.toThrow("refused");
    await expect(third).resolves.toBe("third");
    expect(started).toEqual(["first", "second", "third"]);
  });
});
