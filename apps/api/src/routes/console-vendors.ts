import { seesWholePartner, staffMay } from "@storefront/domain";
import {
  consoleVendorChangeSchema,
  consoleVendorDraftSchema,
  consoleVendorSchema,
  idParamsSchema,
  vendorPictureKindSchema,
  vendorPictureSchema,
} from "@storefront/domain/contract";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  changeConsoleVendor,
  findScopedVendor,
  readConsoleVendor,
  setVendorPicture,
} from "../console/console-vendors.ts";
import { createConsoleVendor } from "../console/vendor-creation.ts";
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

/** Whose vendors a member may edit: their partner's, and of it only their own for vendor staff. */
function vendorScope(request: FastifyRequest) {
  const { staff, scope } = request.console;
  if (!staffMay(staff.role, "vendors.edit"))
    throw new AppError(403, "ForbiddenException", "This role does not edit vendors");
  return { partnerId: scope.partnerId, vendorIds: scope.vendorIds };
}

/**
 * The console's vendors (inside the console's routes, behind their sign-in): a vendor's profile,
 * cooking time, minimum order, delivery price, ways to receive and weekly hours. A change is audited
 * and drops what the storefront cached of the vendor and of its locality's lists.
 */
export function consoleVendorRoutes(services: AppServices): FastifyPluginAsyncZod {
  const { db, catalogueInvalidations } = services;
  return async (app) => {
    app.get(
      "/api/console/vendors/:id",
      {
        schema: {
          summary: "A vendor's settings",
          tags: consoleTags,
          security: consoleSecurity,
          params: idParamsSchema,
          querystring: consoleReaderQuerySchema,
          response: { 200: consoleVendorSchema, ...consoleErrors },
        },
      },
      async (request) =>
        readConsoleVendor(
          db,
          vendorScope(request),
          services.imageStore,
          request.params.id,
          consoleReaderOf(request),
        ),
    );

    app.patch(
      "/api/console/vendors/:id",
      {
        schema: {
          summary:
            "Changes a vendor's profile, cooking time, minimum order, delivery price, receipt types, hours or closures",
          description:
            "Amounts in major units of the locality's currency, zero or more in whole minor units (else 400 " +
            "NOT_WHOLE_MINOR_UNITS); the shortest cooking time not above the longest (COOKING_RANGE); an opening span " +
            "that ends at or before it starts runs past midnight, one that ends when it starts is refused (EMPTY_SPAN); " +
            "closures are the whole list to come, on the locality's wall clock, each ending after it starts " +
            "(EMPTY_CLOSURE), at most 20 (TOO_MANY_CLOSURES), past ones dropped. " +
            "The storefront shows the change from its next read.",
          tags: consoleTags,
          security: consoleSecurity,
          params: idParamsSchema,
          querystring: consoleReaderQuerySchema,
          body: consoleVendorChangeSchema,
          response: { 200: consoleVendorSchema, ...consoleErrors },
        },
      },
      async (request) => {
        const scope = vendorScope(request);
        const vendor = await changeConsoleVendor(
          db,
          {
            scope,
            vendorId: request.params.id,
            change: request.body,
            actor: auditActorOf(request),
            now: services.now(),
          },
          catalogueInvalidations,
        );
        return readConsoleVendor(db, scope, services.imageStore, vendor.id, consoleReaderOf(request));
      },
    );

    app.post(
      "/api/console/vendors",
      {
        schema: {
          summary: "Adds a vendor to one of the partner's cities, hidden from customers until it is listed",
          description:
            "Owners and managers only. The vendor opens every day 10:00–22:00 for delivery and takeaway, with " +
            "no minimum order, delivery price or menu; its staff set these and list it (visible: true). A " +
            "city not the partner's is a 400 naming localityCode; a point farther than 50 km from the " +
            "city's zone a 400 naming latitude.",
          tags: consoleTags,
          security: consoleSecurity,
          querystring: consoleReaderQuerySchema,
          body: consoleVendorDraftSchema,
          response: { 201: consoleVendorSchema, ...consoleErrors },
        },
      },
      async (request, reply) => {
        const scope = vendorScope(request);
        if (!seesWholePartner(request.console.staff.role))
          throw new AppError(403, "ForbiddenException", "Only the partner's owners and managers add vendors");
        const vendor = await createConsoleVendor(
          db,
          {
            partnerId: scope.partnerId,
            draft: request.body,
            actor: auditActorOf(request),
            now: services.now(),
          },
          catalogueInvalidations,
        );
        const created = await readConsoleVendor(
          db,
          scope,
          services.imageStore,
          vendor.id,
          consoleReaderOf(request),
        );
        return reply.code(201).send(created);
      },
    );

    acceptPhotoBodies(app);

    app.put(
      "/api/console/vendors/:id/pictures/:kind",
      {
        schema: {
          summary:
            "Gives a vendor a new cover picture (the smallest size 300 × 200) or logo (avatar, the smallest 80 × 80)",
          description: PHOTO_BODY_DESCRIPTION,
          tags: consoleTags,
          security: consoleSecurity,
          params: idParamsSchema.extend({ kind: vendorPictureKindSchema }),
          response: { 200: vendorPictureSchema, ...consoleErrors, ...photoErrors },
        },
      },
      async (request) => {
        const scope = vendorScope(request);
        const { kind } = request.params;
        // An outsider's picture is not stored: the vendor is looked up first (404).
        await findScopedVendor(db, scope, request.params.id);
        const imageId = await storeBodyPhoto(db, services.media, kind, request.body);
        const changed = await setVendorPicture(
          db,
          {
            scope,
            vendorId: request.params.id,
            kind,
            imageId,
            actor: auditActorOf(request),
            now: services.now(),
          },
          catalogueInvalidations,
        );
        return { id: changed.vendor.id, kind, picture: changed.picture };
      },
    );
  };
}
