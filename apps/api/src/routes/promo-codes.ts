import { customerPromoCodesSchema, referralCodeSchema } from "@storefront/domain/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireCustomer } from "../accounts/current-customer.ts";
import { referralCodeOf } from "../accounts/referrals.ts";
import { listCustomerPromoCodes } from "../carts/promo-codes.ts";
import type { AppServices } from "../services.ts";
import { customerErrorsWith404, customerSecurity } from "./schemas.ts";

const security = customerSecurity;

export function promoCodeRoutes(services: AppServices): FastifyPluginAsyncZod {
  const { db } = services;
  return async (app) => {
    app.get(
      "/api/customer/me/promo-codes",
      {
        schema: {
          summary: "The promo codes the customer can still use (personal ones first)",
          tags: ["customer: promo codes"],
          security,
          querystring: z.object({
            localityCode: z
              .string()
              .regex(/^[a-z0-9-]{1,64}$/)
              .optional(),
          }),
          response: { 200: customerPromoCodesSchema, ...customerErrorsWith404 },
        },
      },
      async (request) => {
        const { user } = await requireCustomer(db, request, services.now());
        const promoCodes = await listCustomerPromoCodes(db, {
          partnerId: request.partner.id,
          userId: user.id,
          localityCode: request.query.localityCode ?? null,
          reader: request.preferredLocale,
          now: services.now(),
        });
        return { promoCodes };
      },
    );

    app.get(
      "/api/customer/me/promo-codes/referral",
      {
        schema: {
          summary: "The customer's referral code (made on first ask); 404 when the programme does not run",
          tags: ["customer: promo codes"],
          security,
          response: { 200: referralCodeSchema, ...customerErrorsWith404 },
        },
      },
      async (request) => {
        const { user } = await requireCustomer(db, request, services.now());
        return { code: await referralCodeOf(db, request.partner, user.id) };
      },
    );
  };
}
