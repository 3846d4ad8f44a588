import { staffMay } from "@storefront/domain";
import {
  consoleCourierChangeSchema,
  consoleCourierDraftSchema,
  consoleCourierListedSchema,
  consoleCourierSchema,
  consoleCouriersSchema,
  consoleDispatchSettingsSchema,
  idParamsSchema,
} from "@storefront/domain/contract";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  changeCourier,
  createCourier,
  dispatchSettingsOf,
  listCouriersWithCash,
  recordCashHandedIn,
  saveDispatchSettings,
} from "../console/console-couriers.ts";
import { AppError } from "../errors.ts";
import type { AppServices } from "../services.ts";
import { auditActorOf, consoleErrors, consoleSecurity, consoleTags } from "./console-schemas.ts";

function requireCourierManager(request: FastifyRequest): void {
  if (!staffMay(request.console.staff.role, "couriers.manage"))
    throw new AppError(403, "ForbiddenException", "This role does not manage couriers");
}

/** Those who give orders to couriers: owners, managers and dispatchers. */
function requireDispatcher(request: FastifyRequest): void {
  if (!staffMay(request.console.staff.role, "orders.delivery"))
    throw new AppError(403, "ForbiddenException", "This role does not assign couriers");
}

/**
 * The partner's couriers (inside the console's routes, behind their sign-in): listed for those who
 * assign them, added, renamed, given another phone, and made inactive or active again by owners,
 * managers and dispatchers. Every change is audited.
 */
export function consoleCourierRoutes(services: AppServices): FastifyPluginAsyncZod {
  const { db } = services;
  return async (app) => {
    app.get(
      "/api/console/couriers",
      {
        schema: {
          summary: "The partner's couriers, active ones first, whether on shift, and the cash each holds",
          tags: consoleTags,
          security: consoleSecurity,
          response: { 200: consoleCouriersSchema, ...consoleErrors },
        },
      },
      async (request) => {
        requireDispatcher(request);
        return { couriers: await listCouriersWithCash(db, request.console.partner.id) };
      },
    );

    app.post(
      "/api/console/couriers",
      {
        schema: {
          summary: "Adds a courier to the partner's list, offered for orders at once",
          description:
            'The phone is kept in E.164 ("+380671234567"); an invalid number is a 400 naming `phone`, ' +
            "another courier's number a 409 CourierExistsException naming `phone`.",
          tags: consoleTags,
          security: consoleSecurity,
          body: consoleCourierDraftSchema,
          response: { 201: consoleCourierSchema, ...consoleErrors },
        },
      },
      async (request, reply) => {
        requireCourierManager(request);
        const created = await createCourier(db, {
          partnerId: request.console.partner.id,
          draft: request.body,
          actor: auditActorOf(request),
          now: services.now(),
        });
        return reply.code(201).send(created);
      },
    );

    app.patch(
      "/api/console/couriers/:id",
      {
        schema: {
          summary: "Renames a courier, gives them another phone, or makes them inactive or active again",
          description:
            "An inactive courier is offered for no new order; the orders they carry keep them. Another " +
            "partner's courier is a 404.",
          tags: consoleTags,
          security: consoleSecurity,
          params: idParamsSchema,
          body: consoleCourierChangeSchema,
          response: { 200: consoleCourierSchema, ...consoleErrors },
        },
      },
      async (request) => {
        requireCourierManager(request);
        return changeCourier(db, {
          partnerId: request.console.partner.id,
          courierId: request.params.id,
          change: request.body,
          actor: auditActorOf(request),
          now: services.now(),
        });
      },
    );

    app.post(
      "/api/console/couriers/:id/cash-handed-in",
      {
        schema: {
          summary: "The courier handed in the cash of their deliveries",
          description:
            "What they held is written to the audit log (courier.cash) and their count starts again from now. " +
            "Owners, managers and dispatchers; another partner's courier: 404.",
          tags: consoleTags,
          security: consoleSecurity,
          params: idParamsSchema,
          response: { 200: consoleCourierListedSchema, ...consoleErrors },
        },
      },
      async (request) => {
        requireCourierManager(request);
        return recordCashHandedIn(db, {
          partnerId: request.console.partner.id,
          courierId: request.params.id,
          actor: auditActorOf(request),
          now: services.now(),
        });
      },
    );

    app.get(
      "/api/console/dispatch",
      {
        schema: {
          summary: "Automatic dispatch's settings: how long a courier has to answer an offer",
          tags: consoleTags,
          security: consoleSecurity,
          response: { 200: consoleDispatchSettingsSchema, ...consoleErrors },
        },
      },
      async (request) => {
        requireDispatcher(request);
        return dispatchSettingsOf(db, request.console.partner.id);
      },
    );

    app.put(
      "/api/console/dispatch",
      {
        schema: {
          summary: "Changes how long a courier has to answer an offer (15 to 300 seconds)",
          description:
            "Owners, managers and dispatchers; audited (dispatch.settings). Offers already made keep their end. " +
            "Out of range: 400 naming `offerSeconds`.",
          tags: consoleTags,
          security: consoleSecurity,
          body: consoleDispatchSettingsSchema,
          response: { 200: consoleDispatchSettingsSchema, ...consoleErrors },
        },
      },
      async (request) => {
        requireCourierManager(request);
        return saveDispatchSettings(db, {
          partnerId: request.console.partner.id,
          settings: request.body,
          actor: auditActorOf(request),
          now: services.now(),
        });
      },
    );
  };
}
