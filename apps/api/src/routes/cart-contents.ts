import {
  addCartItemSchema,
  cartIdParamsSchema,
  cartProductParamsSchema,
  cartResponseSchema,
  cutlerySchema,
  promoCodeSchema,
  removeCartProductParamsSchema,
  removeCartProductQuerySchema,
  updateCartItemSchema,
  vendorCartParamsSchema,
} from "@storefront/domain/contract";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { applyPromoCode, removePromoCode } from "../carts/cart-extras.ts";
import { addProduct, changeLine, removeLines, setCutlery } from "../carts/cart-items.ts";
import { cartScopeOf } from "../carts/cart-owner.ts";
import { cartService } from "../carts/cart-service.ts";
import type { AppServices } from "../services.ts";
import { cartSecurity, partnerErrorsWith404 } from "./schemas.ts";

const tags = ["carts"];
const security = cartSecurity;
const errors = partnerErrorsWith404;

/** What goes in a cart: products with their options, cutlery, the promo code. */
export function cartContentRoutes(services: AppServices): FastifyPluginAsyncZod {
  const carts = cartService(services);
  const scopeOf = (request: FastifyRequest) => cartScopeOf(services.db, request, services.now());

  return async (app) => {
    app.post(
      "/api/carts/:cartId/products",
      {
        schema: {
          summary: "Adds a product with its options; the same product and options merge",
          tags,
          security,
          params: z.object({ cartId: cartIdParamsSchema.shape.id }),
          body: addCartItemSchema,
          response: { 200: cartResponseSchema, ...errors, 409: errors[400] },
        },
      },
      async (request) =>
        (await carts.mutate(await scopeOf(request), request.params.cartId, addProduct(request.body)))
          .response,
    );

    app.put(
      "/api/carts/:vendorCartId/products/:itemId",
      {
        schema: {
          summary: "Changes a line's count (0 removes it) or comment",
          tags,
          security,
          params: cartProductParamsSchema,
          body: updateCartItemSchema,
          response: { 200: cartResponseSchema, ...errors },
        },
      },
      async (request) => {
        const change = changeLine(request.params.itemId, request.body);
        return (await carts.mutateVendorCart(await scopeOf(request), request.params.vendorCartId, change))
          .response;
      },
    );

    app.delete(
      "/api/carts/:vendorCartId/products/:itemId",
      {
        schema: {
          summary:
            "Removes a product's lines (or one line by its cart product id); the vendor cart goes with its last line",
          description:
            "itemId is a product id, as the spec names it (productId), and then every line of that product goes; a cart product id removes that line. Without idType the id is read as whichever it matches in the vendor cart; when it is a line and the product of another line, the answer is 409 AmbiguousCartProductException and idType must say which.",
          tags,
          security,
          params: removeCartProductParamsSchema,
          querystring: removeCartProductQuerySchema,
          response: { 200: cartResponseSchema, ...errors, 409: errors[400] },
        },
      },
      async (request) => {
        const change = removeLines(request.params.itemId, request.query.idType);
        return (await carts.mutateVendorCart(await scopeOf(request), request.params.vendorCartId, change))
          .response;
      },
    );

    app.put(
      "/api/carts/:vendorCartId/cutlery",
      {
        schema: {
          summary: "Sets the cutlery sets of a vendor cart",
          tags,
          security,
          params: vendorCartParamsSchema,
          body: cutlerySchema,
          response: { 200: cartResponseSchema, ...errors },
        },
      },
      async (request) => {
        const change = setCutlery(request.body.cutlery);
        return (await carts.mutateVendorCart(await scopeOf(request), request.params.vendorCartId, change))
          .response;
      },
    );

    app.post(
      "/api/carts/:id/promo-code",
      {
        schema: {
          summary: "Applies a promo code",
          description:
            "A code that does not check OK answers 400 PromoCodeException with errorCode NOT_FOUND, OUTDATED, UTILIZED or DOES_NOT_APPLY.",
          tags,
          security,
          params: cartIdParamsSchema,
          body: promoCodeSchema,
          response: { 200: cartResponseSchema, ...errors },
        },
      },
      async (request) =>
        (await carts.mutate(await scopeOf(request), request.params.id, applyPromoCode(request.body.code)))
          .response,
    );

    app.delete(
      "/api/carts/:id/promo-code",
      {
        schema: {
          summary: "Removes the promo code",
          tags,
          security,
          params: cartIdParamsSchema,
          response: { 200: cartResponseSchema, ...errors },
        },
      },
      async (request) =>
        (await carts.mutate(await scopeOf(request), request.params.id, removePromoCode())).response,
    );
  };
}
