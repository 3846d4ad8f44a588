import { staffMay } from "@storefront/domain";
import { consoleVendorChangeSchema, consoleVendorSchema, idParamsSchema } from "@storefront/domain/contract";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { catalogueChanges } from "../catalogue/catalogue-tags.ts";
import { changeConsoleVendor, readConsoleVendor } from "../console/console-vendors.ts";
import { AppError } from "../errors.ts";
import type { AppServices } from "../services.ts";
import { consoleErrors, consoleSecurity, consoleTags } from "./console-schemas.ts";

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
  const { db } = services;
  return async (app) => {
    app.get(
      "/api/console/vendors/:id",
      {
        schema: {
          summary: "A vendor's settings",
          tags: consoleTags,
          security: consoleSecurity,
          params: idParamsSchema,
          response: { 200: consoleVendorSchema, ...consoleErrors },
        },
      },
      async (request) => readConsoleVendor(db, vendorScope(request), request.params.id),
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
          body: consoleVendorChangeSchema,
          response: { 200: consoleVendorSchema, ...consoleErrors },
        },
      },
      async (request) => {
        const { staff, partner } = request.console;
        const { vendor, localityId } = await changeConsoleVendor(db, {
          scope: vendorScope(request),
          vendorId: request.params.id,
          change: request.body,
          actor: { partnerId: partner.id, staffId: staff.id, staffName: staff.name },
          now: services.now(),
        });
        await services.catalogueInvalidations.announce(
          catalogueChanges.vendorListing({ id: vendor.id, localityId }),
        );
        return vendor;
      },
    );
  };
}
