import { createHash } from "node:crypto";
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
/** Each language's catalogue as a file of the browser's build: `catalogueFiles[locale]`. */
const FILES = "virtual:catalogue-files";

/** A language's messages as Lingui compiles them, read from `locales/<locale>.json`. */
async function compiledMessages(localesDir: string, locale: string): Promise<Record<string, unknown>> {
  const messages = JSON.parse(await fs.readFile(path.join(localesDir, `${locale}.json`), "utf8")) as Record<
    string,
    string
  >;
  const isolated = isSupportedLocale(locale) && isRightToLeft(locale);
  return Object.fromEntries(
    Object.entries(messages).map(([key, text]) => {
      const message = compileMessage(text);
      return [key, isolated ? isolatePlaceholders(message) : message];
    }),
  );
}

/** Each language's compiled catalogue as JSON, and its file's name under the build: named by its content. */
async function catalogueFiles(
  localesDir: string,
): Promise<Array<{ locale: string; fileName: string; json: string }>> {
  return Promise.all(
    SUPPORTED_LOCALES.map(async (locale) => {
      const json = JSON.stringify(await compiledMessages(localesDir, locale));
      const hash = createHash("sha256").update(json).digest("base64url").slice(0, 10);
      return { locale, fileName: `assets/catalogue-${locale}-${hash}.json`, json };
    }),
  );
}

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
      return id.startsWith(PREFIX) || id === ALL || id === FILES ? `\0${id}` : null;
    },
    async load(id) {
      if (id === `\0${ALL}`) {
        const loaders = SUPPORTED_LOCALES.map((locale) => `  ${locale}: () => import("${PREFIX}${locale}"),`);
        return `export const catalogues = {\n${loaders.join("\n")}\n};\n`;
      }
      if (id === `\0${FILES}`) {
        for (const locale of SUPPORTED_LOCALES) this.addWatchFile(path.join(localesDir, `${locale}.json`));
        const files = Object.fromEntries(
          (await catalogueFiles(localesDir)).map((file) => [file.locale, file.fileName]),
        );
        return `export const catalogueFiles = ${JSON.stringify(files)};\n`;
      }
      if (!id.startsWith(`\0${PREFIX}`)) return null;
      const locale = id.slice(PREFIX.length + 1);
      this.addWatchFile(path.join(localesDir, `${locale}.json`));
      return `export default ${JSON.stringify(await compiledMessages(localesDir, locale))};`;
    },
  };
}

/**
 * Writes each language's compiled catalogue into the browser's build as a file named by its content
 * (`virtual:catalogue-files` names them), which the page fetches as data rather than carrying it in
 * its HTML: a page's document is a third smaller, the catalogue is kept by the browser from page to
 * page, and it is read by the JSON parser instead of compiled with the page's inline scripts. The
 * development server answers the same paths.
 */
export function catalogueAssets(localesDir: string): Plugin {
  return {
    name: "storefront:catalogue-assets",
    applyToEnvironment: (environment) => environment.name === "client",
    async generateBundle() {
      for (const file of await catalogueFiles(localesDir))
        this.emitFile({ type: "asset", fileName: file.fileName, source: file.json });
    },
    configureServer(server) {
      server.middlewares.use(async (request, response, next) => {
        const wanted = request.url?.split("?")[0] ?? "";
        if (!wanted.startsWith(`${server.config.base}assets/catalogue-`)) return next();
        const file = (await catalogueFiles(localesDir)).find(
          (one) => `${server.config.base}${one.fileName}` === wanted,
        );
        if (!file) return next();
        response.setHeader("content-type", "application/json");
        response.end(file.json);
      });
    },
  };
}
