import { localeFromAcceptLanguage, localeFromTag, staffMay } from "@storefront/domain";
import {
  citySettingsChangeSchema,
  citySettingsSchema,
  consoleLocalitiesSchema,
  consoleLocalitySchema,
  deliveryZoneChangeSchema,
  localityCodeParamsSchema,
  newCitySchema,
} from "@storefront/domain/contract";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { changeCitySettings, citySettings } from "../console/console-city-settings.ts";
import { addCity, changeDeliveryZone, listConsoleLocalities } from "../console/console-localities.ts";
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

/** Owners and managers set up cities: their zones and their ordering settings. */
function mayEditCities(request: FastifyRequest) {
  if (!staffMay(request.console.staff.role, "zones.edit"))
    throw new AppError(403, "ForbiddenException", "This role does not set up cities");
}

/**
 * The console's localities (inside the console's routes, behind their sign-in): each with its
 * delivery zone, which managers redraw on a map. A new zone is audited and reaches the storefront
 * (its lists, the carts' address checks, the delivery check) from the next request, on every process.
 */
export function consoleLocalityRoutes(services: AppServices): FastifyPluginAsyncZod {
  const { db, catalogueInvalidations } = services;
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

    app.post(
      "/api/console/localities",
      {
        schema: {
          summary: "Adds a city, with a round delivery zone to redraw and the default ordering settings",
          description:
            "Its code is the storefront's address (/en/{code}); a code the partner has already is a 409 naming code. " +
            "The storefront lists it from the next request; it shows an empty list until vendors are added there.",
          tags: consoleTags,
          security: consoleSecurity,
          body: newCitySchema,
          response: { 201: consoleLocalitySchema, ...consoleErrors },
        },
      },
      async (request, reply) => {
        mayEditCities(request);
        const { partnerId, actor, reader } = readerOf(request);
        const locality = await addCity(
          db,
          {
            partnerId,
            city: request.body,
            actor,
            reader,
            now: services.now(),
          },
          catalogueInvalidations,
        );
        reply.code(201);
        return locality;
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
        mayEditCities(request);
        const { partnerId, actor, reader } = readerOf(request);
        const locality = await changeDeliveryZone(
          db,
          {
            partnerId,
            code: request.params.code,
            zone: request.body.zone,
            actor,
            reader,
            now: services.now(),
          },
          catalogueInvalidations,
        );
        return locality;
      },
    );

    app.get(
      "/api/console/localities/:code/settings",
      {
        schema: {
          summary: "A city's ordering settings (owners and managers)",
          tags: consoleTags,
          security: consoleSecurity,
          params: localityCodeParamsSchema,
          response: { 200: citySettingsSchema, ...consoleErrors },
        },
      },
      async (request) => {
        mayEditCities(request);
        const { partnerId, reader } = readerOf(request);
        return citySettings(db, { partnerId, code: request.params.code, reader });
      },
    );

    app.put(
      "/api/console/localities/:code/settings",
      {
        schema: {
          summary: "Replaces a city's ordering settings",
          description:
            "Language, currency, minimum order, delivery pricing, free delivery and cash limits, preorder days, " +
            "delivery or takeaway, payment types, tips and the referral programme. Amounts are in major units of " +
            "the currency given, in its whole minor units (NOT_WHOLE_MINOR_UNITS); an unknown currency is " +
            "UNKNOWN_CURRENCY; a tip offered over the maximum, off the step or twice is TIP_OVER_MAX, TIP_OFF_STEP " +
            "or TIPS_REPEATED (the detail names tips.values.N). The storefront shows the change from its next " +
            "request; placed orders keep their own amounts.",
          tags: consoleTags,
          security: consoleSecurity,
          params: localityCodeParamsSchema,
          body: citySettingsChangeSchema,
          response: { 200: citySettingsSchema, ...consoleErrors },
        },
      },
      async (request) => {
        mayEditCities(request);
        const { partnerId, actor, reader } = readerOf(request);
        const settings = await changeCitySettings(
          db,
          {
            partnerId,
            code: request.params.code,
            change: request.body,
            actor,
            reader,
            now: services.now(),
          },
          catalogueInvalidations,
        );
        return settings;
      },
    );
  };
}
