import { apiErrorSchema } from "@storefront/domain/contract";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../errors.ts";
import { ExpiringCache } from "../expiring-cache.ts";
import {
  brandIconOf,
  brandPicturesVersion,
  brandPictureUrl,
  socialPreviewOf,
} from "../partners/brand-pictures.ts";
import { assertPartnerActive } from "../plugins/partner.ts";
import type { AppServices } from "../services.ts";

const pngAnswer = { "image/png": { schema: z.string().describe("a PNG picture") } };

/**
 * A partner's favicon and social-preview image, drawn from its brand (see brand-pictures.ts) at a
 * public address a crawler can fetch without the partner header. The address carries the brand's
 * version, so a changed brand is a new address and the old answer may be kept for good.
 */
export function brandPictureRoutes(services: AppServices): FastifyPluginAsyncZod {
  const drawn = new ExpiringCache<string, Buffer>({ ttlMs: 10 * 60_000, maxEntries: 200 });
  return async (app) => {
    app.get(
      "/api/partners/:code/:picture",
      {
        schema: {
          summary: "A partner's square icon (192 or 512 px) or its 1500 × 1500 social-preview image",
          tags: ["brand"],
          params: z.object({
            code: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
            picture: z.enum(["icon-192.png", "icon-512.png", "social-preview.png"]),
          }),
          querystring: z.object({ v: z.string().max(40).optional() }),
          response: {
            200: { description: "the picture", content: pngAnswer },
            404: apiErrorSchema,
            423: apiErrorSchema,
          },
        },
      },
      async (request, reply) => {
        const partner = await services.partners.find(request.params.code);
        if (!partner) throw new AppError(404, "PartnerNotFoundException", "Unknown partner");
        assertPartnerActive(partner);
        const version = brandPicturesVersion(partner);
        const { picture } = request.params;
        const bytes = await drawn.get(`${partner.code}|${version}|${picture}`, () =>
          picture === "social-preview.png"
            ? socialPreviewOf(services.media, partner)
            : brandIconOf(services.media, partner, picture === "icon-512.png" ? 512 : 192),
        );
        // The current version's address never changes what it shows; another (older) one is short-lived.
        const current = request.query.v === version;
        return (reply as FastifyReply)
          .type("image/png")
          .header("cache-control", current ? "public, max-age=31536000, immutable" : "public, max-age=300")
          .header("cross-origin-resource-policy", "cross-origin")
          .send(bytes);
      },
    );

    // What a browser asks for when a page names no icon (a PDF, a picture, an API answer opened in a
    // tab) and what crawlers ask for first: the host's partner's icon, not a page under a language.
    app.get("/favicon.ico", { schema: { hide: true } }, async (request, reply) => {
      const code = await services.partnerHosts.partnerCodeOf(request.hostname);
      const partner = code ? await services.partners.find(code) : null;
      if (!partner) return reply.callNotFound();
      return reply
        .header("cache-control", "public, max-age=300")
        .redirect(brandPictureUrl(partner, "icon-192.png"), 302);
    });
  };
}
