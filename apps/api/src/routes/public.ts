import { SEARCH_MIN_CHARS } from "@storefront/domain";
import {
  ANALYTICS_BATCH_MAX,
  analyticsBatchSchema,
  analyticsEventSchema,
  bannerSchema,
  categoriesResponseSchema,
  localityCodeParamsSchema,
  localityParamsSchema,
  localitySchema,
  nearestLocalitySchema,
  nearestQuerySchema,
  searchQuerySchema,
  searchResultsSchema,
  vendorsPageSchema,
  vendorsQuerySchema,
} from "@storefront/domain/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { webPushOrNotFound } from "../accounts/web-push-sender.ts";
import { storeAnalyticsEvents } from "../analytics/analytics-events.ts";
import { sendAnswer } from "../plugins/http-caching.ts";
import type { AppServices } from "../services.ts";
import { partnerErrors, partnerErrorsWith404, partnerSecurity } from "./schemas.ts";

const tags = ["public catalogue"];

const accepted = z.object({ accepted: z.literal(true) });
const ANALYTICS_DESCRIPTION =
  "Any event name is stored, with the signed-in customer when there is one. A request with " +
  "`Sec-GPC: 1` or `DNT: 1` is answered alike and stores nothing.";

export function publicRoutes(services: AppServices): FastifyPluginAsyncZod {
  const { db, catalogue } = services;
  return async (app) => {
    app.get(
      "/api/public/localities",
      {
        schema: {
          summary: "The partner's localities",
          tags,
          security: partnerSecurity,
          response: { 200: z.array(localitySchema), ...partnerErrors },
        },
      },
      async (request, reply) =>
        sendAnswer(reply, await catalogue.localities(request.partner.id, request.preferredLocale)),
    );

    app.get(
      "/api/public/localities/nearest",
      {
        schema: {
          summary:
            "The locality whose delivery zone holds the point, else the closest; the default without a point",
          tags,
          security: partnerSecurity,
          querystring: nearestQuerySchema,
          response: { 200: nearestLocalitySchema, ...partnerErrorsWith404 },
        },
      },
      async (request, reply) => {
        const { lat, lng } = request.query;
        const point = lat !== undefined && lng !== undefined ? { latitude: lat, longitude: lng } : null;
        const nearest = await catalogue.nearest(request.partner.id, point, request.preferredLocale);
        if (!nearest) throw services.localityNotFound();
        return sendAnswer(reply, nearest);
      },
    );

    app.get(
      "/api/public/localities/:code/params",
      {
        schema: {
          summary:
            "Locale, contacts, delivery, schedule, payment, tip, sign-in and referral settings of a locality",
          tags,
          security: partnerSecurity,
          params: localityCodeParamsSchema,
          response: { 200: localityParamsSchema, ...partnerErrorsWith404 },
        },
      },
      async (request, reply) =>
        sendAnswer(
          reply,
          await catalogue.localityParams(request.partner.id, request.params.code, request.preferredLocale),
        ),
    );

    app.get(
      "/api/public/localities/:code/banners",
      {
        schema: {
          summary: "Banners of a locality, in order",
          tags,
          security: partnerSecurity,
          params: localityCodeParamsSchema,
          response: { 200: z.array(bannerSchema), ...partnerErrorsWith404 },
        },
      },
      async (request, reply) =>
        sendAnswer(
          reply,
          await catalogue.banners(request.partner.id, request.params.code, request.preferredLocale),
        ),
    );

    app.get(
      "/api/public/localities/:code/categories",
      {
        schema: {
          summary: "Categories of a locality as a tree, and the top list",
          tags,
          security: partnerSecurity,
          params: localityCodeParamsSchema,
          response: { 200: categoriesResponseSchema, ...partnerErrorsWith404 },
        },
      },
      async (request, reply) =>
        sendAnswer(
          reply,
          await catalogue.categories(request.partner.id, request.params.code, request.preferredLocale),
        ),
    );

    app.get(
      "/api/public/localities/:code/vendors",
      {
        schema: {
          summary: "A page of the locality's vendors, open ones first, with filters and search",
          description:
            "With latitude and longitude each vendor carries distanceToCustomer and the delivery price to that point. " +
            "preorderDateTime (local, without zone) judges availability at that time. Rating buckets: all, good (up to 3), " +
            "best (3.1 to 4), the-best (from 4.1).",
          tags,
          security: partnerSecurity,
          params: localityCodeParamsSchema,
          querystring: vendorsQuerySchema,
          response: { 200: vendorsPageSchema, ...partnerErrorsWith404 },
        },
      },
      async (request, reply) => {
        const { partner, params, query, preferredLocale } = request;
        return sendAnswer(reply, await catalogue.vendors(partner.id, params.code, query, preferredLocale));
      },
    );

    app.get(
      "/api/public/localities/:code/search",
      {
        schema: {
          summary: "Dishes and vendors of a locality for what the customer types",
          description:
            `q from ${SEARCH_MIN_CHARS} characters, in any language of the names: diacritics and Arabic short vowels ` +
            "are ignored, Cyrillic and Latin spellings meet, a wrong letter or two is forgiven (trigram similarity). " +
            "The closest first, then open vendors', then by rating; at most 20 dishes and 10 vendors.",
          tags,
          security: partnerSecurity,
          params: localityCodeParamsSchema,
          querystring: searchQuerySchema,
          response: { 200: searchResultsSchema, ...partnerErrorsWith404 },
        },
      },
      async (request, reply) => {
        const { partner, params, query, preferredLocale } = request;
        return sendAnswer(reply, await catalogue.search(partner.id, params.code, query, preferredLocale));
      },
    );

    app.post(
      "/api/public/analytics/onde/event",
      {
        schema: {
          summary: "Stores an analytics event",
          description: ANALYTICS_DESCRIPTION,
          tags: ["analytics"],
          security: partnerSecurity,
          body: analyticsEventSchema,
          response: { 202: accepted, ...partnerErrors },
        },
      },
      async (request, reply) => {
        await storeAnalyticsEvents(db, request, [request.body], services.now());
        return reply.status(202).send({ accepted: true });
      },
    );

    app.post(
      "/api/public/analytics/onde/events",
      {
        schema: {
          summary: "Stores several analytics events at once",
          description: `${ANALYTICS_DESCRIPTION} At most ${ANALYTICS_BATCH_MAX} events.`,
          tags: ["analytics"],
          security: partnerSecurity,
          body: analyticsBatchSchema,
          response: { 202: accepted, ...partnerErrors },
        },
      },
      async (request, reply) => {
        await storeAnalyticsEvents(db, request, request.body.events, services.now());
        return reply.status(202).send({ accepted: true });
      },
    );

    app.get(
      "/api/public/web-push/key",
      {
        schema: {
          summary: "The installation's VAPID public key, for a browser's push subscription",
          description:
            "base64url, as PushManager.subscribe takes it. 404 WebPushUnavailableException where web push is off.",
          tags: ["customer: me"],
          security: partnerSecurity,
          response: { 200: z.object({ publicKey: z.string() }), ...partnerErrorsWith404 },
        },
      },
      async () => ({ publicKey: webPushOrNotFound(services.webPush).publicKey }),
    );
  };
}
