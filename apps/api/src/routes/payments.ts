import {
  authorizePaymentSchema,
  cancelPaymentSchema,
  createPaymentIntentSchema,
  createPaymentSchema,
  idParamsSchema,
  orderSchema,
  paymentAnswerSchema,
} from "@storefront/domain/contract";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireCustomer } from "../accounts/current-customer.ts";
import { toOrder } from "../orders/orders.ts";
import {
  authorizeOrderPayment,
  cancelOrderPayment,
  createOrderPayment,
  createPaymentIntent,
  payInCash,
} from "../payments/order-payments.ts";
import type { PaymentDeps } from "../payments/payment-outcome.ts";
import { trustedReturnUrl } from "../payments/return-urls.ts";
import { SANDBOX_PROVIDER } from "../payments/sandbox-gateway.ts";
import type { AppServices } from "../services.ts";
import { cardBindReturnRoutes, cardRoutes } from "./cards.ts";
import { sandboxPageRoutes } from "./sandbox-pages.ts";
import { customerErrorsWith404, customerSecurity } from "./schemas.ts";

const tags = ["customer: payments"];
const security = customerSecurity;
const response = { 200: paymentAnswerSchema, ...customerErrorsWith404 };

/** What paying needs, with the card processor of the partner. */
export async function paymentDeps(services: AppServices, partnerId: number): Promise<PaymentDeps> {
  const { db, orderOutcome: outcome, now } = services;
  return { db, provider: await services.payments.forPartner(partnerId), outcome, now };
}

/** Online payment of the customer's orders, and their saved cards (partner scope). */
export function paymentRoutes(services: AppServices): FastifyPluginAsyncZod {
  const depsOf = (request: FastifyRequest) => paymentDeps(services, request.partner.id);
  const owner = async (request: FastifyRequest) => {
    const { user } = await requireCustomer(services.db, request, services.now());
    return { partnerId: request.partner.id, userId: user.id, partnerCode: request.partner.code };
  };
  return async (app) => {
    app.post(
      "/api/customer/me/orders/:id/payment/create",
      {
        schema: {
          summary:
            "Starts paying an online order: the card page to send the customer to, or a saved card charged at once",
          description:
            "Only for an ONLINE order in CREATED. A new attempt cancels the pending ones. The card page speaks the request's Accept-Language and returns to returnUrl with ?transactionID=…&status=…; the storefront then calls payment/authorize. returnUrl is a path of the storefront (resolved against its public address) or an address on its own origin or one the partner lists; anything else is a 400.",
          tags,
          security,
          params: idParamsSchema,
          body: createPaymentSchema,
          response,
        },
      },
      async (request) =>
        createOrderPayment(await depsOf(request), await owner(request), {
          orderId: request.params.id,
          paymentMethod: request.body.paymentMethod,
          // The card page speaks the storefront's language (the request's Accept-Language).
          locale: request.preferredLocale,
          returnUrl: trustedReturnUrl(
            request.body.returnUrl,
            request.partner,
            await services.partnerHosts.publicUrlOf(request.partner.code, services.publicUrl),
          ),
        }),
    );

    app.post(
      "/api/customer/me/orders/:id/payment-intent/create",
      {
        schema: {
          summary: "Pays an online order with a saved card, without a page (the client-side flow)",
          tags,
          security,
          params: idParamsSchema,
          body: createPaymentIntentSchema,
          response,
        },
      },
      async (request) =>
        createPaymentIntent(await depsOf(request), await owner(request), {
          orderId: request.params.id,
          ...request.body,
        }),
    );

    app.post(
      "/api/customer/me/orders/:id/payment/authorize",
      {
        schema: {
          summary: "Settles a payment after the card page: AUTHORIZED sends the order for approval",
          description:
            "Asks the provider. AUTHORIZED: the order moves to WAITING_APPROVAL. FAILED, ERROR or CANCELED: the order stays CREATED and canRetry is true. Calling it again answers the same.",
          tags,
          security,
          params: idParamsSchema,
          body: authorizePaymentSchema,
          response,
        },
      },
      async (request) =>
        authorizeOrderPayment(await depsOf(request), await owner(request), {
          orderId: request.params.id,
          ...request.body,
        }),
    );

    app.post(
      "/api/customer/me/orders/:id/payment/cancel",
      {
        schema: {
          summary: "Cancels a pending payment; the order stays CREATED for another attempt",
          description:
            "For a customer who left the card page. Without transactionID, the order's latest payment. A payment the customer did complete on the page meanwhile is counted instead (the order moves on as after authorize), never refunded.",
          tags,
          security,
          params: idParamsSchema,
          body: cancelPaymentSchema.optional(),
          response,
        },
      },
      async (request) =>
        cancelOrderPayment(await depsOf(request), await owner(request), {
          orderId: request.params.id,
          ...request.body,
        }),
    );

    app.post(
      "/api/customer/me/orders/:id/payment/cash",
      {
        schema: {
          summary: "Pays an online order waiting for its payment in cash on delivery instead",
          description:
            "For a customer whose card page could not be opened or whose card was declined. Only for an ONLINE order in CREATED whose locality takes cash, up to its maximum cash amount (400 InvalidPaymentTypeException, InvalidCashAmountException). Pending card pages are closed first; one paid meanwhile pays the order instead (400 PaymentException ALREADY_PAID). The order becomes a CASH order and moves to WAITING_APPROVAL.",
          tags,
          security,
          params: idParamsSchema,
          response: { 200: orderSchema, ...customerErrorsWith404 },
        },
      },
      async (request) => {
        const order = await payInCash(await depsOf(request), await owner(request), {
          orderId: request.params.id,
        });
        return toOrder(services.db, order, services.now());
      },
    );

    await app.register(cardRoutes(services));
  };
}

/**
 * Pages the customer's browser reaches by redirect, without the X-Partner-Code header: the sandbox
 * gateway's card page and the return from saving a card. Registered outside the partner scope.
 */
export function paymentPageRoutes(services: AppServices): FastifyPluginAsyncZod {
  return async (app) => {
    // The sandbox's card page exists only where the sandbox is the processor.
    if (services.payments.deploymentProvider.name === SANDBOX_PROVIDER)
      await app.register(sandboxPageRoutes(services));
    await app.register(cardBindReturnRoutes(services));
  };
}
