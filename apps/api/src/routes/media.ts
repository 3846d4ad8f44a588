import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../errors.ts";
import { isMediaKey, MEDIA_CACHE_CONTROL, type MediaStore } from "../media/media-store.ts";

/**
 * The media store's pictures at `/api/media/{key}`, as the local folder's are served: for a bucket
 * this API is the origin a CDN reads (or the browsers, without one). A key is written once and never
 * changes, so every answer may be kept for good; a key the store lacks, or that is no key at all
 * (`..`, odd characters), is a 404.
 */
export function mediaRoutes(media: MediaStore): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/api/media/*",
      {
        // The same addresses as the folder's static files, which the document does not list either.
        schema: { hide: true, params: z.object({ "*": z.string() }) },
      },
      async (request, reply) => {
        const key = request.params["*"];
        const stored = isMediaKey(key) ? await media.get(key) : null;
        if (!stored) throw new AppError(404, "NotFoundException", "No such picture");
        const answer = (reply as FastifyReply)
          .type(stored.contentType)
          .header("cache-control", MEDIA_CACHE_CONTROL)
          // Pictures are public and the native app shows them from another origin.
          .header("cross-origin-resource-policy", "cross-origin");
        if (stored.etag) answer.header("etag", stored.etag);
        return answer.send(stored.bytes);
      },
    );
  };
}
