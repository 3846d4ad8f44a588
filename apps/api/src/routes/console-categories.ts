import { staffMay } from "@storefront/domain";
import {
  categoryDraftSchema,
  categoryQuerySchema,
  consoleCategoriesSchema,
  consoleCategorySchema,
  idParamsSchema,
} from "@storefront/domain/contract";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  addCategory,
  changeCategory,
  deleteCategory,
  listConsoleCategories,
  setCategoryPicture,
} from "../console/console-categories.ts";
import { AppError } from "../errors.ts";
import type { AppServices } from "../services.ts";
import { acceptPhotoBodies, PHOTO_BODY_DESCRIPTION, photoErrors, storeBodyPhoto } from "./console-photos.ts";
import { auditActorOf, consoleErrors, consoleSecurity, consoleTags } from "./console-schemas.ts";

/** Owners and managers set up cities: their zones, settings and categories. */
function mayEditCategories(request: FastifyRequest): number {
  if (!staffMay(request.console.staff.role, "zones.edit"))
    throw new AppError(403, "ForbiddenException", "This role does not set up cities");
  return request.console.partner.id;
}

/**
 * The console's categories: each city's two levels of categories, named per language, with an icon,
 * a place in the quick row and an order; vendors are put under them on their own page. Every change
 * is audited and reaches the storefront's next request on every process.
 */
export function consoleCategoryRoutes(services: AppServices): FastifyPluginAsyncZod {
  const { db, catalogueInvalidations } = services;
  return async (app) => {
    acceptPhotoBodies(app);

    app.get(
      "/api/console/categories",
      {
        schema: {
          summary: "A city's categories, empty ones too (owners and managers)",
          tags: consoleTags,
          security: consoleSecurity,
          querystring: categoryQuerySchema,
          response: { 200: consoleCategoriesSchema, ...consoleErrors },
        },
      },
      async (request) => ({
        categories: await listConsoleCategories(db, {
          partnerId: mayEditCategories(request),
          localityCode: request.query.localityCode,
        }),
      }),
    );

    app.post(
      "/api/console/categories",
      {
        schema: {
          summary: "Adds a category to a city",
          description:
            "A name in some language (400 naming name); a parent is a first-level category of the same city " +
            "(400 naming parentId). The storefront shows it once a vendor is listed under it.",
          tags: consoleTags,
          security: consoleSecurity,
          querystring: categoryQuerySchema,
          body: categoryDraftSchema,
          response: { 201: consoleCategorySchema, ...consoleErrors },
        },
      },
      async (request, reply) => {
        const category = await addCategory(
          db,
          {
            partnerId: mayEditCategories(request),
            localityCode: request.query.localityCode,
            draft: request.body,
            actor: auditActorOf(request),
            now: services.now(),
          },
          catalogueInvalidations,
        );
        reply.code(201);
        return category;
      },
    );

    app.put(
      "/api/console/categories/:id",
      {
        schema: {
          summary: "Renames a category, moves it under another or back to the first level, and orders it",
          description:
            "Two levels at most: a category with categories under it stays on the first level (400 naming parentId).",
          tags: consoleTags,
          security: consoleSecurity,
          params: idParamsSchema,
          body: categoryDraftSchema,
          response: { 200: consoleCategorySchema, ...consoleErrors },
        },
      },
      async (request) => {
        const category = await changeCategory(
          db,
          {
            partnerId: mayEditCategories(request),
            id: request.params.id,
            draft: request.body,
            actor: auditActorOf(request),
            now: services.now(),
          },
          catalogueInvalidations,
        );
        return category;
      },
    );

    app.put(
      "/api/console/categories/:id/picture",
      {
        schema: {
          summary: "Gives a category a new icon (the smallest size 96 × 96)",
          description: PHOTO_BODY_DESCRIPTION,
          tags: consoleTags,
          security: consoleSecurity,
          params: idParamsSchema,
          response: { 200: consoleCategorySchema, ...consoleErrors, ...photoErrors },
        },
      },
      async (request) => {
        const partnerId = mayEditCategories(request);
        const imageId = await storeBodyPhoto(db, services.media, "category", request.body);
        const category = await setCategoryPicture(
          db,
          {
            partnerId,
            id: request.params.id,
            imageId,
            actor: auditActorOf(request),
            now: services.now(),
          },
          catalogueInvalidations,
        );
        return category;
      },
    );

    app.delete(
      "/api/console/categories/:id",
      {
        schema: {
          summary: "Deletes a category; its vendors are no longer listed under it",
          description: "One with categories under it is a 409 HAS_CHILDREN.",
          tags: consoleTags,
          security: consoleSecurity,
          params: idParamsSchema,
          response: { 204: z.null(), ...consoleErrors },
        },
      },
      async (request, reply) => {
        await deleteCategory(
          db,
          {
            partnerId: mayEditCategories(request),
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
