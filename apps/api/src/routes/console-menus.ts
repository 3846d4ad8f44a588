import { staffMay } from "@storefront/domain";
import {
  auditPageSchema,
  consoleMenuSchema,
  consoleProductChangeSchema,
  consoleProductDetailsSchema,
  consoleProductDraftSchema,
  consoleProductSchema,
  consoleSectionChangeSchema,
  consoleSectionDraftSchema,
  consoleSectionSchema,
  idParamsSchema,
  menuArrangementSchema,
  productPhotoSchema,
} from "@storefront/domain/contract";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { changeProduct } from "../catalogue/product-changes.ts";
import { listAudit, recordAudit } from "../console/audit-log-repository.ts";
import { checkProductInScope, readConsoleMenu, setProductPhoto } from "../console/console-menus.ts";
import {
  arrangeMenu,
  changeSection,
  createProduct,
  createSection,
  readProductDetails,
  replaceProduct,
} from "../console/menu-editing.ts";
import { AppError } from "../errors.ts";
import type { AppServices } from "../services.ts";
import { acceptPhotoBodies, PHOTO_BODY_DESCRIPTION, photoErrors, storeBodyPhoto } from "./console-photos.ts";
import {
  auditActorOf,
  consoleErrors,
  consoleReaderOf,
  consoleReaderQuerySchema,
  consoleSecurity,
  consoleTags,
} from "./console-schemas.ts";

const tags = consoleTags;
const security = consoleSecurity;
const errors = consoleErrors;

/** What a member may edit: their partner's menus, and of it only their vendors' for vendor staff. */
function menuScope(request: FastifyRequest) {
  const { staff, scope } = request.console;
  if (!staffMay(staff.role, "menus.edit"))
    throw new AppError(403, "ForbiddenException", "This role does not edit menus");
  return { partnerId: scope.partnerId, vendorIds: scope.vendorIds };
}

/**
 * The console's menus (registered inside the console's routes, so behind their sign-in): a vendor's
 * whole menu; its sections, products with their option groups, and their order; a product's prices,
 * stock, listing and photo. Every change is written to the audit log in its own transaction and drops
 * the storefront's cached menu of that vendor on every process (and its locality's lists when names
 * changed, which search reads).
 */
