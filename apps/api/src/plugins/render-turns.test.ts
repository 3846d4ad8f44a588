import { afterEach, describe, expect, it, vi } from "vitest";
import { RenderTurns } from "./render-turns.ts";

/** A page's answer: over when sent or when its visitor leaves. */
function answer() {
  const controller = new AbortController();
  return { signal: controller.signal, over: () => controller.abort() };
}

/** Takes a turn for each answer and records the order in which they were granted. */
function line(turns: RenderTurns, pages: Array<{ name: string; signal: AbortSignal; first?: boolean }>) {
  const granted: string[] = [];
  const results = pages.map(({ name, signal, first }) =>
    turns.take(signal, first).then((ok) => {
      if (ok) granted.push(name);
      return ok;
    }),
  );
  return { granted, results };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("RenderTurns", () => {
  it("renders two at once and gives the next turn, in order of arrival, when an answer is over", async () => {
    const turns = new RenderTurns(2, 60_000);
    const [a, b, c, d] = [answer(), answer(), answer(), answer()];
    const { granted } = line(turns, [
      { name: "a", signal: a.signal },
      { name: "b", signal: b.signal },
      { name: "c", signal: c.signal },
      { name: "d", signal: d.signal },
    ]);
    await Promise.resolve();
    expect(granted).toEqual(["a", "b"]);
    expect(turns.state).toEqual({ running: 2, waiting: 2 });
    b.over();
    await vi.waitFor(() => expect(granted).toEqual(["a", "b", "c"]));
    a.over();
    await vi.waitFor(() => expect(granted).toEqual(["a", "b", "c", "d"]));
    c.over();
    d.over();
    await vi.waitFor(() => expect(turns.state).toEqual({ running: 0, waiting: 0 }));
  });

  it("passes a turn on through the event loop, not in the task of the answer that ended", async () => {
    const turns = new RenderTurns(1, 60_000);
    const [a, b] = [answer(), answer()];
    const { granted } = line(turns, [
      { name: "a", signal: a.signal },
      { name: "b", signal: b.signal },
    ]);
    await Promise.resolve();
    a.over();
    // Not in the same task as the answer that ended: a chain of renders whose reads answer at once
    // (the embedded database) would otherwise hold the loop for seconds.
    for (let i = 0; i < 10; i++) await Promise.resolve();
    expect(granted).toEqual(["a"]);
    await vi.waitFor(() => expect(granted).toEqual(["a", "b"]));
    b.over();
  });

  it("puts the pages many visitors wait for ahead of the others, in order of arrival among them", async () => {
    const turns = new RenderTurns(1, 60_000);
    const [a, b, c, d] = [answer(), answer(), answer(), answer()];
    const { granted } = line(turns, [
      { name: "a", signal: a.signal },
      { name: "b", signal: b.signal },
      { name: "kept for all", signal: c.signal, first: true },
      { name: "kept for all too", signal: d.signal, first: true },
    ]);
    a.over();
    await vi.waitFor(() => expect(granted).toEqual(["a", "kept for all"]));
    c.over();
    await vi.waitFor(() => expect(granted).toEqual(["a", "kept for all", "kept for all too"]));
    d.over();
    await vi.waitFor(() => expect(granted).toEqual(["a", "kept for all", "kept for all too", "b"]));
  });

  it("renders nothing for a visitor who left while waiting, and the line goes on without them", async () => {
    const turns = new RenderTurns(1, 60_000);
    const [a, gone, c] = [answer(), answer(), answer()];
    const { granted, results } = line(turns, [
      { name: "a", signal: a.signal },
      { name: "gone", signal: gone.signal },
      { name: "c", signal: c.signal },
    ]);
    gone.over();
    expect(await results[1]).toBe(false);
    expect(turns.state).toEqual({ running: 1, waiting: 1 });
    a.over();
    await vi.waitFor(() => expect(granted).toEqual(["a", "c"]));
    expect(await turns.take(AbortSignal.abort())).toBe(false);
  });

  it("passes the turn on when a page holds it too long", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const turns = new RenderTurns(1, 1_000);
    const [stuck, next] = [answer(), answer()];
    const { granted } = line(turns, [
      { name: "stuck", signal: stuck.signal },
      { name: "next", signal: next.signal },
    ]);
    await vi.advanceTimersByTimeAsync(999);
    expect(granted).toEqual(["stuck"]);
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(granted).toEqual(["stuck", "next"]));
    // The stuck page's answer ending later takes nothing from the next one's turn.
    stuck.over();
    await new Promise((resolve) => setImmediate(resolve));
    expect(turns.state).toEqual({ running: 1, waiting: 0 });
  });
});
