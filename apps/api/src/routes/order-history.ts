import { handoverCodeShown } from "@storefront/domain";
import {
  activeOrdersSchema,
  apiErrorSchema,
  cancelOrderResponseSchema,
  customerOrderSchema,
  customerOrdersSchema,
  idParamsSchema,
  invoiceTokenParamsSchema,
  pagingQuerySchema,
  reorderResponseSchema,
  reorderSchema,
} from "@storefront/domain/contract";
import { endpoints } from "@storefront/domain/endpoints";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireCustomer } from "../accounts/current-customer.ts";
import { sendDeliveryPhoto } from "../couriers/delivery-proofs.ts";
import { ordersWithDeliveryProof } from "../couriers/delivery-proofs-repository.ts";
import { INVOICE_LINK_MINUTES } from "../invoices/invoice-links.ts";
import { findLinkPartner } from "../invoices/invoices.ts";
import { CANNOT_CANCEL_MESSAGE, cancelCustomerOrder } from "../orders/cancel-order.ts";
import { findCustomerOrder, listActiveOrders, listCustomerOrders } from "../orders/order-history.ts";
import { toOrder } from "../orders/orders.ts";
import { reorder } from "../orders/reorder.ts";
import type { AppServices } from "../services.ts";
import { customerErrors, customerErrorsWith404, customerSecurity } from "./schemas.ts";

const tags = ["customer: orders"];
const security = customerSecurity;

/** A link to an order's photo at the door for its customer, as the invoice's: signed, 10 minutes. */
function deliveryPhotoToken(
  services: AppServices,
  scope: { partnerId: number; userId: number },
  orderId: number,
) {
  return services.invoiceLinks.sign({
    ...scope,
    orderId,
    requested: null,
    expiresAt: new Date(services.now().getTime() + INVOICE_LINK_MINUTES * 60_000),
  });
}

/** The photo at the door from a signed link, without a session or partner header (an <img>, the native app). */
export function deliveryPhotoLinkRoutes(services: AppServices): FastifyPluginAsyncZod {
  const { db } = services;
  return async (app) => {
    app.get(
      "/api/delivery-photos/:token",
      {
        schema: {
          summary:
            "The photo of a contactless delivery at the door, from the signed link an order's deliveryPhotoUrl gives",
          description: "WebP. The link lasts 10 minutes: a forged one is 403, an old one 410; no photo: 404.",
          tags,
          params: invoiceTokenParamsSchema,
          response: {
            200: z.any().describe("image/webp"),
            400: apiErrorSchema,
            403: apiErrorSchema,
            404: apiErrorSchema,
            410: apiErrorSchema,
            423: apiErrorSchema,
          },
        },
      },
      async (request, reply) => {
        const claims = services.invoiceLinks.verify(request.params.token, services.now());
        const partner = await findLinkPartner(db, claims.partnerId);
        const row = await findCustomerOrder(
          db,
          { partnerId: partner.id, userId: claims.userId },
          claims.orderId,
        );
        return sendDeliveryPhoto(db, row.id, reply);
      },
    );
  };
}

export function orderHistoryRoutes(services: AppServices): FastifyPluginAsyncZod {
  const { db } = services;
  const statusDeps = services.orderOutcome;

  /** The signed-in customer, as the owner of the orders a request may see. */
  async function customerOf(request: FastifyRequest) {
    const { user } = await requireCustomer(db, request, services.now());
    return { user, scope: { partnerId: request.partner.id, userId: user.id } };
  }

  return async (app) => {
    app.get(
      "/api/customer/me/orders",
      {
        schema: {
          summary: "The customer's orders: every active one and a page of the delivered ones",
          description:
            "Both lists are newest first; page, size, totalElements and totalPages describe deliveredOrders (final statuses). An order is never in both lists.",
          tags,
          security,
          querystring: pagingQuerySchema,
          response: { 200: customerOrdersSchema, ...customerErrors },
        },
      },
      async (request) =>
        listCustomerOrders(db, (await customerOf(request)).scope, request.query, services.now()),
    );

    app.get(
      "/api/customer/me/orders/active",
      {
        schema: {
          summary: "The customer's active orders, newest first",
          tags,
          security,
          response: { 200: activeOrdersSchema, ...customerErrors },
        },
      },
      async (request) => ({
        orders: await listActiveOrders(db, (await customerOf(request)).scope, services.now()),
      }),
    );

    app.get(
      "/api/customer/me/orders/:id",
      {
        schema: {
          summary: "One of the customer's orders",
          tags,
          security,
          params: idParamsSchema,
          response: { 200: customerOrderSchema, ...customerErrorsWith404 },
        },
      },
      async (request) => {
        const { scope } = await customerOf(request);
        const row = await findCustomerOrder(db, scope, request.params.id);
        const handoverCode = handoverCodeShown(row.status) ? row.handoverCode : null;
        const photographed = await ordersWithDeliveryProof(db, [row.id]);
        return {
          ...(await toOrder(db, row, services.now())),
          handoverCode,
          // A signed link: an <img> sends no partner header, and the native app's no session cookie.
          deliveryPhotoUrl: photographed.has(row.id)
            ? `/api${endpoints.signedDeliveryPhoto(deliveryPhotoToken(services, scope, row.id)).path}`
            : null,
        };
      },
    );

    app.get(
      "/api/customer/me/orders/:id/delivery-photo",
      {
        schema: {
          summary: "The photo the courier took of the customer's contactless delivery at the door",
          description:
            "WebP. Only the order's own customer sees it (the console's staff too); none taken: 404.",
          tags,
          security,
          params: idParamsSchema,
          response: { 200: z.any().describe("image/webp"), ...customerErrorsWith404 },
        },
      },
      async (request, reply) => {
        const { scope } = await customerOf(request);
        const row = await findCustomerOrder(db, scope, request.params.id);
        return sendDeliveryPhoto(db, row.id, reply);
      },
    );

    app.post(
      "/api/customer/me/orders/:id/cancel",
      {
        schema: {
          summary: "Cancels the order (CANCELED) while the vendor has not taken it",
          description: `Later: 400 OrderStatusTransitionException '${CANNOT_CANCEL_MESSAGE}'. An online payment already taken is given back (refunded: true, paymentStatus CANCELED).`,
          tags,
          security,
          params: idParamsSchema,
          response: { 200: cancelOrderResponseSchema, ...customerErrorsWith404 },
        },
      },
      async (request) => {
        const { scope } = await customerOf(request);
        const input = { scope, orderId: request.params.id, now: services.now() };
        const { order, refunded } = await cancelCustomerOrder(statusDeps, input);
        return { ...(await toOrder(db, order, input.now)), refunded };
      },
    );

    app.post(
      "/api/customer/me/orders/:id/reorder",
      {
        schema: {
          summary: "Starts a new cart with the order's lines that can still be ordered",
          description:
            "The cart is in the order's locality at the given address; lines whose product or options are no longer available are left out and listed in unavailableItems.",
          tags,
          security,
          params: idParamsSchema,
          body: reorderSchema,
          response: { 201: reorderResponseSchema, ...customerErrorsWith404 },
        },
      },
      async (request, reply) => {
        const { user, scope } = await customerOf(request);
        const order = await findCustomerOrder(db, scope, request.params.id);
        const input = { partner: request.partner, user, order, address: request.body, now: services.now() };
        return reply.status(201).send(await reorder(db, input));
      },
    );
  };
}
