import { describe, expect, it } from "vitest";
import { browserApiBase } from "./config.server.ts";

describe("browserApiBase", () => {
  const page = new URL("https://shop.example:8443/en/riga");
  it.each([
    // The partner's API host, when the deployment names one.
    [
      { publicApiBase: "https://api.partner.example/api", apiHostPrefix: false },
      "https://api.partner.example/api",
    ],
    [
      { publicApiBase: "https://api.partner.example/api", apiHostPrefix: true },
      "https://api.partner.example/api",
    ],
    // The "api." host beside the page's own, port and scheme kept.
    [{ publicApiBase: null, apiHostPrefix: true }, "https://api.shop.example:8443/api"],
    // Else the page's own origin.
    [{ publicApiBase: null, apiHostPrefix: false }, "/api"],
  ])("with %o the browser calls %s", (config, base) => {
    expect(browserApiBase(page, config)).toBe(base);
  });
});
