import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import english from "../../locales/en.json" with { type: "json" };

/**
 * The texts the two specs quote word for word, each with the English catalogue's key that shows it
 * (issue 41): a catalogue edit that drifts from the spec's words fails here. Placeholders of the
 * catalogue (`{amount}`) stand for the spec's "…" or for the value it appends; case is the sentence's.
 */
const SPEC_TEXTS: ReadonlyArray<[text: string, key: keyof typeof english, where: string]> = [
  ["Inaccessible", "cart.inaccessible", "ordering §2"],
  [
    "Something went wrong. Please try again later",
    "alert.somethingWentWrong",
    "ordering §8 (global.something_went_wrong)",
  ],
  ["We will deliver an order for an amount from", "cart.minimum", "ordering §5"],
  ["everyday from … to …", "hours.everyday", "ordering §5"],
  ["free by promo code", "cart.delivery.freeByPromo", "ordering §2"],
  ["free", "cart.delivery.freeShort", "ordering §2"],
  [
    "All products will no longer be available. Cart will be emptied.",
    "cart.alert.fullCartInvalid",
    "ordering §8",
  ],
  ["Cart will be emptied because the restaurant is closed", "cart.alert.vendorHidden", "ordering §8"],
  ["Oops! Something went wrong!", "auth.toast.oops", "foundations §7"],
  ["Phone number not provided", "profile.noPhone", "foundations §2"],
  ["Search restaurants and stores", "filters.search", "foundations §2"],
  ["Something went wrong", "auth.toast.generic", "foundations §8"],
  ["This field is required or your custom error message", "form.required", "foundations §5"],
  ["broken card", "cards.broken", "foundations §5, ordering §5"],
  ["page not found", "error.notFound.text", "foundations §2"],
  ["rate limit reached", "auth.toast.rateLimit", "foundations §8"],
  ["verification limit reached", "auth.toast.timeLimit", "foundations §8"],
  ["Anonymous", "profile.anonymous", "foundations §2"],
  // Written without quotes, named by the spec as the message itself.
  [
    "Promo code must consist of Cyrillic / Latin / numbers and be up to 20 characters",
    "checkout.promo.format",
    "foundations §5",
  ],
  ["promo code does not exist or already used", "checkout.promo.notFound", "foundations §8, ordering §8"],
];

/** Quoted in the specs but not a text of the catalogue, and why. */
const NOT_CATALOGUE_TEXTS: Record<string, string> = {
  " ****": "the API's card mask (maskCardNumber), shown as it comes",
  "404": "the status number the 404 page shows as it is",
  "Unable to find the locality for this URL": "a warning in the browser's console, not shown to the visitor",
  one: "a plural category",
  few: "a plural category",
  many: "a plural category",
};

const catalogue = english as Record<string, string>;
const spoken = (text: string) => text.replaceAll(/\{[^}]+\}/g, "…").toLowerCase();

describe("the spec's texts in the English catalogue", () => {
  it.each(SPEC_TEXTS)("%s (%s, %s)", (text, key) => {
    expect(catalogue[key], key).toBeDefined();
    expect(spoken(catalogue[key] as string)).toContain(text.toLowerCase());
  });

  // The specs live beside the project (the workplace's shared folder); where they are, every text
  // they quote must be in the table above.
  it("leave no quoted text of the specs out of the table", () => {
    const folder = resolve(import.meta.dirname, "../../../../../shared/spec");
    const files = ["storefront-foundations.md", "ordering-flow.md"].map((name) => resolve(folder, name));
    const quoted = files
      .filter((file) => existsSync(file))
      .flatMap((file) =>
        [
          ...readFileSync(file, "utf8").matchAll(/(?<![A-Za-z])'([^'\n]{2,})'(?![A-Za-z])|"([^"\n]{2,})"/g),
        ].map((match) => (match[1] ?? match[2]) as string),
      );
    const listed = new Set(SPEC_TEXTS.map(([text]) => text.toLowerCase()));
    const left = quoted.filter((text) => !listed.has(text.toLowerCase()) && !(text in NOT_CATALOGUE_TEXTS));
    expect([...new Set(left)]).toEqual([]);
  });
});
