import { LOCALITY_REACH_KM, listDeliverySlots } from "@storefront/domain";
import {
  cartIdParamsSchema,
  cartResponseSchema,
  createCartResponseSchema,
  createCartSchema,
  deliveryDaysSchema,
  tipSchema,
  updateCartSchema,
} from "@storefront/domain/contract";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { cleanupCart, clearCart, findUserCart, setTip } from "../carts/cart-extras.ts";
import { cartScopeOf, ensureVisitor } from "../carts/cart-owner.ts";
import { cartService } from "../carts/cart-service.ts";
import { createCart, deliverySlotInputs, updateCart } from "../carts/carts.ts";
import type { AppServices } from "../services.ts";
import { cartSecurity, customerSecurity, partnerErrors, partnerErrorsWith404 } from "./schemas.ts";

const tags = ["carts"];
const security = cartSecurity;
const errors = partnerErrorsWith404;

export function cartRoutes(services: AppServices): FastifyPluginAsyncZod {
  const { db } = services;
  const carts = cartService(services);
  const scopeOf = (request: FastifyRequest) => cartScopeOf(db, request, services.now());

  return async (app) => {
    app.post(
      "/api/carts",
      {
        schema: {
          summary: "Starts a cart at a saved address or a temporary point",
          description: `Anonymous visitors get a visitor cookie that owns the cart until they sign in (a native client, X-Platform ios or android, also gets it as visitorToken and sends it as X-Visitor-Token); a signed-in customer owns it at once. The locality is localityCode when given, else the one whose delivery zone holds the address's point, else the nearest within ${LOCALITY_REACH_KM} km of its zone; a point no locality serves answers 400 InvalidLocationException with errorCode INVALID_LOCATION.`,
          tags,
          security,
          body: createCartSchema,
          response: { 201: createCartResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { owner, issued } = ensureVisitor(request, reply, (await scopeOf(request)).owner);
        const cartId = await createCart(db, {
          partner: request.partner,
          owner,
          body: request.body,
          now: services.now(),
        });
        const native = request.headers["x-platform"] === "ios" || request.headers["x-platform"] === "android";
        return reply.status(201).send({ cartId, ...(native && issued ? { visitorToken: issued } : {}) });
      },
    );

    app.get(
      "/api/customer/me/cart",
      {
        schema: {
          summary: "The signed-in customer's cart (get user cart)",
          description:
            "The cart this browser filled before signing in is attached to the customer and returned.",
          tags,
          security: customerSecurity,
          response: { 200: cartResponseSchema, ...errors, 401: partnerErrors[400] },
        },
      },
      async (request) => {
        const scope = await scopeOf(request);
        const cart = await findUserCart(db, request.partner.id, scope.owner, services.now());
        return (await carts.describe(scope, cart)).response;
      },
    );

    app.get(
      "/api/carts/:id",
      {
        schema: {
          summary: "The cart with its prices and validation",
          tags,
          security,
          params: cartIdParamsSchema,
          response: { 200: cartResponseSchema, ...errors },
        },
      },
      async (request) => (await carts.get(await scopeOf(request), request.params.id)).response,
    );

    app.put(
      "/api/carts/:id",
      {
        schema: {
          summary: "Changes receipt type, payment, address or preorder time",
          tags,
          security,
          params: cartIdParamsSchema,
          body: updateCartSchema,
          response: { 200: cartResponseSchema, ...errors },
        },
      },
      async (request) =>
        (await carts.mutate(await scopeOf(request), request.params.id, updateCart(request.body))).response,
    );

    app.delete(
      "/api/carts/:id",
      {
        schema: {
          summary: "Deletes the cart",
          tags,
          security,
          params: cartIdParamsSchema,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await carts.remove(await scopeOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    );

    app.patch(
      "/api/carts/:id/tip",
      {
        schema: {
          summary: "Sets the tip, within the locality's tip settings",
          tags,
          security,
          params: cartIdParamsSchema,
          body: tipSchema,
          response: { 200: cartResponseSchema, ...errors },
        },
      },
      async (request) =>
        (await carts.mutate(await scopeOf(request), request.params.id, setTip(request.body.tipAmount)))
          .response,
    );

    app.post(
      "/api/carts/:id/cleanup",
      {
        schema: {
          summary:
            "Removes invalid lines and vendors, resets an invalid preorder time; returns the cleaned cart",
          tags,
          security,
          params: cartIdParamsSchema,
          response: { 200: cartResponseSchema, ...errors },
        },
      },
      async (request) =>
        (await carts.mutate(await scopeOf(request), request.params.id, cleanupCart())).response,
    );

    app.put(
      "/api/carts/:id/clear",
      {
        schema: {
          summary: "Removes every vendor cart",
          tags,
          security,
          params: cartIdParamsSchema,
          response: { 200: cartResponseSchema, ...errors },
        },
      },
      async (request) =>
        (await carts.mutate(await scopeOf(request), request.params.id, clearCart())).response,
    );

    app.get(
      "/api/carts/:id/delivery-slots",
      {
        schema: {
          summary: "The preorder slots every vendor of the cart can serve",
          tags,
          security,
          params: cartIdParamsSchema,
          response: { 200: deliveryDaysSchema, ...errors },
        },
      },
      async (request) => {
        const inputs = await carts.read(await scopeOf(request), request.params.id, (at) =>
          deliverySlotInputs(at, at.cart.receiptType === "TAKEAWAY"),
        );
        const [first, ...rest] = inputs.map(listDeliverySlots);
        const days = (first ?? [])
          .map((day) => ({
            date: day.date,
            times: day.times.filter((time) =>
              rest.every((other) => other.some((d) => d.date === day.date && d.times.includes(time))),
            ),
          }))
          .filter((day) => day.times.length > 0);
        return { days };
      },
    );
  };
}
