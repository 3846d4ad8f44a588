import fs from "node:fs/promises";
import path from "node:path";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import type { Plugin } from "vite";

const PREFIX = "virtual:catalog/";

/**
 * `import messages from "virtual:catalog/ar"` gives the Lingui-compiled messages of
 * `locales/ar.json`: ICU messages are parsed at build time, so the browser gets ready-made message
 * trees and no message compiler.
 */
export function compiledCatalogs(localesDir: string): Plugin {
  return {
    name: "storefront:compiled-catalogs",
    enforce: "pre",
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : null;
    },
    async load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return null;
      const locale = id.slice(PREFIX.length + 1);
      const file = path.join(localesDir, `${locale}.json`);
      this.addWatchFile(file);
      const messages = JSON.parse(await fs.readFile(file, "utf8")) as Record<string, string>;
      const compiled = Object.fromEntries(
        Object.entries(messages).map(([key, text]) => [key, compileMessage(text)]),
      );
      return `export default ${JSON.stringify(compiled)};`;
    },
  };
}
