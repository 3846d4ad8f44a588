import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ORDER_STATUSES, SUPPORTED_LOCALES } from "@storefront/domain";
import { describe, expect, it } from "vitest";
import { statusPushText } from "./status-push-texts.ts";

const webLocales = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../web/locales");

/** The storefront's own catalogue of a language. */
function storefrontTexts(lang: string): Record<string, string> {
  return JSON.parse(fs.readFileSync(path.join(webLocales, `${lang}.json`), "utf8"));
}

describe("status push texts", () => {
  it.each(SUPPORTED_LOCALES)(
    "say the order's number and status in the storefront's own words (%s)",
    (lang) => {
      const web = storefrontTexts(lang);
      for (const status of ORDER_STATUSES) {
        const push = statusPushText(lang, { id: 123, status });
        expect(push.body, `${lang} ${status}`).toBe(web[`order.status.${status}`]);
        expect(push.title, lang).toBe(web["success.number"]?.replace("{id}", "123"));
      }
    },
  );
});
