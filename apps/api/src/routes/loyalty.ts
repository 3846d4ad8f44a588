import { loyaltyAccountSchema, loyaltyQuerySchema } from "@storefront/domain/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireCustomer } from "../accounts/current-customer.ts";
import { loyaltyAccount } from "../accounts/loyalty-points.ts";
import type { AppServices } from "../services.ts";
import { customerErrorsWith404, customerSecurity } from "./schemas.ts";

export function loyaltyRoutes(services: AppServices): FastifyPluginAsyncZod {
  const { db } = services;
  return async (app) => {
    app.get(
      "/api/customer/me/loyalty",
      {
        schema: {
          summary:
            "The customer's points in a city, their latest lines and the city's programme (the first read begins them: a welcome bonus)",
          tags: ["customer: loyalty"],
          security: customerSecurity,
          querystring: loyaltyQuerySchema,
          response: { 200: loyaltyAccountSchema, ...customerErrorsWith404 },
        },
      },
      async (request) => {
        const now = services.now();
        const { user } = await requireCustomer(db, request, now);
        return loyaltyAccount(db, {
          partnerId: request.partner.id,
          userId: user.id,
          localityCode: request.query.localityCode,
          now,
        });
      },
    );
  };
}
