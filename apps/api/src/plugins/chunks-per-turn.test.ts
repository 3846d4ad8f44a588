import { setImmediate as nextTurn } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { chunksPerTurn } from "./chunks-per-turn.ts";

function collect(stream: ReturnType<typeof chunksPerTurn>): string[] {
  const chunks: string[] = [];
  stream.on("data", (chunk: Buffer) => chunks.push(chunk.toString()));
  return chunks;
}

describe("chunksPerTurn", () => {
  it("passes on what was written in one turn as one chunk", async () => {
    const stream = chunksPerTurn();
    const chunks = collect(stream);
    for (const piece of ["<html>", "<body>", new Uint8Array([104, 105]), "</body>"]) stream.write(piece);
    stream.end();
    await new Promise((resolve) => stream.on("end", resolve));
    expect(chunks).toEqual(["<html><body>hi</body>"]);
  });

  it("passes on a turn's pieces before the next turn's come, so the page still streams", async () => {
    const stream = chunksPerTurn();
    const chunks = collect(stream);
    stream.write("shell ");
    stream.write("and header ");
    await nextTurn();
    await nextTurn();
    expect(chunks).toEqual(["shell and header "]);
    stream.write("deferred part");
    stream.end();
    await new Promise((resolve) => stream.on("end", resolve));
    expect(chunks).toEqual(["shell and header ", "deferred part"]);
  });
});
