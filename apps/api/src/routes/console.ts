import {
  addressCounted,
  type Locale,
  localeFromAcceptLanguage,
  permissionsOf,
  STAFF_ACCOUNT_SLOWDOWN,
  STAFF_ADDRESS_MEMORY_SECONDS,
  STAFF_ADDRESS_SLOWDOWN,
  seesWholePartner,
} from "@storefront/domain";
import {
  apiErrorSchema,
  boardMessageSchema,
  consoleOrderActionSchema,
  consoleOrderMoveSchema,
  consoleOrderSchema,
  consoleOrdersPageSchema,
  consoleOrdersQuerySchema,
  consoleRefundSchema,
  courierAssignmentSchema,
  idParamsSchema,
  localeSchema,
  type StaffMember,
  staffMemberSchema,
  staffSignInSchema,
} from "@storefront/domain/contract";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { listLocalities } from "../catalogue/localities.ts";
import {
  assignConsoleCourier,
  type ConsoleScope,
  findConsoleOrder,
  listConsoleOrders,
  moveConsoleOrder,
  toConsoleOrders,
} from "../console/console-orders.ts";
import { refundPartOfOrder } from "../console/console-refunds.ts";
import {
  closeStaffSession,
  findStaffSession,
  openStaffSession,
  type PartnerRow,
  recordSignIn,
  type StaffRow,
  setStaffLocale,
  vendorsOfStaff,
} from "../console/staff-repository.ts";
import { checkStaffPassword } from "../console/staff-sign-in.ts";
import { sendDeliveryPhoto } from "../couriers/delivery-proofs.ts";
import type { Database } from "../db/client.ts";
import { AppError } from "../errors.ts";
import type { OrderRow } from "../orders/orders.ts";
import { assertPartnerActive } from "../plugins/partner.ts";
import { setByHook } from "../plugins/set-by-hook.ts";
import type { AppServices } from "../services.ts";
import { consoleBannerRoutes } from "./console-banners.ts";
import { consoleBrandRoutes } from "./console-brand.ts";
import { consoleCategoryRoutes } from "./console-categories.ts";
import { consoleCourierRoutes } from "./console-couriers.ts";
import { consoleLocalityRoutes } from "./console-localities.ts";
import { consoleMenuRoutes } from "./console-menus.ts";
import { consolePageRoutes } from "./console-pages.ts";
import { consolePromoCodeRoutes } from "./console-promo-codes.ts";
import { consoleReportRoutes } from "./console-reports.ts";
import { consoleErrors, consoleSecurity, consoleTags } from "./console-schemas.ts";
import { consoleStaffRoutes } from "./console-staff.ts";
import { consoleVendorRoutes } from "./console-vendors.ts";
import { isOwnPageOrigin } from "./tracking.ts";

/** The console's session cookie: its own name and path, apart from the customer's session. */
export const CONSOLE_SESSION_COOKIE = "console_session";
const COOKIE_PATH = "/api/console";

const tags = consoleTags;
const security = consoleSecurity;
const errors = consoleErrors;

interface ConsoleRequest {
  staff: StaffRow;
  partner: PartnerRow;
  scope: ConsoleScope;
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** A console route that answers without a session (signing in, setting a password). */
    consolePublic?: boolean;
  }
  interface FastifyRequest {
    /** The signed-in console member (console routes only). */
    console: ConsoleRequest;
  }
}

function browserLocaleOf(request: FastifyRequest): Locale | null {
  return localeFromAcceptLanguage(request.headers["accept-language"]);
}

/** The member as the console shows them: their vendors listed (every vendor of the partner unless vendor staff). */
async function describeMember(
  db: Database,
  request: Pick<ConsoleRequest, "staff" | "partner">,
  browserLocale: Locale | null,
): Promise<StaffMember> {
  const { staff, partner } = request;
  const locale = localeSchema.safeParse(staff.locale);
  // City names in the language the member reads the console in: their choice, else their browser's.
  const reader = locale.success ? locale.data : browserLocale;
  const wholePartner = seesWholePartner(staff.role);
  const [vendors, cities] = await Promise.all([
    vendorsOfStaff(db, staff, wholePartner, reader),
    listLocalities(db, partner.id),
  ]);
  return {
    id: staff.id,
    email: staff.email,
    name: staff.name,
    role: staff.role,
    locale: locale.success ? locale.data : null,
    partner: { code: partner.code, name: partner.name },
    vendors,
    localities: cities
      .filter((city) => wholePartner || vendors.some((vendor) => vendor.localityCode === city.code))
      .map((city) => ({ code: city.code, names: city.name, timeZone: city.timeZone })),
    permissions: [...permissionsOf(staff.role)],
  };
}

