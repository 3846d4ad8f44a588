import {
  apiErrorSchema,
  courierLocationSchema,
  courierSchema,
  idParamsSchema,
  opsOrdersPageSchema,
  opsOrdersQuerySchema,
  opsProductChangeSchema,
  opsProductSchema,
  orderSchema,
  partnerAlertTextsSchema,
} from "@storefront/domain/contract";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { setPartnerAlertTexts } from "../catalogue/partner-alert-texts.ts";
import { changeProduct } from "../catalogue/product-changes.ts";
import { staffedVendorIds } from "../console/staff-repository.ts";
import { AppError } from "../errors.ts";
import {
  assignCourier,
  listOpsOrders,
  moveOpsOrder,
  OPS_ACTIONS,
  rolesMovingTo,
  updateCourierLocation,
} from "../orders/ops.ts";
import { authenticateOpsKey, OPS_KEY_HEADER, type OpsKey } from "../orders/ops-keys.ts";
import { toOrder } from "../orders/orders.ts";
import { setByHook } from "../plugins/set-by-hook.ts";
import type { AppServices } from "../services.ts";

const tags = ["ops"];
const security = [{ opsApiKey: [] }];
const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
} as const;

declare module "fastify" {
  interface FastifyRequest {
    /** The ops API key the request authenticated with (ops routes only). */
    opsKey: OpsKey;
  }
}

/**
 * The ops API of vendors, couriers and the delivery simulator. It lives outside the partner scope:
 * the X-Api-Key names the partner, and its role (VENDOR, COURIER, DISPATCH) is the actor of every
 * change it makes.
 */
export function opsRoutes(services: AppServices): FastifyPluginAsyncZod {
  const { db } = services;
  const deps = services.orderOutcome;

  return async (app) => {
    app.decorateRequest("opsKey", setByHook<OpsKey>());
    app.addHook("onRequest", async (request: FastifyRequest) => {
      request.opsKey = await authenticateOpsKey(db, request.headers[OPS_KEY_HEADER]);
    });
    app.addHook("onSend", async (_request, reply, payload) => {
      reply.header("cache-control", "private, no-store");
      return payload;
    });

    app.get(
      "/api/ops/orders",
      {
        schema: {
          summary: "The partner's orders, newest first, paged (a vendor key: that vendor's orders)",
          tags,
          security,
          querystring: opsOrdersQuerySchema,
          response: { 200: opsOrdersPageSchema, ...errors },
        },
      },
      async (request) => listOpsOrders(db, request.opsKey, request.query, services.now()),
    );

    app.get(
      "/api/ops/console-vendors",
      {
        schema: {
          summary: "The partner's vendors whose orders their staff take in the console",
          description: "The demo's delivery simulator leaves these vendors' orders to the console's staff.",
          tags,
          security,
          response: { 200: z.object({ vendorIds: z.array(z.number().int()) }), ...errors },
        },
      },
      async (request) => ({ vendorIds: await staffedVendorIds(db, request.opsKey.partnerId) }),
    );

    for (const [action, to] of Object.entries(OPS_ACTIONS)) {
      app.post(
        `/api/ops/orders/:id/${action}`,
        {
          schema: {
            summary: `Moves the order to ${to}`,
            description: `For ${rolesMovingTo(to).join(" and ")} keys (others: 403), from the statuses the transition rules allow (else 400 OrderStatusTransitionException). A vendor key moves only orders with its vendor (else 404).`,
            tags,
            security,
            params: idParamsSchema,
            response: { 200: orderSchema, ...errors },
          },
        },
        async (request) => {
          const input = { key: request.opsKey, orderId: request.params.id, to, now: services.now() };
          return toOrder(db, await moveOpsOrder(deps, input), input.now);
        },
      );
    }

    app.post(
      "/api/ops/orders/:id/courier",
      {
        schema: {
          summary: "Names the courier of a delivery order and tells the customer (COURIER_FOUND)",
          description: "For COURIER and DISPATCH keys, while the order is paid and active.",
          tags,
          security,
          params: idParamsSchema,
          body: courierSchema,
          response: { 200: orderSchema, ...errors },
        },
      },
      async (request) => {
        const input = {
          key: request.opsKey,
          orderId: request.params.id,
          courier: request.body,
          now: services.now(),
        };
        return toOrder(db, await assignCourier(deps, input), input.now);
      },
    );

    app.post(
      "/api/ops/orders/:id/courier-location",
      {
        schema: {
          summary: "Where the courier is now; tells the customer (COURIER_LOCATION_UPDATE)",
          description: "For COURIER and DISPATCH keys, while the order is ON_DELIVERY or ARRIVED (else 400).",
          tags,
          security,
          params: idParamsSchema,
          body: courierLocationSchema,
          response: { 200: orderSchema, ...errors },
        },
      },
      async (request) => {
        const input = {
          key: request.opsKey,
          orderId: request.params.id,
          location: request.body,
          now: services.now(),
        };
        return toOrder(db, await updateCourierLocation(deps, input), input.now);
      },
    );

    app.patch(
      "/api/ops/products/:id",
      {
        schema: {
          summary: "Changes a product's price, discounted price or stock",
          description:
            "For DISPATCH keys (any product of the partner) and VENDOR keys (their vendor's products, others: 404). " +
            "Amounts are in major units of the locality's currency, in whole minor units; a discounted price must stay " +
            "below the full price (else 400 with errorCode NOT_WHOLE_MINOR_UNITS or DISCOUNT_NOT_BELOW_PRICE). " +
            "The storefront shows the change from its next read.",
          tags,
          security,
          params: idParamsSchema,
          body: opsProductChangeSchema,
          response: { 200: opsProductSchema, ...errors },
        },
      },
      async (request) => {
        const key = request.opsKey;
        if (key.role === "COURIER")
          throw new AppError(403, "ForbiddenException", "A courier key cannot change products");
        const scope = {
          partnerId: key.partnerId,
          vendorIds: key.role === "VENDOR" ? [key.vendorId ?? -1] : null,
        };
        return changeProduct(db, scope, request.params.id, request.body, services.catalogueInvalidations);
      },
    );

    app.put(
      "/api/ops/partner/alert-texts",
      {
        schema: {
          summary: "Sets the alert texts the partner overrides, per language",
          description:
            "For DISPATCH keys (others: 403). invalidCashAmount replaces the invalid cash amount alert in the " +
            "languages given; the others keep the storefront's translated text. The storefront shows it from its next read.",
          tags,
          security,
          body: partnerAlertTextsSchema,
          response: { 200: partnerAlertTextsSchema, ...errors },
        },
      },
      async (request) => {
        return setPartnerAlertTexts(db, request.opsKey, request.body, services.catalogueInvalidations);
      },
    );
  };
}
