import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Plugin } from "vite";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Files worth compressing: text. Images and fonts (woff2, png, webp) are compressed already. */
const TEXT_FILE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
/** Below this a compressed copy saves less than a packet's worth. */
const MIN_BYTES = 1024;

/**
 * Writes a Brotli (quality 11) and a gzip (level 9) copy beside every text file of the browser's
 * build, once at build time, so the server sends them as they are (`file.js.br`, `file.js.gz`)
 * instead of compressing the same asset again for every visitor at a lower level.
 */
export function precompressedAssets(): Plugin {
  return {
    name: "storefront:precompressed-assets",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    async closeBundle() {
      const outDir = this.environment.config.build.outDir;
      const root = path.resolve(this.environment.config.root, outDir);
      const entries = await fs.readdir(root, { recursive: true, withFileTypes: true });
      await Promise.all(
        entries
          .filter((entry) => entry.isFile() && TEXT_FILE.test(entry.name))
          .map(async (entry) => {
            const file = path.join(entry.parentPath, entry.name);
            const content = await fs.readFile(file);
            if (content.length < MIN_BYTES) return;
            const [br, gz] = await Promise.all([
              brotli(content, {
                params: {
                  [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                  [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
                },
              }),
              gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
            ]);
            await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)]);
          }),
      );
    },
  };
}
