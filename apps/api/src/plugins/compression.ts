import zlib from "node:zlib";
import compress from "@fastify/compress";
import type { FastifyInstance } from "fastify";

/**
 * Brotli or gzip for every text answer made per request: pages, JSON, and the few files the build
 * did not compress beforehand (its own assets come precompressed at the highest levels). Brotli at
 * quality 4 costs about what gzip does for a smaller answer; quality 11 would take longer than the
 * page's render. Each chunk is flushed, so a page that streams still reaches the browser as it renders.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    encodings: ["br", "gzip"],
    threshold: 1024,
    brotliOptions: {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 },
      flush: zlib.constants.BROTLI_OPERATION_FLUSH,
    },
    zlibOptions: { level: 6, flush: zlib.constants.Z_SYNC_FLUSH },
  });
}
