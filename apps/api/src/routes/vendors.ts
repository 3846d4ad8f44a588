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
import { loadCatalogue, loadPopularProducts, loadProduct } from "../catalogue/catalogue.ts";
import { findContentPage, listContentPages } from "../catalogue/content-pages.ts";
import { findLocalityById } from "../catalogue/localities.ts";
import { findVendorRow, loadVendorDetail, vendorContext } from "../catalogue/vendors.ts";
import type { AppServices } from "../services.ts";
import { partnerErrors, partnerErrorsWith404, partnerSecurity } from "./schemas.ts";

export function vendorRoutes(services: AppServices): FastifyPluginAsyncZod {
  const { db, imageStore, catalogueCache } = services;

  async function vendorAndContext(request: {
    partner: { id: number };
    params: { id: number };
    query: z.infer<typeof vendorPointQuerySchema>;
    preferredLocale: import("@storefront/domain").Locale | null;
  }) {
    const vendor = await findVendorRow(db, request.partner.id, request.params.id);
    const locality = await findLocalityById(db, vendor.localityId);
    const context = vendorContext(locality, request.query, request.preferredLocale, services.now());
    const menu = {
      vendorId: vendor.id,
      version: vendor.version,
      currencyCode: locality.currencyCode,
      lang: locality.lang as import("@storefront/domain").Locale,
      reader: request.preferredLocale,
    };
    return { vendor, context, menu };
  }

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
      async (request) => {
        const { vendor, context, menu } = await vendorAndContext(request);
        const popular = await loadPopularProducts(db, imageStore, catalogueCache, menu, context.clock);
        return loadVendorDetail(db, imageStore, vendor, context, popular);
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
      async (request) => {
        const { context, menu } = await vendorAndContext(request);
        return loadCatalogue(db, imageStore, catalogueCache, menu, context.clock);
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
      async (request) =>
        loadProduct(db, imageStore, {
          partnerId: request.partner.id,
          id: request.params.id,
          reader: request.preferredLocale,
          now: services.now(),
          preorderDateTime: request.query.preorderDateTime,
        }),
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
      async (request) => listContentPages(db, request.partner.id, request.preferredLocale),
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
      async (request) => findContentPage(db, request.partner.id, request.params.id, request.preferredLocale),
    );
  };
}
