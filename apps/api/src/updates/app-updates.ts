import fs from "node:fs";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";

/** Where the native app finds a partner's releases: `/updates/{partnerCode}/customer/metadata.json`. */
export const UPDATES_PREFIX = "/updates/";

/**
 * Serves the native app's published updates (ordering-flow §3 "Native update metadata"): each
 * partner's `metadata.json`, revalidated on every read (its ETag answers 304 while it is unchanged),
 * and the bundle archives it names, which never change under their versioned names. They are public
 * and read by the app from its own origin. A deployment that keeps them in object storage points the
 * app's `UPDATES_URL` there instead.
 */
export async function serveAppUpdates(app: FastifyInstance, updatesDir: string) {
  fs.mkdirSync(updatesDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: updatesDir,
    prefix: UPDATES_PREFIX,
    decorateReply: false,
    index: false,
    dotfiles: "deny",
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      reply
        .header(
          "cache-control",
          filePath.endsWith(".json") ? "no-cache" : "public, max-age=31536000, immutable",
        )
        .header("access-control-allow-origin", "*")
        .header("cross-origin-resource-policy", "cross-origin");
    },
  });
}