/**
 * The partner console's API: staff sign in with e-mail and password into a session of their own
 * (an HttpOnly, SameSite=Strict cookie on /api/console), and every call is scoped to the member's
 * partner and, for vendor staff, their vendors. Outside the X-Partner-Code scope: the session names
 * the partner.
 */
export function consoleRoutes(services: AppServices): FastifyPluginAsyncZod {
  const { db } = services;
  const moveDeps = services.orderOutcome;
  const refundDeps = { db, mailer: services.mailer, now: services.now };

  /** The member's scope: only vendor staff need their vendors looked up, on every request. */
  async function loadMember(staff: StaffRow, partner: PartnerRow): Promise<ConsoleRequest> {
    const wholePartner = seesWholePartner(staff.role);
    const vendors = wholePartner ? [] : await vendorsOfStaff(db, staff, false, null);
    return {
      staff,
      partner,
      scope: {
        staffId: staff.id,
        staffName: staff.name,
        partnerId: partner.id,
        role: staff.role,
        vendorIds: wholePartner ? null : vendors.map((vendor) => vendor.id),
      },
    };
  }

  /**
   * Whether the request's host may serve this partner's console: a host recorded for a partner
   * serves that partner's staff only (another's sign in as if their e-mail were unknown there); any
   * other host (the API's own, a console served apart) serves every partner's.
   */
  async function servesHost(request: FastifyRequest, partnerCode: string): Promise<boolean> {
    const recorded = await services.partnerHosts.recordedPartnerCodeOf(request.hostname);
    return recorded === null || recorded === partnerCode;
  }

  /** The member of the request's console session, or a 401; a suspended partner's staff get its 423. */
  async function authenticate(request: FastifyRequest): Promise<ConsoleRequest> {
    const token = request.cookies[CONSOLE_SESSION_COOKIE];
    const found = token ? await findStaffSession(db, token, services.now()) : null;
    if (!found || !(await servesHost(request, found.partner.code)))
      throw new AppError(401, "UnauthorizedException", "Sign in to the console");
    assertPartnerActive(found.partner);
    return loadMember(found.staff, found.partner);
  }

  function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string | null) {
    reply.setCookie(CONSOLE_SESSION_COOKIE, token ?? "", {
      path: COOKIE_PATH,
      httpOnly: true,
      sameSite: "strict",
      secure: request.protocol === "https",
      ...(token ? {} : { maxAge: 0 }),
    });
  }

  const one = async (scope: ConsoleScope, row: OrderRow) =>
    (await toConsoleOrders(db, scope, [row], services.now()))[0] as z.infer<typeof consoleOrderSchema>;

  return async (app) => {
    app.decorateRequest("console", setByHook<ConsoleRequest>());
    app.addHook("onRequest", async (request) => {
      // Signing in and setting a password from an e-mailed link need no session.
      if (!request.routeOptions.config.consolePublic) request.console = await authenticate(request);
    });
    app.addHook("onSend", async (_request, reply, payload) => {
      reply.header("cache-control", "private, no-store");
      return payload;
    });

    await app.register(consoleBannerRoutes(services));
    await app.register(consoleBrandRoutes(services));
    await app.register(consoleCategoryRoutes(services));
    await app.register(consoleCourierRoutes(services));
    await app.register(consolePageRoutes(services));
    await app.register(consoleReportRoutes(services));
    await app.register(consoleMenuRoutes(services));
    await app.register(consoleLocalityRoutes(services));
    await app.register(consolePromoCodeRoutes(services));
    await app.register(consoleStaffRoutes(services));
    await app.register(consoleVendorRoutes(services));

    app.post(
      "/api/console/session",
      {
        config: { consolePublic: true },
        schema: {
          summary: "Signs a staff member in to the console",
          description:
            "Sets the console's session cookie. A wrong e-mail or password: 401 InvalidCredentialsException (the same for both). " +
            `After ${STAFF_ACCOUNT_SLOWDOWN.freeFailures} wrong passwords in a row each further attempt at the account waits, ${STAFF_ACCOUNT_SLOWDOWN.firstWaitSeconds} s at first, doubling up to ${STAFF_ACCOUNT_SLOWDOWN.maxWaitSeconds / 60} min: 429 AccountLockedException with Retry-After, even for the right password. ` +
            "A right password, once checked, starts the count over; a new password set from the e-mailed reset link (POST /api/console/password-reset) ends a wait at once. " +
            `One client address gets ${STAFF_ADDRESS_SLOWDOWN.freeFailures} failed sign-ins across every account (known or not) before its own waits of the same kind: 429 TooManyRequestsException with Retry-After; they are forgotten after ${STAFF_ADDRESS_MEMORY_SECONDS / 3600} h without one. ` +
            "Each attempt is counted before its password is checked, so parallel requests, on any process of the deployment, get no more checks than serial ones.",
          tags,
          body: staffSignInSchema,
          response: { 200: staffMemberSchema, 429: apiErrorSchema, ...errors },
        },
      },
      async (request, reply) => {
        const now = services.now();
        const { staff, partner } = await checkStaffPassword(db, {
          email: request.body.email,
          password: request.body.password,
          address: addressCounted(request.ip),
          now,
          servesPartner: (partnerCode) => servesHost(request, partnerCode),
        });
        assertPartnerActive(partner);
        await recordSignIn(db, staff.id, now);
        setSessionCookie(request, reply, await openStaffSession(db, staff.id, now));
        return describeMember(db, { staff, partner }, browserLocaleOf(request));
      },
    );

    app.delete(
      "/api/console/session",
      { schema: { summary: "Signs the member out", tags, security, response: { 204: z.null(), ...errors } } },
      async (request, reply) => {
        const token = request.cookies[CONSOLE_SESSION_COOKIE];
        if (token) await closeStaffSession(db, token);
        setSessionCookie(request, reply, null);
        return reply.status(204).send(null);
      },
    );

    app.get(
      "/api/console/me",
      {
        schema: {
          summary: "The signed-in member: role, partner, vendors, permissions",
          tags,
          security,
          response: { 200: staffMemberSchema, ...errors },
        },
      },
      async (request) => describeMember(db, request.console, browserLocaleOf(request)),
    );

    app.put(
      "/api/console/me/locale",
      {
        schema: {
          summary: "The console language the member chose (null: the browser's)",
          tags,
          security,
          body: z.object({ locale: localeSchema.nullable() }),
          response: { 200: staffMemberSchema, ...errors },
        },
      },
      async (request) => {
        await setStaffLocale(db, request.console.staff.id, request.body.locale);
        return describeMember(
          db,
          { ...request.console, staff: { ...request.console.staff, locale: request.body.locale } },
          browserLocaleOf(request),
        );
      },
    );

    app.get(
      "/api/console/orders",
      {
        schema: {
          summary: "The member's orders, newest first: filter by vendor, status (or ACTIVE) and day",
          description:
            "Vendor staff see the orders of their vendors only; an unpaid (CREATED) order only when asked for.",
          tags,
          security,
          querystring: consoleOrdersQuerySchema,
          response: { 200: consoleOrdersPageSchema, ...errors },
        },
      },
      async (request) => listConsoleOrders(db, request.console.scope, request.query, services.now()),
    );

    app.get(
      "/api/console/orders/:id",
      {
        schema: {
          summary: "One order with its customer, status history (who moved it) and the member's moves",
          tags,
          security,
          params: idParamsSchema,
          response: { 200: consoleOrderSchema, ...errors },
        },
      },
      async (request) => {
        const { scope } = request.console;
        return one(scope, await findConsoleOrder(db, scope, request.params.id));
      },
    );

    app.get(
      "/api/console/orders/:id/delivery-photo",
      {
        schema: {
          summary: "The photo the courier took of a contactless delivery at the door",
          description: "WebP; none taken: 404.",
          tags,
          security,
          params: idParamsSchema,
          response: { 200: z.any().describe("image/webp"), ...errors },
        },
      },
      async (request, reply) => {
        const { scope } = request.console;
        const row = await findConsoleOrder(db, scope, request.params.id);
        return sendDeliveryPhoto(db, row.id, reply);
      },
    );

    app.post(
      "/api/console/orders/:id/:action",
      {
        schema: {
          summary:
            "Moves an order: accept, decline, preparing, ready, on-delivery, arrived, complete, cancel",
          description:
            "Through the order status rules, as the vendor (vendor staff) or dispatch (the others); kitchen moves need " +
            "orders.kitchen, delivery moves orders.delivery. accept needs preparationMinutes, decline and cancel a reason. " +
            "A move the order's status does not allow: 400 OrderStatusTransitionException.",
          tags,
          security,
          params: idParamsSchema.extend({ action: consoleOrderActionSchema }),
          body: consoleOrderMoveSchema,
          response: { 200: consoleOrderSchema, ...errors },
        },
      },
      async (request) => {
        const { scope } = request.console;
        const moved = await moveConsoleOrder(moveDeps, {
          scope,
          orderId: request.params.id,
          action: request.params.action,
          preparationMinutes: request.body.preparationMinutes,
          reason: request.body.reason,
          now: services.now(),
        });
        return one(scope, moved);
      },
    );

    app.post(
      "/api/console/orders/:id/refunds",
      {
        schema: {
          summary:
            "Gives back part of a delivered order's online payment, with the reason the customer is told",
          description:
            "Owners and managers (orders.refund). The amount (major units) is at most what is left to refund " +
            "(the order's `refundable`); more is a 400 naming amount. The refund goes to the card processor, is " +
            "audited, shown on the customer's order page and e-mailed to them. The same requestKey again refunds " +
            "nothing more. A card processor out of reach: 503, nothing refunded.",
          tags,
          security,
          params: idParamsSchema,
          body: consoleRefundSchema,
          response: { 200: consoleOrderSchema, ...errors },
        },
      },
      async (request) => {
        const { scope, partner } = request.console;
        const reportError = (error: unknown, message: string) => request.log.error({ err: error }, message);
        const provider = await services.payments.forPartner(scope.partnerId);
        const order = await refundPartOfOrder(
          { ...refundDeps, provider, reportError },
          {
            scope,
            partner,
            orderId: request.params.id,
            ...request.body,
          },
        );
        return one(scope, order);
      },
    );

    app.post(
      "/api/console/orders/:id/courier",
      {
        schema: {
          summary: "Assigns a courier of the partner's list to a delivery order; the customer sees the name",
          tags,
          security,
          params: idParamsSchema,
          body: courierAssignmentSchema,
          response: { 200: consoleOrderSchema, ...errors },
        },
      },
      async (request) => {
        const { scope } = request.console;
        const assigned = await assignConsoleCourier(moveDeps, {
          scope,
          orderId: request.params.id,
          courierId: request.body.courierId,
          now: services.now(),
        });
        return one(scope, assigned);
      },
    );

    app.get(
      "/api/console/live",
      {
        websocket: true,
        // A page of another site may not open it with the member's cookie: the console's origins only.
        preValidation: async (request) => {
          if (!(await isOwnPageOrigin(services, request.headers.origin, services.consoleOrigins)))
            throw new AppError(403, "ForbiddenException", "The live feed is for the console's own pages");
        },
        schema: {
          summary:
            "The order board's live feed (WebSocket): ORDER_CHANGED when an order of the member's is placed or moved",
          tags,
          security,
        },
      },
      (socket, request) => {
        const { scope } = request.console;
        services.partnerSockets.add(scope.partnerId, socket);
        const subscription = services.orderEvents.subscribeBoard(scope.partnerId, (event) => {
          if (scope.vendorIds && !event.vendorIds.some((id) => scope.vendorIds?.includes(id))) return;
          const message = boardMessageSchema.parse({
            type: "ORDER_CHANGED",
            orderId: event.orderId,
            status: event.status,
            vendorIds: event.vendorIds,
          });
          socket.send(JSON.stringify(message));
        });
        socket.on("close", () => subscription.unsubscribe());
        void subscription.ready.then(() => socket.send(JSON.stringify({ type: "READY" })));
      },
    );
  };
}
