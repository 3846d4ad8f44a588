import {
  createReviewSchema,
  customerReviewsSchema,
  idParamsSchema,
  orderReviewsSchema,
  pagingQuerySchema,
  type ReviewKind,
  reviewSchema,
} from "@storefront/domain/contract";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireCustomer } from "../accounts/current-customer.ts";
import { createReview, findOrderReviews, listCustomerReviews } from "../reviews/reviews.ts";
import type { AppServices } from "../services.ts";
import { customerErrors, customerErrorsWith404, customerSecurity } from "./schemas.ts";

const tags = ["customer: reviews"];
const security = customerSecurity;

export function reviewRoutes(services: AppServices): FastifyPluginAsyncZod {
  const { db } = services;

  async function customerScope(request: FastifyRequest) {
    const { user } = await requireCustomer(db, request, services.now());
    return { partnerId: request.partner.id, userId: user.id };
  }

  return async (app) => {
    const reviewRoute = (path: string, kind: ReviewKind, summary: string) =>
      app.post(
        path,
        {
          schema: {
            summary,
            description:
              "Only for a COMPLETED order, within 48 hours of its completion, once. Refusals are 400 ReviewException with an errorCode: ORDER_NOT_COMPLETED, REVIEW_WINDOW_CLOSED, ALREADY_REVIEWED or NO_COURIER.",
            tags,
            security,
            params: idParamsSchema,
            body: createReviewSchema,
            response: { 201: reviewSchema, ...customerErrorsWith404 },
          },
        },
        async (request, reply) => {
          const scope = await customerScope(request);
          const review = { rating: request.body.rating, comment: request.body.comment ?? null };
          const made = await createReview(
            db,
            { scope, orderId: request.params.id, kind, review, now: services.now() },
            services.catalogueInvalidations,
          );
          return reply.status(201).send(made);
        },
      );
    reviewRoute(
      "/api/customer/me/orders/:id/vendor_review",
      "VENDOR",
      "Reviews the vendor of a completed order",
    );
    reviewRoute(
      "/api/customer/me/orders/:id/courier_review",
      "COURIER",
      "Reviews the courier of a completed order",
    );

    app.get(
      "/api/customer/me/orders/:id/reviews",
      {
        schema: {
          summary: "The order's vendor and courier reviews, and whether each can still be left",
          tags,
          security,
          params: idParamsSchema,
          response: { 200: orderReviewsSchema, ...customerErrorsWith404 },
        },
      },
      async (request) =>
        findOrderReviews(db, await customerScope(request), request.params.id, services.now()),
    );

    app.get(
      "/api/customer/me/reviews",
      {
        schema: {
          summary: "The customer's reviews, newest first",
          tags,
          security,
          querystring: pagingQuerySchema,
          response: { 200: customerReviewsSchema, ...customerErrors },
        },
      },
      async (request) => listCustomerReviews(db, await customerScope(request), request.query),
    );
  };
}
