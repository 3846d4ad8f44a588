import { localeFromAcceptLanguage } from "@storefront/domain";
import {
  adminPartnerSchema,
  adminPartnersSchema,
  apiErrorSchema,
  newPartnerSchema,
  partnerFirebaseChangeSchema,
  partnerFirebaseSchema,
  partnerPaymentAccountSchema,
  partnerPaymentsSchema,
  partnerPushAccountSchema,
  partnerPushSchema,
  partnerStatusSchema,
} from "@storefront/domain/contract";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  describePartnerPush,
  removePartnerPushAccount,
  setPartnerPushAccount,
} from "../accounts/partner-push.ts";
import { sendPasswordLink } from "../console/staff-links.ts";
import { AppError } from "../errors.ts";
import { createPartner } from "../partners/create-partner.ts";
import { describePartnerFirebase, setPartnerFirebase } from "../partners/partner-firebase.ts";
import { findPartnerByCode, listPartners } from "../partners/partner-list.ts";
import { setPartnerStatus } from "../partners/partner-status.ts";
import {
  describePartnerPayments,
  removePartnerStripeAccount,
  setPartnerStripeAccount,
} from "../payments/partner-payments.ts";
import { carriesBearerToken } from "../plugins/bearer-token.ts";
import type { AppServices } from "../services.ts";

const tags = ["super-admin"];

/** The operator's language, for the names of cities in an answer. */
const readerOf = (request: FastifyRequest) => localeFromAcceptLanguage(request.headers["accept-language"]);

/**
 * The deployment operator's (the super-admin's) calls, with SUPER_ADMIN_KEY as a bearer token; a
 * deployment without the key has none of them. Suspending a partner takes effect at once on every
 * process: its storefront, API and console answer the spec's 423 from the next request, and its
 * open tracking and console sockets are closed (PartnerSockets). The operator also lists the
 * partners and onboards a new one, as `npm run partner:create` does, its owner invited by e-mail.
 */
