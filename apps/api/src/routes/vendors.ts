import {
  catalogueSchema,
  contentPageParamsSchema,
  contentPageSchema,
  contentPageSummarySchema,
  idParamsSchema,
  productSchema,
  vendorDetailSchema,
  vendorPointQuerySchema,
} from "@storefront/domain/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { sendAnswer } from "../plugins/http-caching.ts";
import type { AppServices } from "../services.ts";
import { partnerErrors, partnerErrorsWith404, partnerSecurity } from "./schemas.ts";

export function vendorRoutes(services: AppServices): FastifyPluginAsyncZod {
  const { catalogue } = services;
  return async (app) => {
    app.get(
      "/api/vendors/:id",
      {
        schema: {
          summary:
            "A vendor, with delivery estimates for the given point and availability at the preorder time",
          tags: ["vendors"],
          security: partnerSecurity,
          params: idParamsSchema,
          querystring: vendorPointQuerySchema,
          response: { 200: vendorDetailSchema, ...partnerErrorsWith404 },
        },
      },
      async (request, reply) => {
        const { partner, params, query, preferredLocale } = request;
        return sendAnswer(reply, await catalogue.vendor(partner.id, params.id, query, preferredLocale));
      },
    );

    app.get(
      "/api/vendors/:id/catalogue",
      {
        schema: {
          summary: "A vendor's menu: visible sections in order with their products; empty sections dropped",
          tags: ["vendors"],
          security: partnerSecurity,
          params: idParamsSchema,
          querystring: vendorPointQuerySchema,
          response: { 200: catalogueSchema, ...partnerErrorsWith404 },
        },
      },
      async (request, reply) => {
        const { partner, params, query, preferredLocale } = request;
        return sendAnswer(reply, await catalogue.catalogue(partner.id, params.id, query, preferredLocale));
      },
    );

    app.get(
      "/api/products/:id",
      {
        schema: {
          summary: "One product with its option groups",
          tags: ["vendors"],
          security: partnerSecurity,
          params: idParamsSchema,
          querystring: vendorPointQuerySchema,
          response: { 200: productSchema, ...partnerErrorsWith404 },
        },
      },
      async (request, reply) => {
        const { partner, params, query, preferredLocale } = request;
        return sendAnswer(reply, await catalogue.product(partner.id, params.id, query, preferredLocale));
      },
    );

    app.get(
      "/api/content-pages",
      {
        schema: {
          summary: "The partner's content pages",
          tags: ["content pages"],
          security: partnerSecurity,
          response: { 200: z.array(contentPageSummarySchema), ...partnerErrors },
        },
      },
      async (request, reply) =>
        sendAnswer(reply, await catalogue.contentPages(request.partner.id, request.preferredLocale)),
    );

    app.get(
      "/api/content-pages/:id",
      {
        schema: {
          summary: "A content page by id, by slug (with or without a leading slash) or by a full URL's path",
          tags: ["content pages"],
          security: partnerSecurity,
          params: contentPageParamsSchema,
          response: { 200: contentPageSchema, ...partnerErrorsWith404 },
        },
      },
      async (request, reply) =>
        sendAnswer(
          reply,
          await catalogue.contentPage(request.partner.id, request.params.id, request.preferredLocale),
        ),
    );
  };
}
