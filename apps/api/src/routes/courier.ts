import { COURIER_STEPS, type CourierStep } from "@storefront/domain";
import {
  apiErrorSchema,
  courierAccountSchema,
  courierDeliveredSchema,
  courierJobSchema,
  courierJobsSchema,
  courierLocationSchema,
  courierLoginAnswerSchema,
  courierShiftReportSchema,
  courierShiftSchema,
  idParamsSchema,
  loginBodySchema,
  PROOF_PHOTO_MAX_CHARS,
  platformHeaderSchema,
  sendPhoneConfirmationAnswerSchema,
  sendPhoneConfirmationQuerySchema,
} from "@storefront/domain/contract";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { normalizePhone } from "../accounts/phone.ts";
import { confirmPhoneCode, sendPhoneCode } from "../accounts/phone-codes.ts";
import { findActiveCourierOfPhone } from "../couriers/courier-accounts-repository.ts";
import {
  courierJob,
  courierShiftReport,
  listCourierJobs,
  reportPosition,
  setShift,
  takeCourierStep,
  toCourierAccount,
} from "../couriers/courier-jobs.ts";
import { markNoticeSeen } from "../couriers/courier-notices-repository.ts";
import { COURIER_SESSION_COOKIE, openCourierSession, requireCourier } from "../couriers/courier-sessions.ts";
import { deleteCourierSession } from "../couriers/courier-sessions-repository.ts";
import { acceptOffer, declineOffer } from "../couriers/dispatch.ts";
import { AppError } from "../errors.ts";
import type { AppServices } from "../services.ts";
import { partnerErrors, partnerSecurity } from "./schemas.ts";
import { codeAskedBy, setSessionCookie } from "./sign-in.ts";

const authTags = ["courier: sign-in"];
const jobTags = ["courier: shift and jobs"];
const security = [...partnerSecurity, { courierSession: [] }];
const errors = { ...partnerErrors, 401: apiErrorSchema } as const;

/** The number as the console keeps a courier's (E.164), else a 400 naming `phone`. */
function courierPhone(input: string): string {
  const digits = normalizePhone(input);
  if (!digits)
    throw new AppError(400, "ValidationException", "Invalid phone number", {
      details: [{ field: "phone", message: "is not a valid international phone number" }],
    });
  return `+${digits}`;
}

/**
 * The courier app's API: the partner's couriers (its console's list) sign in with their phone and
 * an SMS code on the partner's host, go on shift, share where they are, and take the jobs given to
 * them through their steps. Every call but signing in needs the courier's session.
 */
