// The storefront's catalogues, through the plugin as its build has it (vitest.config.ts).
import path from "node:path";
import { catalogues } from "virtual:catalogs";
import { catalogueFiles } from "virtual:catalogue-files";
import { SUPPORTED_LOCALES } from "@storefront/domain";
import { describe, expect, it } from "vitest";
import { catalogueAssets } from "./compiled-catalogs.ts";

describe("virtual:catalogs", () => {
  it("loads every supported language's compiled messages, each its own", async () => {
    expect(Object.keys(catalogues).sort()).toEqual([...SUPPORTED_LOCALES].sort());
    const { default: english } = await catalogues.en();
    const { default: arabic } = await catalogues.ar();
    expect(Object.keys(arabic).sort()).toEqual(Object.keys(english).sort());
    // Compiled, not the JSON text: a value is a tree, and Arabic isolates its values.
    expect(english["cart.title"]).toEqual(["Cart"]);
    expect(JSON.stringify(arabic)).toContain("\u2068");
  });
});

describe("the catalogues as files of the browser's build", () => {
  it("names one file a language, by its content, and writes each with that language's compiled messages", async () => {
    const emitted: Array<{ fileName: string; source: string }> = [];
    const plugin = catalogueAssets(path.resolve(import.meta.dirname, "../locales"));
    const generateBundle = plugin.generateBundle as (this: unknown) => Promise<void>;
    await generateBundle.call({
      emitFile: (file: { fileName: string; source: string }) => emitted.push(file),
    });

    expect(Object.keys(catalogueFiles).sort()).toEqual([...SUPPORTED_LOCALES].sort());
    expect(emitted.map((file) => file.fileName).sort()).toEqual(Object.values(catalogueFiles).sort());
    expect(catalogueFiles.en).toMatch(/^assets\/catalogue-en-[\w-]{10}\.json$/);
    for (const locale of SUPPORTED_LOCALES) {
      const file = emitted.find((one) => one.fileName === catalogueFiles[locale]);
      expect(JSON.parse(file?.source ?? "null")).toEqual((await catalogues[locale]()).default);
    }
  });
});
