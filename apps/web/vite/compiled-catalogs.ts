import fs from "node:fs/promises";
import path from "node:path";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import type { Plugin } from "vite";
// The domain package is TypeScript source, which the config loader does not take as a package: its file is bundled.
import { isRightToLeft, isSupportedLocale, SUPPORTED_LOCALES } from "../../../packages/domain/src/locales.ts";
import { isolatePlaceholders } from "./isolate-placeholders.ts";

const PREFIX = "virtual:catalog/";
/** Every language's catalogue, each loaded on first use: `catalogues[locale]()`. */
const ALL = "virtual:catalogs";

/**
 * `import messages from "virtual:catalog/ar"` gives the Lingui-compiled messages of
 * `locales/ar.json`: ICU messages are parsed at build time, so the browser gets ready-made message
 * trees and no message compiler. A right-to-left language's values are isolated in its messages
 * (isolate-placeholders.ts), so a phone, price or time keeps its order inside the sentence.
 * `import { catalogues } from "virtual:catalogs"` gives a loader of each supported language's, each
 * its own chunk: the languages are the domain's SUPPORTED_LOCALES, and no app lists them again.
 */
export function compiledCatalogs(localesDir: string): Plugin {
  return {
    name: "storefront:compiled-catalogs",
    enforce: "pre",
    resolveId(id) {
      return id.startsWith(PREFIX) || id === ALL ? `\0${id}` : null;
    },
    async load(id) {
      if (id === `\0${ALL}`) {
        const loaders = SUPPORTED_LOCALES.map((locale) => `  ${locale}: () => import("${PREFIX}${locale}"),`);
        return `export const catalogues = {\n${loaders.join("\n")}\n};\n`;
      }
      if (!id.startsWith(`\0${PREFIX}`)) return null;
      const locale = id.slice(PREFIX.length + 1);
      const file = path.join(localesDir, `${locale}.json`);
      this.addWatchFile(file);
      const messages = JSON.parse(await fs.readFile(file, "utf8")) as Record<string, string>;
      const isolated = isSupportedLocale(locale) && isRightToLeft(locale);
      const compiled = Object.fromEntries(
        Object.entries(messages).map(([key, text]) => {
          const message = compileMessage(text);
          return [key, isolated ? isolatePlaceholders(message) : message];
        }),
      );
      return `export default ${JSON.stringify(compiled)};`;
    },
  };
}
