import { checkDeliveryPoint, isPointInPolygon } from "@storefront/domain";
import { deliveryCheckQuerySchema, deliveryCheckSchema } from "@storefront/domain/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { cartResponder } from "../carts/cart-responder.ts";
import { findOwnedCart, loadStoredCart } from "../carts/cart-store.ts";
import { localityOfCart } from "../carts/carts.ts";
import { listLocalities, zoneOf } from "../catalogue/localities.ts";
import type { AppServices } from "../services.ts";
import { cartSecurity, partnerErrorsWith404 } from "./schemas.ts";

/** The map alerts of a delivery point, decided where the zones are: when the customer picks it. */
export function deliveryCheckRoutes(services: AppServices): FastifyPluginAsyncZod {
  const { db } = services;
  const { ownerOf } = cartResponder(services);
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
          ? await findOwnedCart(db, request.partner.id, cartId, await ownerOf(request))
          : null;
        const status = checkDeliveryPoint({
          coveringLocalities: covering.map((row) => row.code),
          cartLocality: cart ? (await localityOfCart(db, cart)).code : null,
          cartHasVendors: cart ? (await loadStoredCart(db, cart)).vendorCarts.length > 0 : false,
        });
        return { status, localityCode: covering[0]?.code ?? null };
      },
    );
  };
}
