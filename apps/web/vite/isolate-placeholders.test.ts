import { compileMessage } from "@lingui/message-utils/compileMessage";
import { describe, expect, it } from "vitest";
import { isolatePlaceholders } from "./isolate-placeholders.ts";

const FSI = "\u2068";
const PDI = "\u2069";

describe("isolatePlaceholders", () => {
  it.each([
    ["no value", "تسجيل الدخول", ["تسجيل الدخول"]],
    ["one value", "التوصيل {cost}", ["التوصيل ", FSI, ["cost"], PDI]],
    ["values side by side", "{from}–{to}", [FSI, ["from"], PDI, "–", FSI, ["to"], PDI]],
    ["a formatted value", "{d, date, short}", [FSI, ["d", "date", "short"], PDI]],
  ])("isolates %s", (_case, text, expected) => {
    expect(isolatePlaceholders(compileMessage(text))).toEqual(expected);
  });

  it("isolates the values inside plural and select branches, not their bare count", () => {
    const text = "{count, plural, one {# منتج} other {# منتجات}} لـ {when}";
    expect(isolatePlaceholders(compileMessage(text))).toEqual([
      ["count", "plural", { offset: undefined, one: ["#", " منتج"], other: ["#", " منتجات"] }],
      " لـ ",
      FSI,
      ["when"],
      PDI,
    ]);
    const select = "{form, select, one {{count} عنوان} other {{count} عناوين}}";
    expect(isolatePlaceholders(compileMessage(select))).toEqual([
      [
        "form",
        "select",
        { offset: undefined, one: [FSI, ["count"], PDI, " عنوان"], other: [FSI, ["count"], PDI, " عناوين"] },
      ],
    ]);
  });

  it("leaves the message it is given as it was", () => {
    const compiled = compileMessage("{count, plural, one {{name}} other {#}}");
    const before = structuredClone(compiled);
    isolatePlaceholders(compiled);
    expect(compiled).toEqual(before);
  });
});