export function courierRoutes(services: AppServices): FastifyPluginAsyncZod {
  const { db } = services;
  const deps = { ...services.orderOutcome, dispatch: services.dispatch };
  const courierOf = (request: FastifyRequest) => requireCourier(db, request, services.now());

  return async (app) => {
    app.post(
      "/api/courier/auth/sendPhoneConfirmation",
      {
        schema: {
          summary: "Sends a courier their sign-in code by SMS",
          description:
            "Only a phone of one of the partner's active couriers gets an SMS, but every number is answered alike " +
            "(and waits alike for its next code), so the answer never tells whose number it is. The limits are the " +
            "customer's: 400 PhoneConfirmationTimeLimitException within 60 s, 429 past the hourly and daily ones.",
          tags: authTags,
          security: partnerSecurity,
          querystring: sendPhoneConfirmationQuerySchema,
          response: { 200: sendPhoneConfirmationAnswerSchema, ...partnerErrors, 429: apiErrorSchema },
        },
      },
      async (request) => {
        const phone = courierPhone(request.query.phone);
        const courier = await findActiveCourierOfPhone(db, request.partner.id, phone);
        const sent = await sendPhoneCode(db, services.outbox, {
          ...codeAskedBy(request, services),
          audience: "COURIER",
          deliver: courier !== null,
          phone: phone.slice(1),
        });
        return { sent: true as const, ...sent };
      },
    );

    app.post(
      "/api/courier/auth/login",
      {
        schema: {
          summary: "Signs a courier in with their phone and the SMS code; opens their session",
          description:
            "The web app gets an httpOnly courier_session cookie; a native shell (X-Platform ios or android) also " +
            "gets the token to send as Authorization: Bearer. A courier made inactive in the console meanwhile: 403.",
          tags: authTags,
          security: partnerSecurity,
          body: loginBodySchema,
          response: { 200: courierLoginAnswerSchema, ...partnerErrors, 403: apiErrorSchema },
        },
      },
      async (request, reply) => {
        const now = services.now();
        const phone = courierPhone(request.body.phone);
        await confirmPhoneCode(db, {
          partnerId: request.partner.id,
          phone: phone.slice(1),
          code: request.body.token,
          now,
          audience: "COURIER",
        });
        const courier = await findActiveCourierOfPhone(db, request.partner.id, phone);
        if (!courier) throw new AppError(403, "ForbiddenException", "This courier account is not active");
        const { token, expiresAt } = await openCourierSession(db, {
          partnerId: request.partner.id,
          courierId: courier.id,
          now,
        });
        setSessionCookie(request, reply, { name: COURIER_SESSION_COOKIE, token, expires: expiresAt });
        const platform = platformHeaderSchema.safeParse(request.headers["x-platform"]);
        const native = platform.success && platform.data !== "web";
        return { courier: toCourierAccount(courier), ...(native ? { token } : {}) };
      },
    );

    app.post(
      "/api/courier/auth/logout",
      {
        schema: {
          summary: "Ends the courier's session",
          tags: authTags,
          security,
          response: { 204: z.null().describe("signed out"), ...partnerErrors },
        },
      },
      async (request, reply) => {
        const found = await courierOf(request).catch(() => null);
        if (found) await deleteCourierSession(db, found.session.id);
        reply.clearCookie(COURIER_SESSION_COOKIE, { path: "/" });
        return reply.status(204).send(null);
      },
    );

    app.get(
      "/api/courier/me",
      {
        schema: {
          summary: "The signed-in courier",
          tags: authTags,
          security,
          response: { 200: courierAccountSchema, ...errors },
        },
      },
      async (request) => toCourierAccount((await courierOf(request)).courier),
    );

    app.put(
      "/api/courier/me/shift",
      {
        schema: {
          summary: "Goes on shift, or off",
          description:
            "Off shift with a job under way: 409 CourierShiftException (errorCode JOBS_UNDER_WAY).",
          tags: jobTags,
          security,
          body: courierShiftSchema,
          response: { 200: courierAccountSchema, ...errors, 409: apiErrorSchema },
        },
      },
      async (request) => {
        const { courier } = await courierOf(request);
        return setShift(deps, { courier, online: request.body.online, now: services.now() });
      },
    );

    app.put(
      "/api/courier/me/location",
      {
        schema: {
          summary: "Where the courier is now",
          description:
            "While on shift (else 409 CourierShiftException, errorCode OFF_SHIFT). The customers of the courier's " +
            "jobs on their way hear it on their tracking sockets (COURIER_LOCATION_UPDATE, and the arrival window).",
          tags: jobTags,
          security,
          body: courierLocationSchema,
          response: { 204: z.null().describe("taken"), ...errors, 409: apiErrorSchema },
        },
      },
      async (request, reply) => {
        const { courier } = await courierOf(request);
        await reportPosition(deps, { courier, location: request.body, now: services.now() });
        return reply.status(204).send(null);
      },
    );

    app.get(
      "/api/courier/me/jobs",
      {
        schema: {
          summary: "The courier's offers and jobs under way",
          description:
            "A job shows the customer's phone and exact address only to its own courier. Offers come with automatic " +
            "dispatch; as yet a dispatcher gives jobs from the partner's list of couriers in the console.",
          tags: jobTags,
          security,
          response: { 200: courierJobsSchema, ...errors },
        },
      },
      async (request) => listCourierJobs(deps, (await courierOf(request)).courier, services.now()),
    );

    app.get(
      "/api/courier/me/shift-report",
      {
        schema: {
          summary: "The courier's shift in figures: the one under way, else the last",
          description:
            "Deliveries, their distance (kitchen to door), the cash taken at the doors to hand in, the delivery " +
            "fees the customers paid (the courier's earnings, as the demo pays) and the tips.",
          tags: jobTags,
          security,
          response: { 200: courierShiftReportSchema, ...errors },
        },
      },
      async (request) => courierShiftReport(deps, (await courierOf(request)).courier, services.now()),
    );

    app.post(
      "/api/courier/me/jobs/:id/:step",
      {
        schema: {
          summary: "A step of one of the courier's jobs: picked-up, arrived or delivered",
          description:
            "picked-up moves a READY order ON_DELIVERY (the customer's page then shows its hand-over code), arrived " +
            "moves it ARRIVED, delivered COMPLETED with the code the customer tells: a wrong code is 400 " +
            "InvalidHandoverCodeException naming handoverCode (a contactless order takes {photo}, a data URL of the " +
            "order at the door, instead). Another courier's order, or none: 404; a step out of order: 400 " +
            "OrderStatusTransitionException; a step already taken answers as it did (the app's offline queue sends " +
            "again). Answers the job after the step, or null once delivered.",
          tags: jobTags,
          security,
          params: idParamsSchema.extend({
            step: z.enum(Object.keys(COURIER_STEPS) as [CourierStep, ...CourierStep[]]),
          }),
          body: courierDeliveredSchema.nullish(),
          response: { 200: courierJobSchema.nullable(), ...errors, 404: apiErrorSchema },
        },
        // A phone's photo at the door, as a data URL.
        bodyLimit: PROOF_PHOTO_MAX_CHARS + 1024,
      },
      async (request) =>
        takeCourierStep(deps, {
          courier: (await courierOf(request)).courier,
          orderId: request.params.id,
          step: request.params.step,
          proof: request.body ?? null,
          now: services.now(),
        }),
    );

    app.post(
      "/api/courier/me/notices/:id/seen",
      {
        schema: {
          summary: "The courier has seen a notice of their app (a job given to another courier)",
          description: "It is not listed again. Another courier's notice, or none: 404.",
          tags: jobTags,
          security,
          params: idParamsSchema,
          response: { 204: z.null().describe("seen"), ...errors, 404: apiErrorSchema },
        },
      },
      async (request, reply) => {
        const { courier } = await courierOf(request);
        const seen = await markNoticeSeen(db, {
          courierId: courier.id,
          noticeId: request.params.id,
          at: services.now(),
        });
        if (!seen) throw new AppError(404, "NotFoundException", `Notice ${request.params.id} not found`);
        return reply.status(204).send(null);
      },
    );

    app.post(
      "/api/courier/me/jobs/:id/accept",
      {
        schema: {
          summary: "Takes an order offered by automatic dispatch",
          description:
            "The order becomes the courier's job and the customer hears who brings it (COURIER_FOUND). Taking it " +
            "again answers the job again; an offer run out is 409 CourierOfferException OFFER_EXPIRED, one withdrawn " +
            "(the dispatcher gave the order by hand) 409 OFFER_WITHDRAWN; no offer of that order to this courier: 404.",
          tags: jobTags,
          security,
          params: idParamsSchema,
          response: { 200: courierJobSchema, ...errors, 404: apiErrorSchema, 409: apiErrorSchema },
        },
      },
      async (request) => {
        const { courier } = await courierOf(request);
        const now = services.now();
        const order = await acceptOffer(deps, { courier, orderId: request.params.id, now });
        const job = await courierJob(deps, order, now);
        if (!job) throw new AppError(404, "OrderNotFoundException", `Order ${order.id} not found`);
        return job;
      },
    );

    app.post(
      "/api/courier/me/jobs/:id/decline",
      {
        schema: {
          summary: "Lets an order offered by automatic dispatch go",
          description:
            "The courier is not offered that order again; the next courier is offered it at once. Declining twice, " +
            "or an offer that ran out meanwhile, is the same 204; no offer of that order to this courier: 404.",
          tags: jobTags,
          security,
          params: idParamsSchema,
          response: { 204: z.null().describe("let go"), ...errors, 404: apiErrorSchema },
        },
      },
      async (request, reply) => {
        const { courier } = await courierOf(request);
        await declineOffer(deps, { courier, orderId: request.params.id, now: services.now() });
        return reply.status(204).send(null);
      },
    );
  };
}