export function adminRoutes(services: AppServices, key: string | undefined): FastifyPluginAsyncZod {
  return async (app) => {
    if (!key) return;
    app.addHook("onRequest", async (request) => {
      if (!carriesBearerToken(request.headers.authorization, key))
        throw new AppError(401, "UnauthorizedException", "The super-admin key is required");
    });

    app.get(
      "/api/admin/partners",
      {
        schema: {
          summary: "Every partner of the deployment, with its hosts, address, cities and vendors",
          tags,
          security: [{ superAdminKey: [] }],
          response: { 200: adminPartnersSchema, 401: apiErrorSchema },
        },
      },
      async () => ({
        partners: await listPartners(services.db, services.partnerHosts, services.publicUrl),
      }),
    );

    app.post(
      "/api/admin/partners",
      {
        schema: {
          summary: "Onboards a partner: its brand, host, first city and first owner",
          description:
            "Made whole in one transaction, as npm run partner:create makes it: the brand (its name, a text logo in " +
            "its colour), the host, a city with a round delivery zone, and an OWNER who gets an e-mail (the outbox in " +
            "demo mode) with a link to choose a password, valid 48 hours. A taken code, host or owner e-mail is a " +
            "409 naming it. The storefront shows an empty city until vendors are added in the console.",
          tags,
          security: [{ superAdminKey: [] }],
          body: newPartnerSchema,
          response: {
            201: adminPartnerSchema,
            400: apiErrorSchema,
            401: apiErrorSchema,
            409: apiErrorSchema,
          },
        },
      },
      async (request, reply) => {
        const input = request.body;
        const made = await createPartner(
          services.db,
          { ...input, now: services.now() },
          services.catalogueInvalidations,
        );
        const partner = await findPartnerByCode(services.db, input.code);
        const [listed] = await listPartners(services.db, services.partnerHosts, services.publicUrl, {
          code: input.code,
        });
        if (!partner || !listed)
          throw new AppError(500, "InternalException", "The new partner was not stored");
        await sendPasswordLink(services, {
          member: { email: input.owner.email, name: input.owner.name, role: "OWNER" },
          partner,
          purpose: "INVITATION",
          locale: input.city.lang,
          token: made.ownerToken,
        });
        request.log.warn({ partner: input.code, host: input.host }, "partner onboarded by the super-admin");
        reply.code(201);
        return listed;
      },
    );

    app.put(
      "/api/admin/partners/:code/status",
      {
        schema: {
          summary: "Suspends a partner, or makes it active again",
          description:
            "SUSPENDED: the partner's storefront API, ops keys, tracking sockets, invoice links, card pages and " +
            "console answer 423 partner_suspended (with its suspendedUrls) from the next request on every " +
            "process, and its open sockets are closed with 4423. ACTIVE undoes it.",
          tags,
          security: [{ superAdminKey: [] }],
          params: z.object({ code: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) }),
          body: z.object({ status: partnerStatusSchema }),
          response: {
            200: z.object({ code: z.string(), status: partnerStatusSchema }),
            400: apiErrorSchema,
            401: apiErrorSchema,
            404: apiErrorSchema,
          },
        },
      },
      async (request) => {
        const { code } = request.params;
        const changed = await setPartnerStatus(
          services.db,
          code,
          request.body.status,
          services.catalogueInvalidations,
        );
        if (!changed) throw new AppError(404, "PartnerNotFoundException", `Unknown partner '${code}'`);
        request.log.warn(
          { partner: code, status: request.body.status },
          "partner status set by the super-admin",
        );
        return { code, status: request.body.status };
      },
    );

    const paymentsSchema = {
      tags,
      security: [{ superAdminKey: [] }],
      params: z.object({ code: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) }),
      response: {
        200: partnerPaymentsSchema,
        400: apiErrorSchema,
        401: apiErrorSchema,
        404: apiErrorSchema,
        409: apiErrorSchema,
      },
    };

    app.get(
      "/api/admin/partners/:code/payments",
      {
        schema: {
          ...paymentsSchema,
          summary:
            "The partner's card processor: its own Stripe account or the deployment's, and its cash-only cities",
        },
      },
      async (request) =>
        describePartnerPayments(services.db, services.payments, request.params.code, readerOf(request)),
    );

    app.put(
      "/api/admin/partners/:code/payments",
      {
        schema: {
          ...paymentsSchema,
          summary: "Gives the partner its own Stripe account",
          description:
            "The keys are sealed at rest with PAYMENT_KEYS_SECRET (without it: 409 NO_KEYS_SECRET) and never shown " +
            "again, only the secret key's last four characters. The partner's payments, saved cards, refunds and " +
            "webhooks (on its own host) use that account from the next call on every process within half a minute. " +
            "Its cities whose currency Stripe does not take stay cash only and are named in the answer.",
          body: partnerPaymentAccountSchema,
        },
      },
      async (request) => {
        const answer = await setPartnerStripeAccount(services.db, services.payments, {
          code: request.params.code,
          secretKey: request.body.secretKey,
          webhookSecret: request.body.webhookSecret,
          now: services.now(),
          reader: readerOf(request),
        });
        request.log.warn(
          { partner: request.params.code },
          "partner's own Stripe account set by the super-admin",
        );
        return answer;
      },
    );

    app.delete(
      "/api/admin/partners/:code/payments",
      {
        schema: { ...paymentsSchema, summary: "Takes the partner back to the deployment's card processor" },
      },
      async (request) => {
        const answer = await removePartnerStripeAccount(
          services.db,
          services.payments,
          request.params.code,
          readerOf(request),
        );
        request.log.warn(
          { partner: request.params.code },
          "partner's own Stripe account removed by the super-admin",
        );
        return answer;
      },
    );

    const pushSchema = {
      tags,
      security: [{ superAdminKey: [] }],
      params: z.object({ code: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) }),
      response: {
        200: partnerPushSchema,
        400: apiErrorSchema,
        401: apiErrorSchema,
        404: apiErrorSchema,
        409: apiErrorSchema,
        503: apiErrorSchema,
      },
    };

    app.get(
      "/api/admin/partners/:code/push",
      {
        schema: {
          ...pushSchema,
          summary:
            "How the partner's customers' phones get their pushes: its own Firebase service account or the deployment's",
        },
      },
      async (request) =>
        describePartnerPush(services.db, services.pushes, { code: request.params.code, now: services.now() }),
    );

    app.put(
      "/api/admin/partners/:code/push",
      {
        schema: {
          ...pushSchema,
          summary: "Gives the partner its own Firebase service account for native pushes (its brand's app)",
          description:
            "The JSON key file as Google gives it. The key is checked with Google (refused: 400 naming serviceAccount; " +
            "Google unreachable: 503), sealed at rest with PAYMENT_KEYS_SECRET (without it: 409 NO_KEYS_SECRET) and " +
            "never shown again. Each push then goes through the account of the project its device's app registered " +
            "with (PUT /api/customer/me/session/fcm-token's projectId): the partner's, or the deployment's for devices " +
            "of the deployment's app; every process uses it within half a minute.",
          body: partnerPushAccountSchema,
        },
      },
      async (request) => {
        const answer = await setPartnerPushAccount(services.db, services.pushes, {
          code: request.params.code,
          serviceAccount: request.body.serviceAccount,
          now: services.now(),
        });
        request.log.warn(
          { partner: request.params.code, project: answer.projectId },
          "partner's own push account set by the super-admin",
        );
        return answer;
      },
    );

    app.delete(
      "/api/admin/partners/:code/push",
      {
        schema: { ...pushSchema, summary: "Takes the partner's pushes back to the deployment's account" },
      },
      async (request) => {
        const answer = await removePartnerPushAccount(services.db, services.pushes, {
          code: request.params.code,
          now: services.now(),
        });
        request.log.warn(
          { partner: request.params.code },
          "partner's own push account removed by the super-admin",
        );
        return answer;
      },
    );

    const firebaseSchema = {
      tags,
      security: [{ superAdminKey: [] }],
      params: z.object({ code: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) }),
      response: { 200: partnerFirebaseSchema, 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema },
    };

    app.get(
      "/api/admin/partners/:code/firebase",
      {
        schema: {
          ...firebaseSchema,
          summary: "The partner's Firebase project for phone sign-in, and how each of its cities signs in",
        },
      },
      async (request) => describePartnerFirebase(services.db, request.params.code, readerOf(request)),
    );

    app.put(
      "/api/admin/partners/:code/firebase",
      {
        schema: {
          ...firebaseSchema,
          summary: "Has the customers of some of the partner's cities sign in with its Firebase project",
          description:
            "In the named cities the storefront sends and checks the sign-in code with Firebase's web SDK (the " +
            "project's Web API key and auth domain go to the storefront) and the API accepts the project's ID " +
            "tokens (POST /api/customer/auth/firebase-auth); the partner's other cities keep the API's own SMS " +
            "codes. A city the partner does not have is a 400 naming it.",
          body: partnerFirebaseChangeSchema,
        },
      },
      async (request) => {
        const answer = await setPartnerFirebase(services.db, services.catalogueInvalidations, {
          code: request.params.code,
          project: request.body,
          reader: readerOf(request),
        });
        request.log.warn(
          { partner: request.params.code },
          "partner's Firebase sign-in set by the super-admin",
        );
        return answer;
      },
    );

    app.delete(
      "/api/admin/partners/:code/firebase",
      {
        schema: {
          ...firebaseSchema,
          summary: "Takes every city of the partner back to the API's own SMS codes",
        },
      },
      async (request) => {
        const answer = await setPartnerFirebase(services.db, services.catalogueInvalidations, {
          code: request.params.code,
          project: null,
          reader: readerOf(request),
        });
        request.log.warn(
          { partner: request.params.code },
          "partner's Firebase sign-in removed by the super-admin",
        );
        return answer;
      },
    );
  };
}
