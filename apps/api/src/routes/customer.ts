import { localeFromTag } from "@storefront/domain";
import {
  apiErrorSchema,
  customerUserSchema,
  deletionAnswerSchema,
  externalLoginBodySchema,
  fcmTokenBodySchema,
  firebaseLoginBodySchema,
  loginAnswerSchema,
  loginBodySchema,
  platformHeaderSchema,
  sendPhoneConfirmationAnswerSchema,
  sendPhoneConfirmationQuerySchema,
  updateCustomerSchema,
  webPushSubscriptionSchema,
} from "@storefront/domain/contract";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireCustomer, SESSION_COOKIE, sessionTokenOf } from "../accounts/current-customer.ts";
import { verifyExternalCustomer } from "../accounts/external-sign-in.ts";
import { useExternalToken } from "../accounts/external-token-uses.ts";
import { normalizePhone } from "../accounts/phone.ts";
import { confirmPhoneCode, sendPhoneCode } from "../accounts/phone-codes.ts";
import { signOut, signOutEverywhere } from "../accounts/session-ends.ts";
import { openSession, type Platform, setPushToken, type UserRow } from "../accounts/sessions.ts";
import { scheduleDeletion, signInUser, toCustomerUser, updateUser } from "../accounts/users.ts";
import { isAllowedPushEndpoint, webPushOrNotFound } from "../accounts/web-push-sender.ts";
import {
  deleteSessionWebPushSubscription,
  saveWebPushSubscription,
} from "../accounts/web-push-subscriptions-repository.ts";
import { findLocality } from "../catalogue/localities.ts";
import { AppError } from "../errors.ts";
import type { AppServices } from "../services.ts";
import { customerErrors, customerSecurity, partnerErrors, partnerSecurity } from "./schemas.ts";
import { codeAskedBy, setSessionCookie } from "./sign-in.ts";

const authTags = ["customer: sign-in"];
const meTags = ["customer: profile"];
const withAuthErrors = customerErrors;
const security = customerSecurity;

function phoneOrError(input: string): string {
  const phone = normalizePhone(input);
  if (!phone) {
    throw new AppError(400, "ValidationException", "Invalid phone number", {
      details: [{ field: "phone", message: "is not a valid international phone number" }],
    });
  }
  return phone;
}

function platformOf(request: FastifyRequest): Platform {
  const parsed = platformHeaderSchema.safeParse(request.headers["x-platform"]);
  return parsed.success ? parsed.data : "web";
}

