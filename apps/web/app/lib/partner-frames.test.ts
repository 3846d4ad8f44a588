import { describe, expect, it } from "vitest";
import { framedAddress, framedOrigins, isFramedLink } from "./partner-frames.ts";

const links = {
  aboutUs: "/cms/about",
  termsOfUse: "https://legal.example/terms?lang=en",
  privacyPolicy: "HTTPS://legal.example/privacy",
  becomeACourier: "javascript:alert(1)",
  becomeAVendor: "http://partners.example:8080/vendors",
};

describe("framedAddress", () => {
  it.each([
    ["termsOfUse", "https://legal.example/terms?lang=en"],
    ["becomeAVendor", "http://partners.example:8080/vendors"],
    ["aboutUs", null],
    ["becomeACourier", null],
  ] as const)("%s frames %s", (name, address) => {
    expect(framedAddress(links, name)).toBe(address);
  });

  it("frames nothing without links", () => {
    expect(framedAddress(null, "termsOfUse")).toBeNull();
  });
});

describe("framedOrigins", () => {
  it("lists each framed link's origin once, and nothing of the others", () => {
    expect(framedOrigins(links)).toEqual(["https://legal.example", "http://partners.example:8080"]);
  });
  it("is empty when no link is a web address", () => {
    expect(framedOrigins({ aboutUs: "/cms/about", termsOfUse: "ftp://files.example/terms" })).toEqual([]);
  });
});

describe("isFramedLink", () => {
  it("knows only the information pages", () => {
    expect(isFramedLink("termsOfUse")).toBe(true);
    expect(isFramedLink("facebook")).toBe(false);
    expect(isFramedLink(null)).toBe(false);
  });
});
