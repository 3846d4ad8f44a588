import { localeFromAcceptLanguage, localeFromTag, staffMay } from "@storefront/domain";
import {
  consoleLocalitiesSchema,
  consoleLocalitySchema,
  deliveryZoneChangeSchema,
  localityCodeParamsSchema,
} from "@storefront/domain/contract";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { catalogueChanges } from "../catalogue/catalogue-tags.ts";
import { changeDeliveryZone, listConsoleLocalities } from "../console/console-localities.ts";
import { AppError } from "../errors.ts";
import type { AppServices } from "../services.ts";
import { auditActorOf, consoleErrors, consoleSecurity, consoleTags } from "./console-schemas.ts";

/** The member's partner, and the language they read the console in. */
function readerOf(request: FastifyRequest) {
  const { staff, partner } = request.console;
  return {
    partnerId: partner.id,
    actor: auditActorOf(request),
    // The language the member reads the console in: their choice, else their browser's.
    reader: localeFromTag(staff.locale) ?? localeFromAcceptLanguage(request.headers["accept-language"]),
  };
}

/**
 * The console's localities (inside the console's routes, behind their sign-in): each with its
 * delivery zone, which managers redraw on a map. A new zone is audited and reaches the storefront
 * (its lists, the carts' address checks, the delivery check) from the next request, on every process.
 */
export function consoleLocalityRoutes(services: AppServices): FastifyPluginAsyncZod {
  const { db } = services;
  return async (app) => {
    app.get(
      "/api/console/localities",
      {
        schema: {
          summary: "The partner's localities and their delivery zones (every member reads them)",
          tags: consoleTags,
          security: consoleSecurity,
          response: { 200: consoleLocalitiesSchema, ...consoleErrors },
        },
      },
      async (request) => {
        const { partnerId, reader } = readerOf(request);
        return {
          localities: await listConsoleLocalities(db, partnerId, reader),
          mapTileUrl: request.console.partner.settings.mapTileUrl,
        };
      },
    );

    app.put(
      "/api/console/localities/:code/zone",
      {
        schema: {
          summary: "Redraws a locality's delivery zone",
          description:
            "The corners in order, 3 to 200 (TOO_FEW_POINTS, TOO_MANY_POINTS), none twice (REPEATED_POINT), no edge " +
            "crossing or touching another (SELF_CROSSING; the detail names the corner, zone.N). An address outside the " +
            "new zone is refused by the storefront from its next request.",
          tags: consoleTags,
          security: consoleSecurity,
          params: localityCodeParamsSchema,
          body: deliveryZoneChangeSchema,
          response: { 200: consoleLocalitySchema, ...consoleErrors },
        },
      },
      async (request) => {
        if (!staffMay(request.console.staff.role, "zones.edit"))
          throw new AppError(403, "ForbiddenException", "This role does not draw delivery zones");
        const { partnerId, actor, reader } = readerOf(request);
        const { locality, id } = await changeDeliveryZone(db, {
          partnerId,
          code: request.params.code,
          zone: request.body.zone,
          actor,
          reader,
          now: services.now(),
        });
        await services.catalogueInvalidations.announce(catalogueChanges.locality({ id, partnerId }));
        return locality;
      },
    );
  };
}
