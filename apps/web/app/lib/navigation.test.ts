import { describe, expect, it } from "vitest";
import {
  afterSignOut,
  chooseLocale,
  customerLocaleOf,
  customerPrefillOf,
  handOverTokenOf,
  isBareTwoCharacterPath,
  parseJsonParam,
  pathInLocality,
  temporaryAddressOf,
  userQueryParamsOf,
  withLocalePrefix,
  withoutQueryParams,
} from "./navigation.ts";

describe("chooseLocale", () => {
  it("keeps the visitor's chosen language over the URL's", () => {
    expect(chooseLocale({ urlLocale: "fr", cookieLocale: "uk", acceptLanguage: "en" })).toBe("uk");
  });

  it("takes the URL's supported locale for a first visit", () => {
    expect(chooseLocale({ urlLocale: "ar", cookieLocale: null, acceptLanguage: "en" })).toBe("ar");
  });

  it("falls back to the browser's language, then English", () => {
    expect(chooseLocale({ urlLocale: "riga", cookieLocale: null, acceptLanguage: "de,lv;q=0.8" })).toBe("lv");
    expect(chooseLocale({ urlLocale: "riga", cookieLocale: "xx", acceptLanguage: "de" })).toBe("en");
  });
});

describe("withLocalePrefix", () => {
  it.each([
    ["/riga", "en", "/en/riga"],
    ["/riga/vendor/5", "ar", "/ar/riga/vendor/5"],
    ["/fr/riga", "en", "/en/riga"],
    ["/fr", "en", "/en"],
    ["/", "lv", "/lv"],
    ["/en/menu/profile", "uk", "/uk/menu/profile"],
  ] as const)("%s in %s is %s", (path, locale, expected) => {
    expect(withLocalePrefix(path, locale)).toBe(expected);
  });
});

describe("query parameters", () => {
  it("removes only the named ones", () => {
    expect(withoutQueryParams(new URL("http://x/en/riga?anonymous=1&modal=Cart"), ["anonymous"])).toBe(
      "/en/riga?modal=Cart",
    );
  });

  it("reads JSON parameters and ignores broken ones", () => {
    expect(
      parseJsonParam(new URL('http://x/?customerData={"customerLocale":"pt-BR"}'), "customerData"),
    ).toEqual({
      customerLocale: "pt-BR",
    });
    expect(parseJsonParam(new URL("http://x/?customerData={oops"), "customerData")).toBeNull();
  });

  it("takes a customer locale by its first two letters", () => {
    expect(customerLocaleOf({ customerLocale: "PT-br" })).toBe("pt");
    expect(customerLocaleOf({ customerLocale: "de-DE" })).toBeNull();
    expect(customerLocaleOf("nope")).toBeNull();
  });

  it("uses an address only when it has both coordinates", () => {
    expect(
      temporaryAddressOf({
        location: { latitude: "56.95", longitude: 24.1, formattedAddress: "Brīvības iela 1" },
      }),
    ).toEqual({
      latitude: 56.95,
      longitude: 24.1,
      formattedAddress: "Brīvības iela 1",
    });
    expect(temporaryAddressOf({ location: { latitude: 56.95 } })).toBeNull();
    expect(temporaryAddressOf({ latitude: 200, longitude: 0 })).toBeNull();
  });
});

describe("the hand-over link", () => {
  const link = (query: Record<string, string>) =>
    new URL(`https://shop.example/en/riga?${new URLSearchParams(query)}`);

  it("reads the partner's token from customer data, and nothing else as one", () => {
    expect(handOverTokenOf({ token: "a.b.c", customerLocale: "lv" })).toBe("a.b.c");
    for (const data of [null, "a.b.c", { token: 1 }, { token: "" }, { customerName: "Eva" }])
      expect(handOverTokenOf(data)).toBeNull();
  });

  it("signs out without then signing in: anonymous drops the token of customer data", () => {
    const data = JSON.stringify({ token: "attacker.signed.token", customerLocale: "lv-LV" });
    const next = new URL(afterSignOut(link({ anonymous: "", customerData: data, b: "2" })), "https://x");
    expect(next.searchParams.has("anonymous")).toBe(false);
    expect(handOverTokenOf(parseJsonParam(next, "customerData"))).toBeNull();
    expect(parseJsonParam(next, "customerData")).toEqual({ customerLocale: "lv-LV" });
    expect(next.searchParams.get("b")).toBe("2");
  });

  it("drops customer data that held only the token, and keeps the rest of a link as it was", () => {
    const onlyToken = JSON.stringify({ token: "attacker.signed.token" });
    expect(afterSignOut(link({ anonymous: "true", customerData: onlyToken }))).toBe("/en/riga");
    expect(afterSignOut(link({ anonymous: "true", b: "2" }))).toBe("/en/riga?b=2");
  });
});

describe("rule 1: bare two-character paths", () => {
  it.each([
    ["/zz", true],
    ["/fr", true],
    ["/zz/", true],
    ["/", false],
    ["/zzz", false],
    ["/zz/riga", false],
  ])("%s is one: %s", (path, expected) => {
    expect(isBareTwoCharacterPath(path)).toBe(expected);
  });
});

describe("rule 5: the page in the stored locality", () => {
  it.each([
    ["/en/riga", "riga", "kyiv", "/en/kyiv"],
    ["/en/riga/vendor/5", "riga", "kyiv", "/en/kyiv/vendor/5"],
    ["/ar/riga/vendor/5/menu", "riga", "kyiv", "/ar/kyiv/vendor/5/menu"],
    ["/en/kyiv", "kyiv", "kyiv", null],
    ["/en/cart", undefined, "kyiv", null],
  ])("%s (%s) moves to %s: %s", (path, code, stored, expected) => {
    expect(pathInLocality(path, code, stored)).toBe(expected);
  });
});

describe("rule 8: the demo-promo parameters and the external customer", () => {
  it("keeps the four user query params and nothing else", () => {
    const url = new URL(
      "http://x/en/riga?companyID=acme&customerPhone=%2B37120000001&customerName=Eva&customerEmail=eva@x.lv&utm=1",
    );
    expect(userQueryParamsOf(url)).toEqual({
      companyID: "acme",
      customerPhone: "+37120000001",
      customerName: "Eva",
      customerEmail: "eva@x.lv",
    });
    expect(userQueryParamsOf(new URL("http://x/en/riga?customerName=%20"))).toBeNull();
  });

  it("prefills from the parameters first, then from the external customer", () => {
    expect(
      customerPrefillOf({ customerName: "Eva" }, { name: "Anna", phone: "37120000002", email: "a@x.lv" }),
    ).toEqual({ name: "Eva", phone: "37120000002", email: "a@x.lv", companyId: null });
    expect(customerPrefillOf(null, { customerPhone: "+371 2000 0003" })).toMatchObject({
      phone: "+371 2000 0003",
    });
    expect(customerPrefillOf(null, { customerLocale: "lv" })).toBeNull();
    expect(customerPrefillOf(null, null)).toBeNull();
  });

  it("marks an address of a demo-promo link", () => {
    expect(temporaryAddressOf({ demoPromo: true, location: { latitude: 1, longitude: 2 } })).toMatchObject({
      demoPromo: true,
    });
    expect(temporaryAddressOf({ location: { latitude: 1, longitude: 2 } })).not.toHaveProperty("demoPromo");
  });
});
