import { SUPPORTED_LOCALES } from "@storefront/domain";
import { describe, expect, it } from "vitest";
import { chooseInvoiceLanguage, fillLabel, INVOICE_LABELS } from "./invoice-labels.ts";

const KEYS = Object.keys(INVOICE_LABELS.en).sort();
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe("the invoice labels", () => {
  it.each(SUPPORTED_LOCALES)("has every label in %s, with the same placeholders as English", (lang) => {
    const labels = INVOICE_LABELS[lang];
    expect(Object.keys(labels).sort()).toEqual(KEYS);
    for (const key of KEYS) {
      const text = labels[key as keyof typeof labels];
      expect(text.trim(), `${lang}.${key}`).not.toBe("");
      expect(placeholders(text), `${lang}.${key}`).toEqual(
        placeholders(INVOICE_LABELS.en[key as keyof typeof labels]),
      );
    }
  });

  it("is its own language, not English, for the words that differ", () => {
    for (const lang of SUPPORTED_LOCALES.filter((l) => l !== "en")) {
      expect(INVOICE_LABELS[lang].invoice, lang).not.toBe(INVOICE_LABELS.en.invoice);
      expect(INVOICE_LABELS[lang].thanks, lang).not.toBe(INVOICE_LABELS.en.thanks);
    }
  });

  it("fills placeholders and leaves unknown ones", () => {
    expect(fillLabel("Promo code {code}", { code: "SAVE10" })).toBe("Promo code SAVE10");
    expect(fillLabel("{platform}: invoice {number}", { platform: "Dostavka" })).toBe(
      "Dostavka: invoice {number}",
    );
  });
});

describe("the invoice language", () => {
  it.each([
    [{ customer: "uk", requested: "fr", locality: "lv" }, "uk"],
    [{ customer: null, requested: "fr", locality: "lv" }, "fr"],
    [{ customer: null, requested: null, locality: "ar" }, "ar"],
  ] as const)("%o → %s", (choices, expected) => {
    expect(chooseInvoiceLanguage(choices)).toBe(expected);
  });
});
