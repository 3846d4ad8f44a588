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
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { applyPromoCode, removePromoCode } from "../carts/cart-extras.ts";
import { addCartItem, removeCartItems, setCutlery, updateCartItem } from "../carts/cart-items.ts";
import { cartResponder } from "../carts/cart-responder.ts";
import { findOwnedCart, findOwnedVendorCart, loadStoredCart } from "../carts/cart-store.ts";
import { describeCart } from "../carts/cart-view.ts";
import { AppError } from "../errors.ts";
import { groupStatusOfCart } from "../group-orders/group-orders-repository.ts";
import type { AppServices } from "../services.ts";
import { cartSecurity, partnerErrorsWith404 } from "./schemas.ts";

const tags = ["carts"];
const security = cartSecurity;
const errors = partnerErrorsWith404;

/** What goes in a cart: products with their options, cutlery, the promo code. */
export function cartContentRoutes(services: AppServices): FastifyPluginAsyncZod {
  const { db, imageStore } = services;
  const { contextOf, describe, ownerOf } = cartResponder(services);

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
      async (request) => {
        const owner = await ownerOf(request);
        const cart = await findOwnedCart(db, request.partner.id, request.params.cartId, owner);
        if (await groupStatusOfCart(db, cart.id))
          throw new AppError(
            409,
            "GroupOrderCartException",
            "This cart is a group order: add through its link, or finish its checkout first",
          );
        await addCartItem(db, { partner: request.partner, cart, body: request.body, now: services.now() });
        return (await describe(request, cart.id, owner)).response;
      },
    );

    app.put(
      "/api/carts/:vendorCartId/products/:cartProductId",
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
        const owner = await ownerOf(request);
        const { cart, vendorCart } = await findOwnedVendorCart(
          db,
          request.partner.id,
          request.params.vendorCartId,
          owner,
        );
        await updateCartItem(db, {
          vendorCart,
          cartProductId: request.params.cartProductId,
          body: request.body,
        });
        return (await describe(request, cart.id, owner)).response;
      },
    );

    app.delete(
      "/api/carts/:vendorCartId/products/:productId",
      {
        schema: {
          summary:
            "Removes a product's lines (or one line by its cart product id); the vendor cart goes with its last line",
          description:
            "productId is a product id, as the spec names it, and then every line of that product goes; a cart product id removes that line. Without idType the id is read as whichever it matches in the vendor cart; when it is a line and the product of another line, the answer is 409 AmbiguousCartProductException and idType must say which.",
          tags,
          security,
          params: removeCartProductParamsSchema,
          querystring: removeCartProductQuerySchema,
          response: { 200: cartResponseSchema, ...errors, 409: errors[400] },
        },
      },
      async (request) => {
        const owner = await ownerOf(request);
        const { cart, vendorCart } = await findOwnedVendorCart(
          db,
          request.partner.id,
          request.params.vendorCartId,
          owner,
        );
        await removeCartItems(db, {
          vendorCart,
          id: request.params.productId,
          idType: request.query.idType,
        });
        return (await describe(request, cart.id, owner)).response;
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
        const owner = await ownerOf(request);
        const { cart, vendorCart } = await findOwnedVendorCart(
          db,
          request.partner.id,
          request.params.vendorCartId,
          owner,
        );
        await setCutlery(db, { vendorCart, cutlery: request.body.cutlery });
        return (await describe(request, cart.id, owner)).response;
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
      async (request) => {
        const owner = await ownerOf(request);
        const cart = await findOwnedCart(db, request.partner.id, request.params.id, owner);
        const stored = await loadStoredCart(db, cart);
        const context = await contextOf(request, cart, owner);
        const evaluated = await describeCart(db, imageStore, stored, context);
        await applyPromoCode(db, { stored, code: request.body.code, evaluated, context });
        return (await describe(request, cart.id, owner)).response;
      },
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
      async (request) => {
        const owner = await ownerOf(request);
        const cart = await findOwnedCart(db, request.partner.id, request.params.id, owner);
        await removePromoCode(db, cart, services.now());
        return (await describe(request, cart.id, owner)).response;
      },
    );
  };
}
