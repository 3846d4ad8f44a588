import { staffMay } from "@storefront/domain";
import {
  consolePromoCodeChangeSchema,
  consolePromoCodeCreateSchema,
  consolePromoCodeSchema,
  consolePromoCodesQuerySchema,
  consolePromoCodesSchema,
  idParamsSchema,
} from "@storefront/domain/contract";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  changeConsolePromoCode,
  createConsolePromoCode,
  listConsolePromoCodes,
} from "../console/console-promo-codes.ts";
import { AppError } from "../errors.ts";
import type { AppServices } from "../services.ts";
import { auditActorOf, consoleErrors, consoleSecurity, consoleTags } from "./console-schemas.ts";

/** The partner whose promotions the member runs: owners and managers only. */
function promotionsOf(request: FastifyRequest) {
  const { staff, partner } = request.console;
  if (!staffMay(staff.role, "promotions.edit"))
    throw new AppError(403, "ForbiddenException", "This role does not run promotions");
  return {
    partnerId: partner.id,
    actor: auditActorOf(request),
  };
}

const TERMS =
  "Amounts in major units of the locality's currency, zero or more in whole minor units (else 400 " +
  "NOT_WHOLE_MINOR_UNITS); a FIXED code takes a positive amount off (VALUE_REQUIRED), a PERCENT code a whole " +
  "percent from 1 to 100 (PERCENT_RANGE) with an optional cap (CAP_ONLY_FOR_PERCENT on another type), a " +
  "FREE_DELIVERY code has the value 0 (NO_VALUE_FOR_FREE_DELIVERY); the validity ends after it starts " +
  "(VALIDITY_ORDER); a vendor must be the partner's in the code's locality. Customers meet the change at " +
  "their next check of the code.";

/**
 * The console's promo codes (inside the console's routes, behind their sign-in): the partner's
 * codes with their usage, a new code, a change of terms. Every write is audited.
 */
export function consolePromoCodeRoutes(services: AppServices): FastifyPluginAsyncZod {
  const { db } = services;
  return async (app) => {
    app.get(
      "/api/console/promo-codes",
      {
        schema: {
          summary: "The partner's promo codes and how often each was used",
          tags: consoleTags,
          security: consoleSecurity,
          querystring: consolePromoCodesQuerySchema,
          response: { 200: consolePromoCodesSchema, ...consoleErrors },
        },
      },
      async (request) => ({
        promoCodes: await listConsolePromoCodes(db, {
          partnerId: promotionsOf(request).partnerId,
          localityCode: request.query.localityCode,
        }),
      }),
    );

    app.post(
      "/api/console/promo-codes",
      {
        schema: {
          summary: "Creates a promo code in one of the partner's localities",
          description: `${TERMS} A code already in the locality answers 409 PromoCodeExistsException.`,
          tags: consoleTags,
          security: consoleSecurity,
          body: consolePromoCodeCreateSchema,
          response: { 201: consolePromoCodeSchema, ...consoleErrors },
        },
      },
      async (request, reply) => {
        const { partnerId, actor } = promotionsOf(request);
        const made = await createConsolePromoCode(db, {
          partnerId,
          creation: request.body,
          actor,
          now: services.now(),
        });
        return reply.code(201).send(made);
      },
    );

    app.patch(
      "/api/console/promo-codes/:id",
      {
        schema: {
          summary: "Changes a promo code's terms, limits, vendor or description",
          description: `${TERMS} The code and its locality stay. To end a code now, set validUntil to now.`,
          tags: consoleTags,
          security: consoleSecurity,
          params: idParamsSchema,
          body: consolePromoCodeChangeSchema,
          response: { 200: consolePromoCodeSchema, ...consoleErrors },
        },
      },
      async (request) => {
        const { partnerId, actor } = promotionsOf(request);
        return changeConsolePromoCode(db, {
          partnerId,
          id: request.params.id,
          change: request.body,
          actor,
          now: services.now(),
        });
      },
    );
  };
}
