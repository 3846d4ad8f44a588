import fs from "node:fs";
import path from "node:path";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import type { Locale } from "@storefront/domain";
import { describe, expect, it } from "vitest";
import { createI18n } from "../lib/i18n.ts";
import { reviewRefusalText } from "./review-form.tsx";

/** The translate function of a language, from its catalogue as the build compiles it. */
function translateIn(locale: Locale) {
  const file = path.resolve(import.meta.dirname, `../../locales/${locale}.json`);
  const texts = JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, string>;
  const messages = Object.fromEntries(
    Object.entries(texts).map(([key, text]) => [key, compileMessage(text)]),
  );
  const i18n = createI18n(locale, messages);
  return i18n._.bind(i18n);
}

describe("a review's refusal", () => {
  it("says why in the reader's language, not in the API's English", () => {
    expect(reviewRefusalText(translateIn("ar"), "courier", "ALREADY_REVIEWED")).toBe(
      "لقد قيّمت مندوب التوصيل لهذا الطلب من قبل",
    );
    expect(reviewRefusalText(translateIn("lv"), "vendor", "ALREADY_REVIEWED")).toBe(
      "Šī pasūtījuma restorāns jau ir novērtēts",
    );
    expect(reviewRefusalText(translateIn("en"), "vendor", "REVIEW_WINDOW_CLOSED")).toBe(
      "Reviews can be left within 48 hours after the order is completed",
    );
  });

  it("says that something went wrong when the answer names no refusal", () => {
    expect(reviewRefusalText(translateIn("ru"), "vendor", undefined)).toBe(
      translateIn("ru")("alert.somethingWentWrong"),
    );
  });
});
