import fs from "node:fs/promises";
import path from "node:path";
import { build } from "esbuild";
import type { Plugin } from "vite";

/**
 * What the worker keeps at install: the build's scripts, styles and icon sprites, so a page kept for
 * offline draws whole (fonts wait until used).
 */
const SHELL_FILE = /\.(js|css|svg)$/;

/**
 * Builds the service worker (`sw.js` at the root of the browser's build) once the browser's build
 * is written: its source bundled (with Workbox, for the storefront's), the list of the build's files
 * to keep (their names are hashed, so the name is the revision) and, for the storefront, the offline
 * page's words from the catalogues. The courier app's build uses it too, served under `/courier/`.
 */
export function serviceWorker(options: {
  source: string;
  /** Where the build is served: "/" (the storefront), "/courier/" (the courier app). */
  base?: string;
  /** The catalogues whose offline words the worker gets (the storefront's offline page). */
  locales?: string;
}): Plugin {
  const base = options.base ?? "/";
  return {
    name: "storefront:service-worker",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    // Before the compressed copies are written, so the worker gets its own.
    closeBundle: {
      order: "pre",
      sequential: true,
      async handler() {
        const root = path.resolve(this.environment.config.root, this.environment.config.build.outDir);
        const assets = await fs.readdir(path.join(root, "assets"));
        const shell = assets
          .filter((name) => SHELL_FILE.test(name))
          .sort()
          .map((name) => ({ url: `${base}assets/${name}`, revision: null }));
        await build({
          entryPoints: [options.source],
          bundle: true,
          minify: true,
          format: "iife",
          target: "es2022",
          outfile: path.join(root, "sw.js"),
          logLevel: "warning",
          define: {
            "self.__WB_MANIFEST": JSON.stringify(shell),
            ...(options.locales
              ? { OFFLINE_WORDS: JSON.stringify(await offlineWords(options.locales)) }
              : {}),
            "process.env.NODE_ENV": JSON.stringify("production"),
          },
        });
      },
    },
  };
}

/** The error page's offline words of each catalogue. */
async function offlineWords(dir: string) {
  const words: Record<string, { title: string; text: string; tryAgain: string }> = {};
  for (const file of await fs.readdir(dir)) {
    if (!file.endsWith(".json")) continue;
    const catalogue = JSON.parse(await fs.readFile(path.join(dir, file), "utf8")) as Record<string, string>;
    const word = (key: string) => {
      const text = catalogue[key];
      if (!text) throw new Error(`${file} has no ${key}`);
      return text;
    };
    words[path.basename(file, ".json")] = {
      title: word("error.offline.title"),
      text: word("error.offline.text"),
      tryAgain: word("error.tryAgain"),
    };
  }
  return words;
}
