import zlib from "node:zlib";
import type { FastifyRequest } from "fastify";
import { describe, expect, it } from "vitest";
import {
  COMPRESS_AT_ONCE_BELOW,
  type EncodedForms,
  encodedOnce,
  encodingFor,
  holdsEtag,
} from "./kept-encodings.ts";

const asking = (headers: Record<string, string>) => ({ headers }) as unknown as FastifyRequest;

describe("encodingFor", () => {
  it.each([
    ["gzip, deflate, br", "br"],
    ["gzip", "gzip"],
    ["br;q=0, gzip", "gzip"],
    ["*", "br"],
    ["identity", null],
    ["", null],
  ])("Accept-Encoding %j is answered in %j", (header, expected) => {
    expect(encodingFor(asking({ "accept-encoding": header }))).toBe(expected);
  });

  it("a client that asks for no compression gets none, whatever it accepts", () => {
    expect(encodingFor(asking({ "accept-encoding": "br", "x-no-compression": "1" }))).toBeNull();
  });
});

describe("holdsEtag", () => {
  it.each([
    ['"abc"', true],
    ['"old", "abc"', true],
    ['"abcd"', false],
    ['W/"abc"', true],
    ["*", true],
  ])('If-None-Match %s holds the ETag "abc": %s', (header, expected) => {
    expect(holdsEtag(asking({ "if-none-match": header }), '"abc"')).toBe(expected);
  });

  it("a request without If-None-Match holds nothing", () => {
    expect(holdsEtag(asking({}), '"abc"')).toBe(false);
  });
});

describe("encodedOnce", () => {
  const body = Buffer.from(JSON.stringify({ dishes: Array.from({ length: 200 }, (_, id) => ({ id })) }));

  it("compresses a body once per encoding: clients asking at once or later share it", async () => {
    const forms: EncodedForms = new Map();
    const first = encodedOnce(forms, body, "br");
    expect(encodedOnce(forms, body, "br")).toBe(first);
    expect(zlib.brotliDecompressSync(await first).equals(body)).toBe(true);
    const gzipped = await encodedOnce(forms, body, "gzip");
    expect(zlib.gunzipSync(gzipped).equals(body)).toBe(true);
    expect([...forms.keys()]).toEqual(["br", "gzip"]);
  });

  it.each([
    ["compressed at once", 2_000],
    ["compressed on the thread pool", COMPRESS_AT_ONCE_BELOW + 1],
  ])("a body %s comes back whole from either encoding", async (_, length) => {
    const large = Buffer.from(JSON.stringify({ text: "Čīzburgers ar sieru ".repeat(length / 20) }));
    const forms: EncodedForms = new Map();
    expect(zlib.brotliDecompressSync(await encodedOnce(forms, large, "br")).equals(large)).toBe(true);
    expect(zlib.gunzipSync(await encodedOnce(forms, large, "gzip")).equals(large)).toBe(true);
  });
});
