import { orderSchema, paymentMethodsSchema, placeOrderSchema } from "@storefront/domain/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireCustomer } from "../accounts/current-customer.ts";
import { findLocality, listLocalities } from "../catalogue/localities.ts";
import { refreshArrivalWindow } from "../orders/arrival.ts";
import { publishToBoard } from "../orders/order-outcome.ts";
import { toOrder } from "../orders/orders.ts";
import { placeOrder } from "../orders/place-order.ts";
import {
  customerPaymentMethods,
  partnerPaymentMethods,
  paymentMethodsOf,
} from "../payments/payment-methods.ts";
import type { AppServices } from "../services.ts";
import { customerErrorsWith404, customerSecurity, partnerErrors, partnerSecurity } from "./schemas.ts";

const tags = ["customer: orders"];
const security = customerSecurity;

export function orderRoutes(services: AppServices): FastifyPluginAsyncZod {
  const { db, imageStore } = services;
  return async (app) => {
    app.post(
      "/api/customer/me/orders",
      {
        schema: {
          summary: "Places the order of a validated cart",
          description:
            "Idempotent: a retry with the same cart or the same Idempotency-Key answers the order already made (200) instead of making a second one; the same Idempotency-Key with another cart or invoice e-mail answers 422 IdempotencyKeyReusedException. A price that changed since the customer saw it (expectedPrice, or a promo code that no longer applies) answers 409 CartPriceChangedException. Cash orders wait for approval; online ones start CREATED until paid.",
          tags,
          security,
          headers: z.object({ "idempotency-key": z.string().trim().min(8).max(100).optional() }),
          body: placeOrderSchema.extend({
            expectedPrice: z.number().min(0).optional().describe("the total the customer agreed to"),
          }),
          response: {
            200: orderSchema,
            201: orderSchema,
            ...customerErrorsWith404,
            409: partnerErrors[400],
            422: partnerErrors[400],
          },
        },
      },
      async (request, reply) => {
        const { user } = await requireCustomer(db, request, services.now());
        const { order, created, groupId } = await placeOrder(db, imageStore, {
          cartId: request.body.cartId,
          userId: user.id,
          idempotencyKey: request.headers["idempotency-key"] ?? null,
          invoiceEmail: request.body.invoiceEmail ?? null,
          expectedPrice: request.body.expectedPrice ?? null,
          context: { partner: request.partner, reader: request.preferredLocale, now: services.now() },
        });
        if (created) {
          app.metrics.orderPlaced();
          await publishToBoard(services.orderEvents, order);
          await refreshArrivalWindow({ db, events: services.orderEvents }, order, services.now());
          // A group order's people see it ordered.
          if (groupId !== undefined) await services.orderEvents.publishGroup({ groupId });
        }
        return reply.status(created ? 201 : 200).send(await toOrder(db, order, services.now()));
      },
    );

    app.get(
      "/api/customer/me/payment-methods",
      {
        schema: {
          summary: "How the customer can pay for a cart in a locality: cash, online, saved cards",
          tags,
          security,
          querystring: z.object({
            localityCode: z.string().regex(/^[a-z0-9-]{1,64}$/),
            cartId: z.uuid().optional(),
          }),
          response: { 200: paymentMethodsSchema, ...customerErrorsWith404 },
        },
      },
      async (request) => {
        const { user } = await requireCustomer(db, request, services.now());
        const locality = await findLocality(db, request.partner.id, request.query.localityCode);
        const owner = { partnerId: request.partner.id, userId: user.id };
        return {
          methods: await customerPaymentMethods(
            db,
            locality,
            owner,
            await services.payments.forPartner(request.partner.id),
          ),
        };
      },
    );

    app.get(
      "/api/customer/supported-payment-methods",
      {
        schema: {
          summary: "The payment types the partner accepts anywhere, or in one locality",
          description:
            "Without a query: every payment type some locality of the partner accepts. With localityCode: that locality's (an unknown one is a 404).",
          tags,
          security: partnerSecurity,
          querystring: z.object({
            localityCode: z
              .string()
              .regex(/^[a-z0-9-]{1,64}$/)
              .optional()
              .describe("narrows the list to one locality"),
          }),
          response: { 200: paymentMethodsSchema, ...partnerErrors, 404: partnerErrors[400] },
        },
      },
      async (request) => {
        const { localityCode } = request.query;
        const processor = await services.payments.forPartner(request.partner.id);
        if (localityCode === undefined)
          return {
            methods: partnerPaymentMethods(await listLocalities(db, request.partner.id), { processor }),
          };
        const locality = await findLocality(db, request.partner.id, localityCode);
        return { methods: paymentMethodsOf(locality, { processor }) };
      },
    );
  };
}
