import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiRequestError, loadOptional } from "./api.server.ts";

/** What reaches the server's error stream, where the deployment's log collector reads reports. */
const reported = () =>
  vi
    .mocked(console.error)
    .mock.calls.map(([line]) => JSON.parse(String(line)) as { what: string; status?: number });

describe("loadOptional: public data a page lives without", () => {
  afterEach(() => vi.restoreAllMocks());

  it("leaves the data empty and reports a failure of the API", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const banners = await loadOptional("banners", () => Promise.reject(new ApiRequestError(500, null)), []);
    expect(banners).toEqual([]);
    expect(reported()).toEqual([expect.objectContaining({ what: "banners", status: 500, level: "error" })]);
  });

  it.each([401, 403, 429])(
    "leaves a %d unreported: it is the visitor's situation, not a fault",
    async (status) => {
      vi.spyOn(console, "error").mockImplementation(() => {});
      const data = await loadOptional(
        "categories",
        () => Promise.reject(new ApiRequestError(status, null)),
        null,
      );
      expect(data).toBeNull();
      expect(reported()).toEqual([]);
    },
  );
});
