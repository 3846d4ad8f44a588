import { staffMay } from "@storefront/domain";
import {
  bannerChangeSchema,
  bannerQuerySchema,
  consoleBannerSchema,
  consoleBannersSchema,
  idParamsSchema,
} from "@storefront/domain/contract";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { findLocality } from "../catalogue/localities.ts";
import {
  addBanner,
  changeBanner,
  deleteBanner,
  listConsoleBanners,
  setBannerPicture,
} from "../console/console-banners.ts";
import { AppError } from "../errors.ts";
import type { AppServices } from "../services.ts";
import { acceptPhotoBodies, PHOTO_BODY_DESCRIPTION, photoErrors, storeBodyPhoto } from "./console-photos.ts";
import { auditActorOf, consoleErrors, consoleSecurity, consoleTags } from "./console-schemas.ts";

/** Owners and managers run the partner's promotions, the home pages' banners among them. */
function mayEditBanners(request: FastifyRequest): number {
  if (!staffMay(request.console.staff.role, "promotions.edit"))
    throw new AppError(403, "ForbiddenException", "This role does not edit banners");
  return request.console.partner.id;
}

/**
 * The console's banners: each city's home-page banners, made from an uploaded picture (hidden and
 * untitled until written), given a title per language, a vendor or an address to open, an order
 * and their visibility, and deleted. Every change is audited and reaches the storefront's next
 * request on every process.
 */
export function consoleBannerRoutes(services: AppServices): FastifyPluginAsyncZod {
  const { db, catalogueInvalidations } = services;
  return async (app) => {
    acceptPhotoBodies(app);

    app.get(
      "/api/console/banners",
      {
        schema: {
          summary: "A city's banners, hidden ones too (owners and managers)",
          tags: consoleTags,
          security: consoleSecurity,
          querystring: bannerQuerySchema,
          response: { 200: consoleBannersSchema, ...consoleErrors },
        },
      },
      async (request) =>
        listConsoleBanners(db, {
          partnerId: mayEditBanners(request),
          localityCode: request.query.localityCode,
        }),
    );

    app.post(
      "/api/console/banners",
      {
        schema: {
          summary:
            "Adds a banner to a city from its picture (the smallest size 600 × 300), hidden until written",
          description: PHOTO_BODY_DESCRIPTION,
          tags: consoleTags,
          security: consoleSecurity,
          querystring: bannerQuerySchema,
          response: { 201: consoleBannerSchema, ...consoleErrors, ...photoErrors },
        },
      },
      async (request, reply) => {
        const partnerId = mayEditBanners(request);
        // An unknown city stores no picture: it is looked up first (404).
        await findLocality(db, partnerId, request.query.localityCode);
        const imageId = await storeBodyPhoto(db, services.media, "banner", request.body);
        const banner = await addBanner(
          db,
          {
            partnerId,
            localityCode: request.query.localityCode,
            imageId,
            actor: auditActorOf(request),
            now: services.now(),
          },
          catalogueInvalidations,
        );
        reply.code(201);
        return banner;
      },
    );

    app.put(
      "/api/console/banners/:id",
      {
        schema: {
          summary:
            "Writes a banner: its title per language, the vendor or address it opens, order, visibility",
          description:
            "A shown banner needs a title in some language (400 naming title); its vendor is one of its city's " +
            "(400 naming vendorId); an address is a web address or a storefront page (/cms/…).",
          tags: consoleTags,
          security: consoleSecurity,
          params: idParamsSchema,
          body: bannerChangeSchema,
          response: { 200: consoleBannerSchema, ...consoleErrors },
        },
      },
      async (request) => {
        return changeBanner(
          db,
          {
            partnerId: mayEditBanners(request),
            id: request.params.id,
            change: request.body,
            actor: auditActorOf(request),
            now: services.now(),
          },
          catalogueInvalidations,
        );
      },
    );

    app.put(
      "/api/console/banners/:id/picture",
      {
        schema: {
          summary: "Gives a banner a new picture (the smallest size 600 × 300)",
          description: PHOTO_BODY_DESCRIPTION,
          tags: consoleTags,
          security: consoleSecurity,
          params: idParamsSchema,
          response: { 200: consoleBannerSchema, ...consoleErrors, ...photoErrors },
        },
      },
      async (request) => {
        const partnerId = mayEditBanners(request);
        const imageId = await storeBodyPhoto(db, services.media, "banner", request.body);
        return setBannerPicture(
          db,
          { partnerId, id: request.params.id, imageId, actor: auditActorOf(request), now: services.now() },
          catalogueInvalidations,
        );
      },
    );

    app.delete(
      "/api/console/banners/:id",
      {
        schema: {
          summary: "Deletes a banner",
          tags: consoleTags,
          security: consoleSecurity,
          params: idParamsSchema,
          response: { 204: z.null(), ...consoleErrors },
        },
      },
      async (request, reply) => {
        await deleteBanner(
          db,
          {
            partnerId: mayEditBanners(request),
            id: request.params.id,
            actor: auditActorOf(request),
            now: services.now(),
          },
          catalogueInvalidations,
        );
        reply.code(204);
        return null;
      },
    );
  };
}
