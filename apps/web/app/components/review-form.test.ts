import { catalogues } from "virtual:catalogs";
import type { Locale } from "@storefront/domain";
import { describe, expect, it } from "vitest";
import { createI18n } from "../lib/i18n.ts";
import { reviewRefusalText } from "./review-form.tsx";

/** The translate function of a language, from its catalogue compiled as the build ships it. */
async function translateIn(locale: Locale) {
  const { default: messages } = await catalogues[locale]();
  const i18n = createI18n(locale, messages);
  return i18n._.bind(i18n);
}

describe("a review's refusal", () => {
  it("says why in the reader's language, not in the API's English", async () => {
    expect(reviewRefusalText(await translateIn("ar"), "courier", "ALREADY_REVIEWED")).toBe(
      "لقد قيّمت مندوب التوصيل لهذا الطلب من قبل",
    );
    expect(reviewRefusalText(await translateIn("lv"), "vendor", "ALREADY_REVIEWED")).toBe(
      "Šī pasūtījuma restorāns jau ir novērtēts",
    );
    expect(reviewRefusalText(await translateIn("en"), "vendor", "REVIEW_WINDOW_CLOSED")).toBe(
      "Reviews can be left within 48 hours after the order is completed",
    );
  });

  it("says that something went wrong when the answer names no refusal", async () => {
    const t = await translateIn("ru");
    expect(reviewRefusalText(t, "vendor", undefined)).toBe(t("alert.somethingWentWrong"));
  });
});
