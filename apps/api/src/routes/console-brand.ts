import { staffMay } from "@storefront/domain";
import { consoleBrandSchema, consoleBrandViewSchema } from "@storefront/domain/contract";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { changeBrand, describeBrand, setBrandPicture } from "../console/console-brand.ts";
import { AppError } from "../errors.ts";
import { type BrandPictureKind, storeBrandPicture } from "../partners/brand-pictures.ts";
import { findPartner } from "../plugins/partner.ts";
import type { AppServices } from "../services.ts";
import { acceptPhotoBodies, photoErrors } from "./console-photos.ts";
import { auditActorOf, consoleErrors, consoleSecurity, consoleTags } from "./console-schemas.ts";

function requireBrandEditor(request: FastifyRequest): void {
  if (!staffMay(request.console.staff.role, "brand.edit"))
    throw new AppError(403, "ForbiddenException", "This role does not edit the brand");
}

const PICTURE_REFUSALS = {
  NOT_AN_IMAGE: "must be a JPEG, PNG or WebP picture",
  TOO_SMALL: "is too small: a logo at least 64 px high, a social-preview image at least 1500 × 1500",
} as const;

/**
 * The partner's brand (platform name, colour, logo, social-preview image) and footer (official
 * details, support contacts and hours, links), edited by its owner and managers. A change shows on
 * the storefront's next request: the partner's caches are told at once.
 */
export function consoleBrandRoutes(services: AppServices): FastifyPluginAsyncZod {
  const { db, catalogueInvalidations } = services;
  return async (app) => {
    app.get(
      "/api/console/brand",
      {
        schema: {
          summary: "The partner's brand and footer",
          tags: consoleTags,
          security: consoleSecurity,
          response: { 200: consoleBrandViewSchema, ...consoleErrors },
        },
      },
      async (request) => {
        requireBrandEditor(request);
        return describeBrand(await findPartner(db, request.console.partner.id));
      },
    );

    app.put(
      "/api/console/brand",
      {
        schema: {
          summary: "Replaces the partner's brand and footer",
          description:
            "The brand colour must stay readable as the storefront shows it (white on it and it on the page, " +
            "4.5:1 each): a lighter one is a 400 LOW_CONTRAST naming `brandColour`. An image logo " +
            "(textLogo false) needs an uploaded logo first (400 NO_LOGO naming `textLogo`). Empty links " +
            "are none; a link is a web address, or for the information pages a storefront path (/cms/about).",
          tags: consoleTags,
          security: consoleSecurity,
          body: consoleBrandSchema,
          response: { 200: consoleBrandViewSchema, ...consoleErrors },
        },
      },
      async (request) => {
        requireBrandEditor(request);
        const partnerId = request.console.partner.id;
        const brand = await changeBrand(
          db,
          {
            partnerId,
            draft: request.body,
            actor: auditActorOf(request),
            now: services.now(),
          },
          catalogueInvalidations,
        );
        return brand;
      },
    );

    acceptPhotoBodies(app);

    app.put(
      "/api/console/brand/:kind",
      {
        schema: {
          summary: "Uploads the partner's logo or social-preview image",
          description:
            "The body is the picture (image/jpeg, image/png or image/webp; other types 415, over 10 MB 413). " +
            "A logo is kept whole within 640 × 160 and must be at least 64 px high; a social-preview " +
            "image is cropped square to 1500 × 1500 and must be at least that. A body that is not such a " +
            "picture is 400 NOT_AN_IMAGE, a smaller one 400 TOO_SMALL, both naming `photo`. Without an " +
            "uploaded social-preview image, one is made from the logo.",
          tags: consoleTags,
          security: consoleSecurity,
          params: z.object({ kind: z.enum(["logo", "social-image"]) }),
          response: { 200: consoleBrandViewSchema, ...consoleErrors, ...photoErrors },
        },
      },
      async (request) => {
        requireBrandEditor(request);
        if (!Buffer.isBuffer(request.body))
          throw new AppError(
            415,
            "UnsupportedMediaTypeException",
            "Send the picture as image/jpeg, image/png or image/webp",
          );
        const kind: BrandPictureKind = request.params.kind === "logo" ? "logo" : "social";
        const stored = await storeBrandPicture(services.media, kind, request.body);
        if ("refusal" in stored) {
          const message = PICTURE_REFUSALS[stored.refusal];
          throw new AppError(400, "ValidationException", `Invalid body: photo ${message}`, {
            errorCode: stored.refusal,
            details: [{ field: "photo", message }],
          });
        }
        const partnerId = request.console.partner.id;
        const brand = await setBrandPicture(
          db,
          {
            partnerId,
            kind,
            url: stored.url,
            actor: auditActorOf(request),
            now: services.now(),
          },
          catalogueInvalidations,
        );
        return brand;
      },
    );
  };
}