export function customerRoutes(services: AppServices): FastifyPluginAsyncZod {
  const { db, outbox } = services;

  /** Opens a session for the signed-in user: the web's cookie, and the token for a native client. */
  async function startSession(request: FastifyRequest, reply: FastifyReply, user: UserRow, now: Date) {
    const platform = platformOf(request);
    const { token, expiresAt } = await openSession(db, {
      partnerId: request.partner.id,
      userId: user.id,
      platform,
      now,
    });
    setSessionCookie(request, reply, { name: SESSION_COOKIE, token, expires: expiresAt });
    return { user: toCustomerUser(user), ...(platform === "web" ? {} : { token }) };
  }

  return async (app) => {
    app.post(
      "/api/customer/auth/sendPhoneConfirmation",
      {
        schema: {
          summary: "Sends a sign-in code by SMS (demo mode: to the outbox)",
          description:
            "400 PhoneConfirmationTimeLimitException when asked again within 60 s; 429 with Retry-After after too many wrong codes (the wait grows: 5 min, 30 min, 2 h) or when one phone (5 an hour, 10 a day) or one address asks too often. The answer says how many digits the code has. The SMS names the partner's platform and is written in the Accept-Language (the storefront's interface language); without one, in the language of the partner's city in the phone's country, else of its default city.",
          tags: authTags,
          security: partnerSecurity,
          querystring: sendPhoneConfirmationQuerySchema,
          response: { 200: sendPhoneConfirmationAnswerSchema, ...partnerErrors, 429: apiErrorSchema },
        },
      },
      async (request) => {
        const sent = await sendPhoneCode(db, outbox, {
          ...codeAskedBy(request, services),
          phone: phoneOrError(request.query.phone),
        });
        return { sent: true as const, ...sent };
      },
    );

    app.post(
      "/api/customer/auth/login",
      {
        schema: {
          summary: "Signs in with the phone and the SMS code; opens a session",
          description:
            "The web gets an httpOnly session cookie; a native client (X-Platform ios or android) also gets the token to send as Authorization: Bearer.",
          tags: authTags,
          security: partnerSecurity,
          body: loginBodySchema,
          response: { 200: loginAnswerSchema, ...partnerErrors },
        },
      },
      async (request, reply) => {
        const now = services.now();
        const phone = phoneOrError(request.body.phone);
        await confirmPhoneCode(db, { partnerId: request.partner.id, phone, code: request.body.token, now });
        const user = await signInUser(db, request.partner.id, phone, now);
        return startSession(request, reply, user, now);
      },
    );

    app.post(
      "/api/customer/auth/onde/login/by-token",
      {
        schema: {
          summary: "Signs in an external customer handed over by the partner in a signed token",
          description:
            "The token is a JWT signed by the partner's shared secret (HS256) with phone and optionally name, email, customerLocale, externalId, and the claims jti (a unique id) and iat; at most 5 minutes old and accepted once. Unsigned, forged, expired, too old, id-less or replayed tokens answer 401.",
          tags: authTags,
          security: partnerSecurity,
          body: externalLoginBodySchema,
          response: { 200: loginAnswerSchema, ...partnerErrors, 401: apiErrorSchema },
        },
      },
      async (request, reply) => {
        const now = services.now();
        const { customer, jti, usableUntil } = await verifyExternalCustomer(
          request.partner.settings.externalAuthSecret,
          request.body.token,
          now,
        );
        await useExternalToken(db, { partnerId: request.partner.id, jti, usableUntil, now });
        const phone = phoneOrError(customer.phone);
        let user = await signInUser(db, request.partner.id, phone, now);
        const lang = localeFromTag(customer.customerLocale);
        const fill = {
          ...(customer.name && !user.name ? { name: customer.name } : {}),
          ...(customer.email && !user.email ? { email: customer.email } : {}),
          ...(lang ? { lang } : {}),
        };
        if (Object.keys(fill).length > 0) user = await updateUser(db, user.id, fill);
        return startSession(request, reply, user, now);
      },
    );

    app.post(
      "/api/customer/auth/firebase-auth",
      {
        schema: {
          summary: "Signs in a customer whose phone Firebase confirmed",
          description:
            "For localities whose customerAuthOtpProvider is FIREBASE: the Firebase ID token of a phone sign-in, checked against Google's keys for the partner's Firebase project. Elsewhere it answers 400 FirebaseAuthDisabledException; a forged or expired token answers 401.",
          tags: authTags,
          security: partnerSecurity,
          body: firebaseLoginBodySchema,
          response: { 200: loginAnswerSchema, ...partnerErrors, 401: apiErrorSchema, 503: apiErrorSchema },
        },
      },
      async (request, reply) => {
        const now = services.now();
        const locality = await findLocality(db, request.partner.id, request.body.localityCode);
        const project = request.partner.settings.firebase;
        if (locality.params.customerAuthOtpProvider !== "FIREBASE" || !project)
          throw new AppError(
            400,
            "FirebaseAuthDisabledException",
            "Sign-in with Firebase is not used here; ask for an SMS code",
          );
        const customer = await services.firebase.verify(project.projectId, request.body.token, now);
        const user = await signInUser(db, request.partner.id, phoneOrError(customer.phone), now);
        return startSession(request, reply, user, now);
      },
    );

    app.post(
      "/api/customer/auth/logout",
      {
        schema: {
          summary: "Ends the session",
          tags: authTags,
          security,
          response: { 204: z.null().describe("signed out"), ...partnerErrors },
        },
      },
      async (request, reply) => {
        const found = await requireCustomer(db, request, services.now()).catch(() => null);
        await signOut(
          db,
          { sessionId: found?.session.id ?? null, token: sessionTokenOf(request) },
          services.catalogueInvalidations,
        );
        reply.clearCookie(SESSION_COOKIE, { path: "/" });
        return reply.status(204).send(null);
      },
    );

    app.get(
      "/api/customer/me",
      {
        schema: {
          summary: "The signed-in customer",
          tags: meTags,
          security,
          response: { 200: customerUserSchema, ...withAuthErrors },
        },
      },
      async (request) => toCustomerUser((await requireCustomer(db, request, services.now())).user),
    );

    app.patch(
      "/api/customer/me",
      {
        schema: {
          summary: "Changes the customer's name, birth date, e-mail, healthy-lifestyle option or language",
          tags: meTags,
          security,
          body: updateCustomerSchema,
          response: { 200: customerUserSchema, ...withAuthErrors },
        },
      },
      async (request) => {
        const { user } = await requireCustomer(db, request, services.now());
        return toCustomerUser(await updateUser(db, user.id, request.body));
      },
    );

    app.delete(
      "/api/customer/me",
      {
        schema: {
          summary: "Deletes the account in 30 days; signing in before then cancels it",
          tags: meTags,
          security,
          response: { 202: deletionAnswerSchema, ...withAuthErrors },
        },
      },
      async (request, reply) => {
        const now = services.now();
        const { user } = await requireCustomer(db, request, now);
        const due = await scheduleDeletion(db, user.id, now);
        await signOutEverywhere(db, user.id, services.catalogueInvalidations);
        reply.clearCookie(SESSION_COOKIE, { path: "/" });
        return reply.status(202).send({ deletionDueAt: due.toISOString() });
      },
    );

    app.put(
      "/api/customer/me/session/fcm-token",
      {
        schema: {
          summary: "Registers the push token of this session's device (header X-Platform)",
          tags: meTags,
          security,
          body: fcmTokenBodySchema,
          response: { 204: z.null(), ...withAuthErrors },
        },
      },
      async (request, reply) => {
        const { session } = await requireCustomer(db, request, services.now());
        await setPushToken(db, session.id, { ...request.body, platform: platformOf(request) });
        return reply.status(204).send(null);
      },
    );

    app.put(
      "/api/customer/me/session/web-push",
      {
        schema: {
          summary:
            "Subscribes this session's browser to web push: its order's status changes are pushed to it",
          description:
            "The browser's PushSubscription JSON. The endpoint must be on a known push service (FCM, Mozilla, Apple, Microsoft) or an origin of WEB_PUSH_ENDPOINT_ORIGINS, else 400 naming endpoint. One per session, replaced by the next; it ends with the session. 404 WebPushUnavailableException where web push is off.",
          tags: meTags,
          security,
          body: webPushSubscriptionSchema,
          response: { 204: z.null(), ...withAuthErrors },
        },
      },
      async (request, reply) => {
        const webPush = webPushOrNotFound(services.webPush);
        const { session } = await requireCustomer(db, request, services.now());
        const { endpoint, keys } = request.body;
        if (!isAllowedPushEndpoint(endpoint, webPush.endpointOrigins))
          throw new AppError(400, "ValidationException", "endpoint is not a known push service", {
            details: [{ field: "endpoint", message: "not a known push service" }],
          });
        await saveWebPushSubscription(db, { sessionId: session.id, endpoint, ...keys });
        return reply.status(204).send(null);
      },
    );

    app.delete(
      "/api/customer/me/session/web-push",
      {
        schema: {
          summary: "Ends this session's web push subscription",
          tags: meTags,
          security,
          response: { 204: z.null(), ...withAuthErrors },
        },
      },
      async (request, reply) => {
        const { session } = await requireCustomer(db, request, services.now());
        await deleteSessionWebPushSubscription(db, session.id);
        return reply.status(204).send(null);
      },
    );
  };
}
