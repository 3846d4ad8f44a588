import { checkDeliveryPoint, isPointInPolygon } from "@storefront/domain";
import { deliveryCheckQuerySchema, deliveryCheckSchema } from "@storefront/domain/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { cartScopeOf } from "../carts/cart-owner.ts";
import { cartService } from "../carts/cart-service.ts";
import { listLocalities, zoneOf } from "../catalogue/localities.ts";
import type { AppServices } from "../services.ts";
import { cartSecurity, partnerErrorsWith404 } from "./schemas.ts";

/** The map alerts of a delivery point, decided where the zones are: when the customer picks it. */
export function deliveryCheckRoutes(services: AppServices): FastifyPluginAsyncZod {
  const { db } = services;
  const carts = cartService(services);
  return async (app) => {
    app.get(
      "/api/delivery-check",
      {
        schema: {
          summary: "Whether a picked delivery point is served, and by the vendors of the cart",
          description:
            "INVALID_LOCATION when no locality's delivery zone holds the point; INVALID_VENDOR_LOCATION when the " +
            "cart (cartId, the caller's own, else 404 CartNotFoundException) holds vendors of a locality whose zone does not.",
          tags: ["carts"],
          security: cartSecurity,
          querystring: deliveryCheckQuerySchema,
          response: { 200: deliveryCheckSchema, ...partnerErrorsWith404 },
        },
      },
      async (request) => {
        const { lat, lng, cartId } = request.query;
        const point = { latitude: lat, longitude: lng };
        const covering = (await listLocalities(db, request.partner.id)).filter((row) =>
          isPointInPolygon(point, zoneOf(row)),
        );
        const cart = cartId
          ? await carts.read(await cartScopeOf(db, request, services.now()), cartId, async (at) => ({
              locality: at.context.locality.code,
              hasVendors: (await at.stored()).vendorCarts.length > 0,
            }))
          : null;
        const status = checkDeliveryPoint({
          coveringLocalities: covering.map((row) => row.code),
          cartLocality: cart?.locality ?? null,
          cartHasVendors: cart?.hasVendors ?? false,
        });
        return { status, localityCode: covering[0]?.code ?? null };
      },
    );
  };
}