export function consoleMenuRoutes(services: AppServices): FastifyPluginAsyncZod {
  const { db, catalogueInvalidations } = services;
  return async (app) => {
    app.get(
      "/api/console/vendors/:id/menu",
      {
        schema: {
          summary: "A vendor's whole menu, hidden and sold-out products too",
          tags,
          security,
          params: idParamsSchema,
          querystring: consoleReaderQuerySchema,
          response: { 200: consoleMenuSchema, ...errors },
        },
      },
      async (request) =>
        readConsoleMenu(
          db,
          menuScope(request),
          services.imageStore,
          request.params.id,
          consoleReaderOf(request),
        ),
    );

    app.get(
      "/api/console/products/:id",
      {
        schema: {
          summary:
            "A product whole, as the console's editor opens it: names in every language, option groups",
          tags,
          security,
          params: idParamsSchema,
          response: { 200: consoleProductDetailsSchema, ...errors },
        },
      },
      async (request) => readProductDetails(db, menuScope(request), services.imageStore, request.params.id),
    );

    app.post(
      "/api/console/vendors/:id/products",
      {
        schema: {
          summary: "Adds a product at the bottom of one of the vendor's sections",
          description:
            "Every name (the product's, its groups' and options') needs the vendor's own language; the other " +
            "languages are optional. Listed at once unless `visible` is false.",
          tags,
          security,
          params: idParamsSchema,
          body: consoleProductDraftSchema.extend({ visible: z.boolean().default(true) }),
          response: { 201: consoleProductDetailsSchema, ...errors },
        },
      },
      async (request, reply) => {
        const scope = menuScope(request);
        const { visible, ...draft } = request.body;
        const made = await createProduct(
          db,
          {
            scope,
            actor: auditActorOf(request),
            now: services.now(),
            vendorId: request.params.id,
            draft,
            visible,
          },
          catalogueInvalidations,
        );
        return reply.code(201).send(await readProductDetails(db, scope, services.imageStore, made.id));
      },
    );

    app.put(
      "/api/console/products/:id",
      {
        schema: {
          summary:
            "Replaces a product's content: names, description, prices, weight, tags, nutrition, option groups",
          description:
            "The draft is the whole product: a group or option without its id is new, one left out is deleted " +
            "(a cart holding it shows the line's options as removed). Its stock, listing and photo stay.",
          tags,
          security,
          params: idParamsSchema,
          body: consoleProductDraftSchema,
          response: { 200: consoleProductDetailsSchema, ...errors },
        },
      },
      async (request) => {
        const scope = menuScope(request);
        await replaceProduct(
          db,
          {
            scope,
            actor: auditActorOf(request),
            now: services.now(),
            productId: request.params.id,
            draft: request.body,
          },
          catalogueInvalidations,
        );
        return readProductDetails(db, scope, services.imageStore, request.params.id);
      },
    );

    app.post(
      "/api/console/vendors/:id/sections",
      {
        schema: {
          summary: "Adds a section at the bottom of the vendor's menu",
          tags,
          security,
          params: idParamsSchema,
          body: consoleSectionDraftSchema,
          response: { 201: consoleSectionSchema, ...errors },
        },
      },
      async (request, reply) => {
        const made = await createSection(
          db,
          {
            scope: menuScope(request),
            actor: auditActorOf(request),
            now: services.now(),
            vendorId: request.params.id,
            name: request.body.name,
            visible: request.body.visible,
          },
          catalogueInvalidations,
        );
        return reply.code(201).send({ id: made.id, name: request.body.name, visible: request.body.visible });
      },
    );

    app.patch(
      "/api/console/sections/:id",
      {
        schema: {
          summary: "Renames a section, or shows or hides it with all its products",
          tags,
          security,
          params: idParamsSchema,
          body: consoleSectionChangeSchema,
          response: { 200: consoleSectionSchema, ...errors },
        },
      },
      async (request) => {
        const changed = await changeSection(
          db,
          {
            scope: menuScope(request),
            actor: auditActorOf(request),
            now: services.now(),
            sectionId: request.params.id,
            change: request.body,
          },
          catalogueInvalidations,
        );
        return changed.section;
      },
    );

    app.put(
      "/api/console/vendors/:id/menu/arrangement",
      {
        schema: {
          summary: "Puts the vendor's sections and products in a new order",
          description:
            "Every section of the vendor once, each with its products top to bottom; a product under another " +
            "section moves there. One that leaves out or adds a section or product (a stale screen) is 409.",
          tags,
          security,
          params: idParamsSchema,
          body: menuArrangementSchema,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await arrangeMenu(
          db,
          {
            scope: menuScope(request),
            actor: auditActorOf(request),
            now: services.now(),
            vendorId: request.params.id,
            arrangement: request.body.sections,
          },
          catalogueInvalidations,
        );
        return reply.code(204).send(null);
      },
    );

    app.patch(
      "/api/console/products/:id",
      {
        schema: {
          summary: "Changes a product's price, discounted price, stock (sold out) or listing (hidden)",
          description:
            "For members who edit menus, on their partner's (vendor staff: their vendors') products; another's is a 404. " +
            "The storefront shows the change from its next read.",
          tags,
          security,
          params: idParamsSchema,
          body: consoleProductChangeSchema,
          response: { 200: consoleProductSchema, ...errors },
        },
      },
      async (request) => {
        const changed = await changeProduct(
          db,
          menuScope(request),
          request.params.id,
          request.body,
          catalogueInvalidations,
          (tx, before, after) =>
            recordAudit(tx, auditActorOf(request), {
              action: "product.update",
              entity: "product",
              entityId: after.id,
              before,
              after,
              at: services.now(),
            }),
        );
        return changed;
      },
    );

    acceptPhotoBodies(app);

    app.put(
      "/api/console/products/:id/photo",
      {
        schema: {
          summary:
            "Gives a product a new photo, made into the sizes the storefront serves (the smallest 300 × 200)",
          description: PHOTO_BODY_DESCRIPTION,
          tags,
          security,
          params: idParamsSchema,
          response: { 200: productPhotoSchema, ...errors, ...photoErrors },
        },
      },
      async (request) => {
        const scope = menuScope(request);
        await checkProductInScope(db, scope, request.params.id);
        const imageId = await storeBodyPhoto(db, services.media, "product", request.body);
        const changed = await setProductPhoto(
          db,
          {
            scope,
            productId: request.params.id,
            imageId,
            actor: auditActorOf(request),
            now: services.now(),
          },
          catalogueInvalidations,
        );
        return { id: request.params.id, photo: changed.photo };
      },
    );

    app.get(
      "/api/console/audit",
      {
        schema: {
          summary: "The partner's audit log, newest first (owners only)",
          tags,
          security,
          querystring: z.object({
            before: z.coerce.number().int().positive().optional().describe("the last id of the page before"),
            size: z.coerce.number().int().min(1).max(200).default(50),
          }),
          response: { 200: auditPageSchema, ...errors },
        },
      },
      async (request) => {
        if (!staffMay(request.console.staff.role, "audit.read"))
          throw new AppError(403, "ForbiddenException", "The audit log is the owner's");
        const entries = await listAudit(db, request.console.partner.id, request.query);
        return { entries: entries.map((entry) => ({ ...entry, at: entry.at.toISOString() })) };
      },
    );
  };
}
