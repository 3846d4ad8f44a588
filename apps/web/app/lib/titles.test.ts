import { describe, expect, it } from "vitest";
import { capitaliseSlug } from "./titles.ts";

describe("capitaliseSlug", () => {
  it.each([
    ["terms-of-use", "Terms of use"],
    ["privacy_policy", "Privacy policy"],
    ["about", "About"],
    ["-faq-", "Faq"],
  ])("titles a content page %s without a title of its own as %s", (slug, title) => {
    expect(capitaliseSlug(slug)).toBe(title);
  });
});
